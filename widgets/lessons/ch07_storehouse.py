"""Chapter 07, the storehouse and its limits (R-STORE-1, R-STORE-2): the chapter's widgets and checker.

The worked example: Aiko's Prefect in VMBRIA gives her and Ben more goods than they have room for;
each chooses what to keep. The exercise: during Ben's Prefect, Aiko receives more goods than she has
free slots and must choose; the checker asks the engine and names the mistake (a slot left empty,
too many kept, a good kept that was not coming in).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from ..render.goods import storehouse_html
from . import replay
from .kit import Outcome, Stepper, TryIt, beat, goods_counts, goods_exercise, text_html
from .kit.exercise import Exercise, Verdict, right, wrong

PLAYERS = ["Aiko", "Ben"]
SEED = 7


def new_table() -> cc.Game:
    return cc.new_game("italia", PLAYERS, seed=SEED, first_player="Aiko")


def storehouses(state: cc.GameState) -> str:
    """Each player's storehouse slot by slot, and what they must choose from, if anything (HTML)."""
    parts = []
    for i, p in enumerate(state.players):
        incoming = [c.incoming for c in state.choices if c.player == i]
        line = cc._("{name}: {used} of {slots} slots used, {free} free.", name=p.name, used=p.storehouse_used,
                    slots=cc.CONSTANTS.storehouse_slots, free=p.free_slots)
        if incoming:
            line += " " + cc._("Coming in, to choose from: {goods}.", goods=cc.goods_text(incoming[0]))
        parts.append(text_html(line) + storehouse_html(p))
    return "".join(parts)


# --- twelve slots (R-STORE-1) -----------------------------------------------------------------------
def starting_storehouse() -> ipw.HTML:
    aiko = new_table().state.player("Aiko")
    text = cc._("Aiko's storehouse after setup: {goods} fill 6 slots, her 4 waiting colonists 4 more; {free} of "
                "{slots} are free.", goods=cc.goods_text(aiko.goods), free=aiko.free_slots,
                slots=cc.CONSTANTS.storehouse_slots)
    return ipw.HTML(storehouse_html(aiko) + text_html(text))


def buying_picker() -> TryIt:
    """Aiko's Mercator after selling her cloth (3 free slots): how many bricks may she buy?"""
    state = replay("italia", PLAYERS, SEED, ["play MERCATOR", "sell 1 cloth"]).state

    def attempt(n: int) -> Outcome:
        after = cc.apply(state, f"buy {n} brick")
        return Outcome(cc._("Allowed: {goods} fit, and {free} free slots are left.",
                            goods=cc.goods_text(cc.Goods({"brick": n})), free=after.player("Aiko").free_slots),
                       extra_html=storehouse_html(after.player("Aiko")))
    options = [(cc.goods_text(cc.Goods({"brick": n})), n) for n in range(1, 6)]
    intro = cc._("Aiko plays her Mercator (8 coins) and sells her cloth: 15 coins and 3 free slots. How much brick "
                 "does she buy?")
    return TryIt(cc._("Buy"), options, attempt, button=cc._("Buy"), intro=intro)


# --- too many goods (R-STORE-2): the worked example -------------------------------------------------
def overflow_game() -> cc.Game:
    """Aiko (2 free slots) is about to play a Prefect in VMBRIA, where she has houses in ANCONA (wine) and
    HADRIA (tools); Ben, with 1 free slot, has houses in ANCONA and SPOLETVM (brick)."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", houses=["ANCONA", "HADRIA"], hand=["PREFECT", "ARCHITECT", "TRIBUNE", "SENATOR"],
              discard=["MERCATOR", "PREFECT", "DIPLOMAT"])
    sc.player("Ben", houses=["ANCONA", "SPOLETVM"], goods={"brick": 2, "food": 2, "tools": 1, "wine": 1, "cloth": 1})
    sc.to_move("Aiko")
    return sc.game()


def worked_example() -> Stepper:
    beats = [
        beat(["play PREFECT", "produce VMBRIA"], cc._(
            "Aiko plays a Prefect and makes VMBRIA produce: her bonus is 1 wine, her houses make 1 wine and 1 tools, "
            "Ben's make 1 wine and 1 brick. Aiko has room for 2 of her 3 goods, Ben for 1 of his 2. The card's "
            "action is over, but the turn is not: each must first choose, Aiko first.")),
        beat("keep 1 wine", cc._("Aiko may not keep only 1 wine: that would leave a slot empty on purpose "
                                 "(R-STORE-2)."), refused=True),
        beat("keep 1 wine 1 cloth", cc._("Nor may she keep the cloth already in her storehouse instead of a new "
                                         "good: goods in the storehouse are never swapped or thrown away "
                                         "(R-STORE-2)."), refused=True),
        beat("keep 1 wine 1 tools", cc._("She keeps 1 wine and 1 tools: both her free slots are filled. Now Ben "
                                         "chooses, although it is Aiko's turn: the choice belongs to whoever "
                                         "receives the goods.")),
        beat("keep 1 brick", cc._("Ben keeps 1 brick. Both storehouses are full, nothing stored was thrown away, and "
                                  "only now does the turn pass to Ben.")),
    ]
    intro = cc._("A position set up by hand: Aiko has houses in ANCONA (wine) and HADRIA (tools), both in VMBRIA, "
                 "whose bonus tile is wine. Ben has houses in ANCONA and SPOLETVM (brick). Press Next step.")
    return Stepper(overflow_game(), beats, intro=intro, facts=storehouses)


# --- the exercise: choose what to keep --------------------------------------------------------------
def keep_exercise_game() -> cc.Game:
    """Ben (Praefectus Magnus) has played his Prefect in SICILIA; Aiko, with houses in all three Sicilian
    cities and 2 free slots, must choose what to keep (she is the one to act)."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", houses=["MESSANA", "PANORMVS", "SYRACVSAE"])
    sc.player("Ben", houses=["PANORMVS"], goods={"food": 1, "wine": 1})
    sc.praefectus_magnus("Ben").to_move("Ben")
    game = sc.game()
    game.play("play PREFECT")
    game.play("produce SICILIA")
    return game


