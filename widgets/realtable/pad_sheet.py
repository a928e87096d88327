"""What the scoring pad shows, worked out from its entries: every player's score as the engine counts it (or what
the scores still wait for), what a finished game always has and the entries lack, the house menu's cities, how far
the city tiles are, and the board as a picture. Text and HTML only: `pad.py` puts them in its widgets."""
from __future__ import annotations

from html import escape

import concordia_core as cc

from ..render import map_picture as pictures
from ..render import palette as pal
from . import tiles as tl
from .inputs import city_label, player_chip
from .pad_model import PadEntries

CELL = f"padding:2px 6px;border:1px solid {pal.RULE};vertical-align:top"


def breakdown_table(breakdown: cc.ScoreBreakdown, index: int) -> str:
    """One player's score: each god's line as the engine counted it, and the total."""
    rows = "".join(f"<tr><td style='{CELL}'>{escape(ln.label)}</td><td style='{CELL}'>{escape(ln.how)}</td>"
                   f"<td style='{CELL};text-align:right'><b>{ln.points}</b></td></tr>" for ln in breakdown.lines)
    total = escape(cc._("Total"))
    return (f"<table class='cc-pad-score' data-player='{escape(breakdown.player)}' style='border-collapse:collapse;"
            f"font-size:90%;margin:0 12px 8px 0'><caption style='text-align:left'>{player_chip(index, breakdown.player)}"
            f"</caption>{rows}<tr><th colspan='2' style='{CELL};text-align:left'>{total}</th>"
            f"<th class='cc-total' style='{CELL};text-align:right;font-size:115%'>{breakdown.total}</th></tr></table>")


def results_html(entries: PadEntries) -> str:
    """Every player's breakdown, the ranking and the tie-break in words; or what is still missing."""
    missing = entries.tiles_needed
    if missing:
        text = cc.n_("The scores appear once the cities with houses have their tiles: {n} city has no tile yet "
                     "({cities}).", "The scores appear once the cities with houses have their tiles: {n} cities "
                     "have no tile yet ({cities}).", len(missing), cities=cc.listing(cc.city_name(c) for c in missing))
        return f"<div class='cc-pad-waiting' style='color:{pal.MUTED}'><i>{escape(text)}</i></div>"
    breakdowns = entries.breakdowns()
    index = {name: i for i, name in enumerate(entries.names)}
    missing_html = "".join(f"<p class='cc-pad-missing' style='color:{pal.EMPHASIS_INK};margin:2px 0'>{escape(text)}</p>"
                           for text in still_missing(entries))
    tables = "".join(breakdown_table(b, index[b.player]) for b in breakdowns)
    totals = {b.player: b.total for b in breakdowns}
    ranking = "".join(f"<li>{escape(cc.n_('{player}: {n} point', '{player}: {n} points', totals[name], player=name))}"
                      f"</li>" for name in entries.ranking())
    ties = "".join(f"<p class='cc-tiebreak'>{escape(s)}</p>" for s in entries.tiebreak())
    heading = escape(cc._("Ranking"))
    return (f"<div class='cc-pad-results'>{missing_html}<div style='display:flex;flex-wrap:wrap'>{tables}</div>"
            f"<b>{heading}</b><ol class='cc-ranking' style='margin:2px 0'>{ranking}</ol>{ties}</div>")


def still_missing(entries: PadEntries) -> list[str]:
    """What a finished game always has and the entries do not yet: a house for every player, a house for each
    specialist a player holds to count (a house in a city of its good, R-SCORE-7), the Concordia card's holder (the
    totals are shown all the same, with these sentences above them)."""
    found = []
    lacking = entries.without_houses
    if lacking:
        found.append(cc.n_("{players} has no house entered yet: the total counts none.",
                           "{players} have no houses entered yet: their totals count none.", len(lacking),
                           players=cc.listing(lacking)))
    for name, kind in entries.specialists_without_houses:
        found.append(cc._(
            "No house in a {good} city is entered for {player}: {whose} {card} counts none ({god}, R-SCORE-7).",
            good=cc.good_name(kind.good or ""), player=name, whose=cc.possessive(name), card=kind.label,
            god=cc.god_name(kind.god)))
    if entries.concordia is None:
        found.append(cc._("Nobody has the Concordia card yet: the player who ended the game took it ({points} "
                          "points, R-END-1).", points=cc.CONSTANTS.concordia_points))
    return found


def house_options(entries: PadEntries, current: str) -> list[tuple[str, str]]:
    """The house menu's cities, province by province: each with its good (or letter), and whose houses stand
    there (the current player's offered to take away)."""
    board = cc.load_map(entries.map)
    tiles = entries.board_tiles
    options = []
    for prov in board.provinces.values():
        for city in prov.cities:
            label = city_label(entries.map, city, tiles.get(city))
            others = [p.name for p in entries.players if city in p.houses and p.name != current]
            if city in entries.player(current).houses:
                label = cc._("{label} (take away {player}'s house)", label=label, player=current)
            elif others:
                label = cc._("{label} ({note})", label=label, note=cc.listing(others))
            options.append((label, city))
    return options


def board_picture(entries: PadEntries, width: int = 520) -> str:
    """The board with the tiles known so far (letters where not) and every player's houses."""
    initials = pal.player_letters(entries.names)
    pieces: dict[str, list[pictures.Piece]] = {}
    for i, p in enumerate(entries.players):
        for city in p.houses:
            pieces.setdefault(city, []).append(pictures.Piece("house", pal.player_colour(i), initials[i]))
    return pictures.map_picture(entries.map, tiles=entries.board_tiles, pieces=pieces, width=width)


def tile_words(entries: PadEntries) -> tuple[str, str]:
    """The tile section's title and the line under it: done once every tile is in, or (with houses entered) those
    of every city with a house, which is all the scores need."""
    done = entries.tiles_done
    title = cc._("The board's city tiles: done") if done else cc._("The board's city tiles")
    lacking = tl.missing(entries.map, entries.board_tiles)
    if not lacking:
        text = cc._("✓ Every city has its tile.")
    elif done:
        text = cc.n_("✓ The cities with houses have their tiles: the scores need no more ({n} city without one "
                     "scores nothing).", "✓ The cities with houses have their tiles: the scores need no more ({n} "
                     "cities without one score nothing).", len(lacking))
    else:
        text = cc.n_("{n} city has no tile yet.", "{n} cities have no tile yet.", len(lacking))
    return title, text
