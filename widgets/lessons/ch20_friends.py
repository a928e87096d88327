"""Chapter 20: a table for friends, each on their own phone or computer (the app mode): start a table, share its
code, link or QR code, and play, each device showing its own hand only."""
from __future__ import annotations

from ..friends.launcher import friends_table as friends_table

__all__ = ["friends_table"]
