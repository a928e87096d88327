"""Every colour the views use, and only here: players (Okabe–Ito, colour-blind safe), goods, routes, provinces, the
board's marks, and the views' own colours (text, frames, notes), each named for what it marks. The stylesheets
(widgets/**/*.css) read them as CSS custom properties (`css_properties`, `stylesheet`).

Players are told apart by colour *and* by a letter, so the map still reads in grey scale or for a
colour-blind learner.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

# Okabe & Ito (2008) colour-universal-design palette, in the order of Concordia's usual player colours
# (red, blue, green, yellow, black).
OKABE_ITO: dict[str, str] = {
    "vermillion": "#D55E00", "blue": "#0072B2", "bluish_green": "#009E73", "yellow": "#F0E442",
    "black": "#000000", "orange": "#E69F00", "sky_blue": "#56B4E9", "reddish_purple": "#CC79A7",
}
# The red player's vermillion is a shade lighter than Okabe–Ito's (#D55E00): its black letter then reads
# (4.5:1) also for a protanope, who sees red darker (tests/views/test_colour_vision.py measures it).
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

# --- the views' own colours ------------------------------------------------------------------------------
# Each is named for what it marks, and is the one place its value is written: Python code uses these names, and the
# stylesheets read each one as a CSS custom property, INK as var(--cc-ink), NOTE_EDGE as var(--cc-note-edge)
# (`css_properties`, put before every stylesheet by `stylesheet`). A few keep the spelling the board's golden
# pictures hold (tests/golden/boards/: "#bbb", "#dddddd", "#222", "#333333"), so the pictures stay byte for byte.

# inks and greys (darkest first)
FOCUS_INK = "#111"          # the keyboard's ring on the board and on the cards
NAME_INK = "#1A1A1A"        # city names on the board and on the map pictures
TITLE_INK = "#212121"       # folds' and tabs' titles where JupyterLab's theme names no colour
INK = "#222222"             # text and outlines: the board's, the charts', the cards', the tooltips'
TILE_EDGE = "#222"          # the edge of a city's tile, letter side up, on a map picture
DARK_GREY = "#333333"       # a tile's letter on a map picture, a hint's reasons, a seat's ring
CAPTION_INK = "#444"        # captions under a picture, a tool's status line, slot numbers
MUTED = "#555"              # secondary text (a help line, a step's rules, a card's cost); an empty slot's outline
QUIET_INK = "#595959"       # the log's move numbers, a free storehouse slot's word (4.5:1 on its grey)
FAINT_INK = "#666"          # a note under a log entry, an empty score cell
GREY = "#999"               # frames of the cards and the player boards; the mark of no player
SILVER = "#bbb"             # frames of the board's legends; the top edge of a bought slot of the display
RULE = "#ccc"               # a table's cell borders, a picture's frame
LIGHT_GREY = "#dddddd"      # lighter rules and chart grids, the legend's pieces of no player
WHITE = "#ffffff"           # a card's face, the white edge of the keyboard's rings
REFUSED_FILL = "#f3f3f3"    # the face of a card that may not be played
FREE_SLOT = "#f5f5f5"       # a free storehouse slot

# the board's marks and labels
HIGHLIGHT = "#FFB000"       # what may be picked now
SELECTED = "#D14900"        # what is chosen
CHANGED = "#5B2A86"         # the dashed ring around what the last card play changed
PROVINCE_INK = "#4A4036"    # province names on the board
COIN_EDGE = "#6B5200"       # the edge of a bonus tile's coin side
LABEL_FILL = "#FFF8DC"      # a price or a note on the board
LABEL_EDGE = "#8A6D00"      # the edge of a label, a badge or a tooltip
TIP_FILL = "#fffdf5"        # a tooltip
CHOSEN_FILL = "#fff3e0"     # a chosen card's face

# the small map pictures and the box guide's pictures
PICTURE_MARK = "#E66100"    # what a picture points out: a ringed city, an outlined province, the first seat
PICTURE_FRAME = "#d8cfbf"   # a picture's frame
PICTURE_PROVINCE_INK = "#6A5C4A"   # province names on a picture
EMPHASIS_INK = "#8A3B00"    # a picture's bold words (the province in question, a note); a line still missing
STOREHOUSE_FILL = "#EFE6D2"
STOREHOUSE_EDGE = "#bda"
SLOT_EDGE = "#a98"          # a storehouse slot
CARD_BACK = "#8A6F4D"       # a face-down card
CARD_BACK_EDGE = "#3b2f20"
TABLE_FILL = "#C9B48A"      # the table the players sit around
TABLE_EDGE = "#7a6440"

# the gods, as the cards name them (a card's top edge and its god's name)
GOD_COLOURS: dict[str, str] = {"vesta": "#8a6508", "jupiter": "#6a1b9a", "saturnus": "#1565c0",
                               "mercurius": "#b45309", "mars": "#c62828", "minerva": "#2e7d32"}

# what a box or a word says (ipywidgets' coloured buttons darkened until their white text reads, 4.5:1)
PRIMARY = GOD_COLOURS["saturnus"]     # the button to press next
SUCCESS = GOD_COLOURS["minerva"]      # a button that goes on; a player to move; a game won, a puzzle solved
INFO = "#00727f"                      # a hint's button
WARNING = GOD_COLOURS["mercurius"]    # a button to think twice about; a player who must choose
DANGER = GOD_COLOURS["mars"]          # a button that throws away; an error
NOTICE = GOD_COLOURS["jupiter"]       # the hints' and the table's notices; a puzzle's idea
ERROR_FILL = "#ffebee"
OK_INK = "#1b5e20"                    # a file saved
QUESTION_INK = "#8a4b00"              # a question before a file is replaced
RIGHT = "#1b7837"                     # an exercise answered right
WRONG = "#b2182b"                     # an exercise answered wrong, a plan the explorer cannot build
NOTE_EDGE = SEA_COLOUR                # the tutor's notes, a solution, the device's turn to pass
NOTE_FILL = "#eef5fb"
DONE_FILL = "#edf7ed"                 # a lesson step done, a puzzle solved
EXAMPLE_FILL = "#f4f1ea"              # an exercise's worked example
CAUTION_EDGE = "#d9a400"              # a refused move
CAUTION_FILL = "#fff8e1"              # a refused move, a puzzle not solved yet
GOLD_EDGE = "#b8860b"                 # the Praefectus Magnus, an intermediate scoring
FOCUS = "#1f4e8c"                     # the keyboard's ring on the game screen; a puzzle's task
GUIDE_FOCUS = "#e67e22"               # the control a lesson asks the learner to use now
PUZZLE_EDGE = "#90a4ae"
PUZZLE_FILL = "#f5f8fa"
TASK_FILL = "#eef5ff"                 # a puzzle's task
UNSOLVED_EDGE = "#b26a00"             # a puzzle answered, not solved
IDEA_FILL = "#f7f0fa"                 # a puzzle's idea
ANSWER_EDGE = "#0277bd"               # a puzzle's hint
ANSWER_FILL = "#e1f5fe"
WAITING_STRIPE = "#f6f6f3"            # a screen not built yet: two greys in stripes
WAITING_STRIPE_LIGHT = "#fbfbf9"


def css_properties() -> str:
    """Every colour of this module as a CSS custom property of the page's root (INK as --cc-ink): the colours the
    stylesheets read, written nowhere else."""
    names = {name: value for name, value in globals().items()
             if name.isupper() and isinstance(value, str) and value.startswith("#")}
    return ":root { " + " ".join(f"--cc-{name.lower().replace('_', '-')}: {value};" for name, value in names.items()) + " }"


def stylesheet(path: Path) -> str:
    """The CSS file at `path` after the palette's custom properties: a widget's `_css`, so that every
    `var(--cc-...)` the file reads is defined wherever the widget is shown."""
    return f"{css_properties()}\n{path.read_text(encoding='utf-8')}"


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
    return "black" if contrast(fill, OKABE_ITO["black"]) > contrast(fill, WHITE) else "white"


def player_letters(names: Sequence[str]) -> list[str]:
    """One letter per player: the initials when they are all different, else A, B, C, D, E."""
    initials = [name[:1].upper() for name in names]
    if all(initials) and len(set(initials)) == len(initials):
        return initials
    return [chr(ord("A") + i) for i in range(len(names))]


def good_colour(good: str) -> str:
    """Colour of a good (city markers, bonus tiles, storehouse slots)."""
    return GOOD_COLOURS[good]
