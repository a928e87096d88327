"""Chapter 18: the scoring pad, for a game played on cardboard (R-SCORE-1..9, R-MID-3).

`worked_example()` is a pad already filled in with the end of a two-player game on the board of
chapter 00 (Italia, seed 7); the chapter works two of its lines out by hand. `practice()` shows the end
of another game on the same board, as a picture and a list, beside an empty pad: the learner enters it
and the tutor checks the entries. `pad()` is an empty pad for the learner's own game. Each call builds its
own pad, so the cells run in any order, again and again.
"""
from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..parts.later import later as later  # a cell's heavy screen, built when the learner reaches it (app mode)
from ..realtable.pad import ScoringPad
from ..realtable.pad_model import PadEntries
from ..render import palette as pal
from .kit.exercise import Verdict, right, verdict_html, wrong

MAP = "italia"
SEED = 7
NAMES = ["Aiko", "Ben"]


def board_tiles() -> dict[str, str]:
    """The city tiles of chapter 00's table (Italia, seed 7)."""
    return dict(cc.new_game(MAP, NAMES, seed=SEED, first_player=NAMES[0]).state.city_goods)


def fresh() -> PadEntries:
    return PadEntries.new(MAP, NAMES, board_tiles())


def example_entries() -> PadEntries:
    """Aiko: six houses, a Weaver, a Farmer and a second Architect, the Concordia card; Ben: seven houses, a Smith,
    a Vintner, two Mercators, a Colonist and a Prefect."""
    e = fresh()
    for city in ("FLORENTIA", "AQVILEIA", "PANORMVS", "MVTINA", "RAVENNA", "COSA"):
        e = e.toggle_house("Aiko", city)
    for key in ("WEAVER/minerva", "FARMER/minerva", "ARCHITECT/jupiter"):
        e = e.add_card("Aiko", key)
    e = e.set_colonists("Aiko", "land", 2).set_colonists("Aiko", "sea", 2)
    e = e.set_goods("Aiko", {"wine": 2, "cloth": 1, "food": 1}).set_coins("Aiko", 14).set_concordia("Aiko")
    for city in ("NEAPOLIS", "CASINVM", "HADRIA", "ANCONA", "SPOLETVM", "BAVZANVM", "CROTON"):
        e = e.toggle_house("Ben", city)
    for key in ("SMITH/minerva", "VINTNER/minerva", "MERCATOR/mercurius", "MERCATOR/mercurius", "COLONIST/mars",
                "PREFECT/saturnus"):
        e = e.add_card("Ben", key)
    e = e.set_colonists("Ben", "land", 3)
    return e.set_goods("Ben", {"brick": 3, "tools": 2}).set_coins("Ben", 31)


def worked_example() -> ScoringPad:
    """The pad filled in with the example's end position; change anything and the scores follow."""
    pad = ScoringPad(example_entries(), allow_new_table=False, extras=False)
    pad.add_class("cc-worked-example")
    return pad


# --- practice: enter a finished game ---------------------------------------------------------------------
def practice_entries() -> PadEntries:
    """The end of the practice game (what the picture and the list show)."""
    e = fresh()
    for city in ("FLORENTIA", "AQVILEIA", "MVTINA", "COSA"):
        e = e.toggle_house("Aiko", city)
    e = e.add_card("Aiko", "WEAVER/minerva").add_card("Aiko", "ARCHITECT/jupiter")
    e = e.set_colonists("Aiko", "land", 2).set_goods("Aiko", {"wine": 2}).set_coins("Aiko", 11)
    for city in ("NEAPOLIS", "CASINVM", "ANCONA"):
        e = e.toggle_house("Ben", city)
    e = e.add_card("Ben", "SMITH/minerva").set_colonists("Ben", "sea", 2)
    return e.set_goods("Ben", {"tools": 1, "food": 1}).set_coins("Ben", 15).set_concordia("Ben")


