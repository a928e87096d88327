"""Colours shared by every view: players (Okabe–Ito, colour-blind safe), goods, routes, provinces.

Players are told apart by colour *and* by a letter, so the map still reads in grey scale or for a
colour-blind learner.
"""
from __future__ import annotations

from collections.abc import Sequence

# Okabe & Ito (2008) colour-universal-design palette, in the order of Concordia's usual player colours
# (red, blue, green, yellow, black).
OKABE_ITO: dict[str, str] = {
    "vermillion": "#D55E00", "blue": "#0072B2", "bluish_green": "#009E73", "yellow": "#F0E442",
    "black": "#000000", "orange": "#E69F00", "sky_blue": "#56B4E9", "reddish_purple": "#CC79A7",
}
# The red player's vermillion is a shade lighter than Okabe–Ito's (#D55E00): its black letter then reads
# (4.5:1) also for a protanope, who sees red darker (tests/test_colour_vision.py measures it).
PLAYER_RED = "#DE6300"
PLAYER_COLOURS: tuple[str, ...] = (
    PLAYER_RED, OKABE_ITO["blue"], OKABE_ITO["bluish_green"], OKABE_ITO["yellow"], OKABE_ITO["black"],
)

GOOD_COLOURS: dict[str, str] = {
    "brick": "#B5533C",   # fired clay
    "food": "#E3C06A",    # wheat
    "tools": "#8D99A6",   # iron
    "wine": "#6E2A5E",    # grape
    "cloth": "#4F8FC0",   # dyed cloth
}
GOOD_TEXT: dict[str, str] = {"brick": "white", "food": "black", "tools": "black", "wine": "white", "cloth": "black"}

LAND_COLOUR = "#8B5A2B"   # land routes: solid brown
SEA_COLOUR = "#1F6FB2"    # sea routes: dashed blue
COIN_COLOUR = "#E0B100"
BACKGROUND = "#F7F3EA"
ROME_COLOUR = "#7A1F1F"

PROVINCE_COLOURS: tuple[str, ...] = (
    "#F3D9C6", "#D8E8CF", "#DCD6EE", "#F6EBC0", "#CFE3EC", "#F1D3DF",
    "#E2E8C4", "#D6E0F2", "#F4DDBE", "#D3EBE2", "#EAD8F0", "#E9E1D2",
)


def player_colour(index: int) -> str:
    """Fill colour of player `index` (turn order)."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def _luminance(colour: str) -> float:
    """The relative luminance of a #RRGGBB colour (WCAG 2)."""
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two #RRGGBB colours (WCAG 2: 1 to 21; text wants 4.5)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_colour_on(fill: str) -> str:
    """Black or white, whichever contrasts more with `fill` (for letters on pieces, names on chips)."""
    if fill in ("white", "black"):
        return fill
    return "black" if contrast(fill, "#000000") > contrast(fill, "#ffffff") else "white"


def player_letters(names: Sequence[str]) -> list[str]:
    """One letter per player: the initials when they are all different, else A, B, C, D, E."""
    initials = [name[:1].upper() for name in names]
    if all(initials) and len(set(initials)) == len(initials):
        return initials
    return [chr(ord("A") + i) for i in range(len(names))]


def good_colour(good: str) -> str:
    """Colour of a good (city markers, bonus tiles, storehouse slots)."""
    return GOOD_COLOURS[good]
