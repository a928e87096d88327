"""Colour vision: the players' pieces stay told apart for a learner with a colour-vision deficiency.

Two measures, either of which suffices for a pair of players, and both are tested:
- the players' colours, seen through a simulation of protanopia, deuteranopia and tritanopia, stay far
  apart in CIELAB (CIEDE2000);
- every piece of a player on the board carries the player's letter (distinct between players), in black
  or white that reads on the piece's colour (WCAG 2: 4.5:1, the letter is small), so colour is never the
  only cue.

The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of
Color Vision Deficiency", IEEE TVCG 15(6):1291-1298, at severity 1.0 (full dichromacy); their matrices
(table on the authors' page, https://www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html)
act on linear RGB. sRGB <-> linear RGB and linear RGB -> XYZ (D65) -> CIELAB are the IEC 61966-2-1 and
CIE 15 formulas; CIEDE2000 follows Sharma, Wu & Dalal (2005), whose test pairs check it below. No colour
library is installed in the project, so the few formulas are written here (never the code under test).
"""
from __future__ import annotations

import itertools
import math
import random
import xml.etree.ElementTree as ET

import pytest

import concordia_core as cc
from widgets.render import palette as pal
from widgets.render.board import board_svg

SVG = "{http://www.w3.org/2000/svg}"
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
# Machado et al. (2009), severity 1.0, linear RGB in and out.
MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
IDENTITY: Matrix = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
# The threshold: a CIEDE2000 difference of about 1 is just noticeable side by side on large patches; the
# pieces are small (a dozen CSS px) and seldom side by side, so we ask for ten times that, a difference
# seen at a glance (about the distance between two neighbouring named colours, e.g. red and orange).
MIN_DE2000 = 10.0
MIN_LETTER_CONTRAST = 4.5  # WCAG 2 AA for normal text: the letters are 6.5 pt bold, not "large"


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _rgb(colour: str) -> tuple[float, float, float]:
    """A #RRGGBB colour (or black/white) in linear RGB, 0..1."""
    colour = {"black": "#000000", "white": "#ffffff"}.get(colour, colour).lstrip("#")
    r, g, b = (_linear(int(colour[i:i + 2], 16) / 255) for i in (0, 2, 4))
    return r, g, b


def simulate(colour: str, m: Matrix) -> tuple[float, float, float]:
    """The colour seen by a dichromat (Machado 2009 matrix `m`), linear RGB clipped to 0..1."""
    v = _rgb(colour)
    r, g, b = (min(1.0, max(0.0, sum(m[row][k] * v[k] for k in range(3)))) for row in range(3))
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB -> XYZ (D65) -> CIELAB."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def de2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    d_l, d_c = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p - h1p > 180 else h2p - h1p + 360
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))


def contrast(fg: tuple[float, float, float], bg: tuple[float, float, float]) -> float:
    """WCAG 2 contrast ratio of two linear-RGB colours."""
    def lum(c: tuple[float, float, float]) -> float:
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_colour_difference_formula_matches_sharma_test_pairs() -> None:
    # pairs 1, 7 and 34 of Sharma, Wu & Dalal (2005), table 1
    assert de2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert de2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert de2000((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514)) == pytest.approx(0.9082, abs=1e-4)
    white = lab(_rgb("#ffffff"))
    assert white == pytest.approx((100, 0, 0), abs=0.01)


def pair_distances(vision: str) -> dict[tuple[str, str], float]:
    m = MACHADO.get(vision, IDENTITY)
    return {(a, b): de2000(lab(simulate(a, m)), lab(simulate(b, m)))
            for a, b in itertools.combinations(pal.PLAYER_COLOURS, 2)}


@pytest.mark.parametrize("vision", ["normal", *MACHADO])
def test_colour_every_pair_of_player_colours_stays_apart_under_simulated_colour_blindness(vision: str) -> None:
    distances = pair_distances(vision)
    assert len(distances) == 10  # five players
    closest, value = min(distances.items(), key=lambda kv: kv[1])
    print(f"{vision}: min CIEDE2000 {value:.1f} between {closest[0]} and {closest[1]}")
    too_close = {pair: round(d, 1) for pair, d in distances.items() if d < MIN_DE2000}
    assert not too_close, f"{vision}: player colours too close (CIEDE2000 < {MIN_DE2000}): {too_close}"


def five_player_state() -> cc.GameState:
    """A 5-player Imperium game some way in: houses in cities, colonists on routes, in cities and in Rome."""
    players = ["Aiko", "Ben", "Chloe", "Dario", "Emma"]
    game = cc.new_game("imperium", players, seed=11, first_player="Aiko")
    rng = random.Random(5)
    for _ in range(400):
        if game.over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game.state


def player_pieces(svg: str) -> list[tuple[str, str, str]]:
    """(fill, letter, letter colour) of every shape filled with a player's colour: the shape and its letter
    are children of the same group."""
    root = ET.fromstring(svg)
    found = []
    for group in root.iter(f"{SVG}g"):
        kids = list(group)
        for i, el in enumerate(kids):
            if el.tag in (f"{SVG}path", f"{SVG}circle") and el.get("fill") in pal.PLAYER_COLOURS:
                text = kids[i + 1] if i + 1 < len(kids) and kids[i + 1].tag == f"{SVG}text" else ET.Element("none")
                found.append((el.get("fill", ""), text.text or "", text.get("fill", "")))
    return found


def test_colour_is_not_the_only_cue_every_piece_carries_its_players_letter_in_a_colour_that_reads() -> None:
    state = five_player_state()
    svg = board_svg(state)
    pieces = player_pieces(svg)
    letters = dict(zip(pal.PLAYER_COLOURS, pal.player_letters([p.name for p in state.players]), strict=True))
    assert list(letters.values()) == ["A", "B", "C", "D", "E"] and len(set(letters.values())) == 5
    # every house and colonist on the map, and one house per player in the key
    expected = sum(len(p.houses) + len(p.colonists) for p in state.players) + len(state.players)
    assert len(pieces) == expected
    assert {fill for fill, _, _ in pieces} == set(pal.PLAYER_COLOURS)  # all five players have pieces drawn
    assert sum(len(p.houses) for p in state.players) > 5
    for fill, letter, ink in pieces:
        assert letter == letters[fill], f"a piece of colour {fill} carries {letter!r}, not {letters[fill]!r}"
        for vision, m in [("normal", IDENTITY), *MACHADO.items()]:
            ratio = contrast(simulate(ink, m), simulate(fill, m))
            assert ratio >= MIN_LETTER_CONTRAST, f"{letter} ({ink} on {fill}) contrast {ratio:.2f} under {vision}"