def table_picture(entries: PadEntries) -> str:
    """The finished table as a learner sees it: the board with the houses, and what each player holds."""
    from ..render.board import board_svg
    svg = board_svg(replace(entries.state(), over=True)).replace("<svg ", "<svg style='width:100%;height:auto' ", 1)
    picture = f"<div style='width:560px;max-width:100%'>{svg}</div>"
    rows = []
    for i, p in enumerate(entries.players):
        bought = [cc.n_("{n} × {card}", "{n} × {card}", n, card=kind.label)
                  for kind in entries.kinds for n in [p.bought.get(kind.key, 0)] if n]
        held = cc._("the 7 starting cards and {bought}", bought=cc.listing(bought)) if bought else \
            cc._("the 7 starting cards")
        facts = [held,
                 cc._("on the map: {land} land and {sea} sea colonists", land=p.land, sea=p.sea),
                 cc._("storehouse: {goods}", goods=cc.goods_text(p.goods)), cc.coins_text(p.coins)]
        if entries.concordia == p.name:
            facts.append(cc._("took the Concordia card"))
        if entries.praefectus == p.name:
            facts.append(cc._("holds the Praefectus Magnus"))
        colour = pal.player_colour(i)
        items = "".join(f"<li>{escape(fact)}</li>" for fact in facts)       # one fact a line: nothing to glue
        rows.append(f"<li><b style='background:{colour};color:{pal.text_colour_on(colour)};padding:0 5px;"
                    f"border-radius:3px'>{escape(p.name)}</b><ul style='padding-left:1.2em'>{items}</ul></li>")
    return (f"<div style='display:flex;flex-wrap:wrap;gap:12px'><div style='flex:0 1 560px;min-width:0'>{picture}</div>"
            f"<ul style='max-width:420px'>{''.join(rows)}</ul></div>")


def differences(entries: PadEntries, target: PadEntries) -> list[str]:
    """What the learner's entries still get wrong, in sentences (empty when they match the table)."""
    found = []
    for mine, real in zip(entries.players, target.players, strict=True):
        who = real.name
        missing, extra = sorted(set(real.houses) - set(mine.houses)), sorted(set(mine.houses) - set(real.houses))
        if missing:
            found.append(cc._("{player} has houses in {cities} too", player=who,
                              cities=cc.listing(cc.city_name(c) for c in missing)))
        if extra:
            found.append(cc._("{player} has no house in {cities}", player=who,
                              cities=cc.listing(cc.city_name(c) for c in extra)))
        for kind in target.kinds:
            if mine.held(kind) != real.held(kind):
                found.append(cc.n_("{player} holds {n} {card} card of {god}", "{player} holds {n} {card} cards of {god}",
                                   real.held(kind), player=who, card=kind.label, god=cc.god_name(kind.god)))
        if (mine.land, mine.sea) != (real.land, real.sea):
            found.append(cc._("{player} has {land} land and {sea} sea colonists on the map", player=who, land=real.land,
                              sea=real.sea))
        if mine.goods != real.goods:
            found.append(cc._("{whose} storehouse holds {goods}", whose=cc.possessive(who),
                              goods=cc.goods_text(real.goods)))
        if mine.coins != real.coins:
            found.append(cc._("{player} has {coins}", player=who, coins=cc.coins_text(real.coins)))
    if entries.concordia != target.concordia:
        found.append(cc._("{player} took the Concordia card", player=target.concordia or ""))
    if entries.praefectus != target.praefectus:
        found.append(cc._("{player} holds the Praefectus Magnus", player=target.praefectus))
    return found


def check_entries(entries: PadEntries) -> Verdict:
    """Does the pad hold the practice game's end position? The scores are the engine's either way."""
    wrongs = differences(entries, practice_entries())
    if wrongs:
        return wrong(cc._("Not quite the table yet: {what}.", what=cc._("; ").join(wrongs)))
    totals = cc.listing(cc.n_("{player} {n} point", "{player} {n} points", b.total, player=b.player)
                        for b in entries.breakdowns())
    return right(cc._("Your pad matches the table: {totals}.", totals=totals))


class Practice(ipw.VBox):
    """The practice game's end as a picture and a list, an empty pad for the same board, and a check."""

    def __init__(self, **kwargs: Any) -> None:
        self.target = practice_entries()
        self.error_log = ErrorLog()
        self.pad = ScoringPad(fresh(), allow_new_table=False, extras=False)
        self.check_button = ipw.Button(description=cc._("Check my entries"), button_style="primary", icon="check")
        self.check_button.on_click(guarded(lambda _b: self.check(), self.error_log))
        self.feedback = ipw.HTML()
        heading = escape(cc._("The end of the practice game: enter it in the pad below."))
        super().__init__([ipw.HTML(f"<p><b>{heading}</b></p>{table_picture(self.target)}"), self.pad,
                          self.check_button, self.feedback, self.error_log], **kwargs)
        self.add_class("cc-practice")

    def check(self) -> Verdict:
        verdict = check_entries(self.pad.entries)
        self.feedback.value = verdict_html(verdict)
        return verdict


def practice() -> Practice:
    return Practice()


def pad() -> ScoringPad:
    """An empty pad for your own game: choose the map and the players, or load the table you saved in
    chapter 17; then the city tiles and each player's end position."""
    entries = PadEntries.new(MAP, [cc._("Player {n}", n=1), cc._("Player {n}", n=2)])
    return ScoringPad(entries)
