"""Matplotlib figures (the score charts, the strategy plots) as PNG bytes, drawn without pyplot."""
from __future__ import annotations

import io

from matplotlib.figure import Figure


def figure_png(fig: Figure) -> bytes:
    """PNG bytes of a figure at its own dpi (light compression: redraw speed matters more than size)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi="figure", facecolor=fig.get_facecolor(), pil_kwargs={"compress_level": 2})
    return buf.getvalue()