def choice_facts(state: cc.GameState) -> tuple[str, cc.Goods, int, int]:
    """(who chooses, incoming goods, free slots, how many must be kept) for the first pending choice."""
    choice = state.choices[0]
    p = state.players[choice.player]
    return p.name, choice.incoming, p.free_slots, min(p.free_slots, choice.incoming.total())


def check_keep(answer: Mapping[str, Any] | cc.Goods) -> Verdict:
    """Judge a keep choice (good -> how many) for the exercise position (R-STORE-2)."""
    state = keep_exercise_game().state
    who, incoming, free, need = choice_facts(state)
    try:
        counts = goods_counts(answer)
    except (TypeError, ValueError):
        return wrong(cc._("Give a whole number (0 or more) for each good."))
    coming = cc.goods_text(incoming)
    if any(n < 0 for n in counts.values()):
        return wrong(cc._("A number of goods cannot be negative: choose how many of each incoming good go into the "
                          "storehouse (0 or more)."))
    for good, n in counts.items():
        if n > incoming[good]:
            if incoming[good] == 0:
                return wrong(cc._("No {good} is coming in (coming in: {incoming}). {who} chooses only among the "
                                  "goods coming in; goods already in the storehouse stay, and nothing is swapped or "
                                  "thrown away to make room (R-STORE-2).", good=cc.good_name(good), incoming=coming,
                                  who=who))
            return wrong(cc._("Only {n} is coming in (coming in: {incoming}); you chose {chosen}. {who} chooses among "
                              "the goods coming in (R-STORE-2).", n=cc.goods_count(good, incoming[good]),
                              incoming=coming, chosen=cc.goods_count(good, n), who=who))
    kept = sum(counts.values())
    if kept < need:
        return wrong(cc.n_("You kept {n} good, so a free slot would stay empty. {who} has {free} free slots and must "
                           "fill every one; a slot may not be left empty on purpose (R-STORE-2).",
                           "You kept {n} goods, so a free slot would stay empty. {who} has {free} free slots and must "
                           "fill every one; a slot may not be left empty on purpose (R-STORE-2).", kept, who=who,
                           free=free))
    if kept > need:
        return wrong(cc._("You kept {kept} goods, but {who} has only {free} free slots (R-STORE-1: each good and each "
                          "waiting colonist fills one of the 12 slots). Keep exactly as many as fit.", kept=kept,
                          who=who, free=free))
    try:
        after = cc.apply(state, cc.Keep(cc.Goods(counts)))
    except cc.IllegalAction as err:  # the engine has the last word
        return wrong(cc._("{why} ({rule})", why=err.explanation, rule=err.rule))
    p = after.player(who)
    value = cc.Goods(counts).value()
    best = max(g.value() for g in cc.keep_options(state, who, incoming))
    note = (cc._("That is also the most valuable choice for Vesta at the end (goods count at their price).")
            if value == best else
            cc._("Allowed. (Worth {value} coins at the goods' prices; another choice is worth {best}.)", value=value,
                 best=best))
    return right(cc._("{who} keeps {goods}: every slot filled ({free} free left), nothing thrown away (R-STORE-2). "
                      "{note}", who=who, goods=cc.goods_text(cc.Goods(counts)), free=p.free_slots, note=note))


def keep_solution() -> str:
    state = keep_exercise_game().state
    who, incoming, _free, _need = choice_facts(state)
    options = cc.keep_options(state, who, incoming)
    best = max(options, key=lambda g: g.value())
    return cc._("Any {n} of the incoming {incoming}: {options}. Keeping {best} is worth the most.", n=_need,
                incoming=cc.goods_text(incoming), options=cc.listing([cc.goods_text(g) for g in options]),
                best=cc.goods_text(best))


def make_keep_exercise() -> Exercise:
    """Five number boxes (one per good) and a Check button."""
    state = keep_exercise_game().state
    who, incoming, free, need = choice_facts(state)
    aiko = state.player(who)
    houses = cc.listing([cc._("{city} ({good})", city=cc.city_name(c), good=cc.good_name(state.city_goods[c]))
                         for c in aiko.houses])
    prompt = cc._("Ben, who holds the Praefectus Magnus card, makes SICILIA produce; he takes 2 cloth as his bonus. "
                  "{who} has houses in {houses}, so she receives {incoming}, but her storehouse has only {free} free "
                  "slots. She chooses. How many of each good does she keep?", who=who, houses=houses,
                  incoming=cc.goods_text(incoming), free=free)
    return goods_exercise(prompt, check_keep, keep_solution, above=[ipw.HTML(storehouse_html(aiko))])
