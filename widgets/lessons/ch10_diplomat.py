"""Chapter 10, the Diplomat (R-DIPL-1..3): the chapter's widgets and the exercises' checkers.

Live examples on a three-player Italia position set up by hand (Aiko, Ben, Cara; Aiko holds the
Praefectus Magnus card; Ben's top card is a bought Mercator, Cara's a Prefect). The exercises use a
five-player Imperium position, so no example shows their answers.
"""
from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as ipw

import concordia_core as cc

from ..render.goods import goods_chips
from ..render.markup import esc
from .kit import Outcome, Stepper, TryIt, beat, html_table, prefect_overlay
from .kit.exercise import Exercise, Verdict, right, wrong


def _hand_without(discard: Iterable[str], extra: Iterable[str] = ()) -> list[str]:
    """The starting hand minus the starting cards on the discard pile, plus bought cards in hand."""
    hand = list(cc.starting_hand())
    for cid in discard:
        if cid in hand:
            hand.remove(cid)
    return hand + list(extra)


def diplomat_game() -> cc.Game:
    """Italia, 3 players, seed 7: Aiko holds Praefectus Magnus and her Diplomat; Ben's top card is a bought
    Mercator, Cara's a Prefect; Aiko has a house in ANCONA (wine), Ben in HADRIA (tools)."""
    sc = cc.Scenario("italia", ["Aiko", "Ben", "Cara"], seed=7)
    piles = {"Aiko": ["MERCATOR"], "Ben": ["PREFECT", "MERCATOR-II"], "Cara": ["ARCHITECT", "PREFECT"]}
    for name, pile in piles.items():
        sc.player(name, discard=pile, hand=_hand_without(pile))
    sc.player("Aiko", houses=["ANCONA"], goods={"brick": 1, "food": 2, "cloth": 1})
    sc.player("Ben", houses=["HADRIA"])
    sc.praefectus_magnus("Aiko").to_move("Aiko")
    return sc.game()


def tops(state: cc.GameState) -> str:
    rows = [[esc(p.name), esc(cc.card(p.top_card).display_name if p.top_card else cc._("empty")), esc(p.coins),
             goods_chips(p.goods)] for p in state.players]
    line = cc._("Praefectus Magnus: {holder}.", holder=state.praefectus_magnus)
    return html_table([cc._("Player"), cc._("Top of the discard pile"), cc._("Coins"), cc._("Goods")], rows,
                      raw=True) + f"<div>{esc(line)}</div>"


# --- the worked example: copying a bought Mercator (R-DIPL-1) --------------------------------------
def worked_example() -> Stepper:
    def coins(b: cc.GameState, a: cc.GameState) -> str:
        return cc.coins_text(a.player("Aiko").coins - b.player("Aiko").coins)
    beats = [
        beat("play DIPLOMAT", cc._("Aiko plays her Diplomat. She may carry out the action of the top card of another "
                                   "player's discard pile.")),
        beat("copy Aiko", cc._("Not her own pile (R-DIPL-2)."), refused=True),
        beat("copy Ben", lambda b, a: cc._(
            "She copies Ben's Mercator, a card he bought, as if she had played that very card: it gives {coins}, not "
            "3 (R-DIPL-1, R-MERC-1). Then she may trade 2 kinds of goods.", coins=coins(b, a))),
        beat(["sell 1 cloth", "done"], cc._("She sells her cloth and stops. Her Diplomat lies on her own pile; Ben's "
                                            "Mercator stays on his. Only the action was borrowed.")),
    ]
    intro = cc._("Three players. The top cards of the discard piles: Aiko's Mercator, Ben's Mercator (a card he "
                 "bought, deck II), Cara's Prefect. Aiko is to play. Press Next step.")
    return Stepper(diplomat_game(), beats, intro=intro, facts=tops)


# --- try it: whom to copy ----------------------------------------------------------------------------
def copy_picker() -> TryIt:
    game = diplomat_game()
    game.play("play DIPLOMAT")
    state = game.state

    def attempt(name: str) -> Outcome:
        after = cc.apply(state, cc.Copy(name))
        card = cc.card(state.player(name).top_card).display_name
        if after.pending is not None and after.pending.phase == cc.Phase.PREFECT:
            return Outcome(cc._("Allowed: Aiko carries out {whose} {card}. She chooses a province to produce or "
                                "collects; she holds the Praefectus Magnus card, so a bonus would be 2 goods "
                                "(R-DIPL-3).", whose=cc.possessive(name), card=card))
        return Outcome(cc._("Allowed: Aiko carries out {whose} {card}: {coins} at once, then trading (R-DIPL-1).",
                            whose=cc.possessive(name), card=card,
                            coins=cc.coins_text(after.player("Aiko").coins - state.player("Aiko").coins)))
    return TryIt(cc._("Copy the card of"), [(p.name, p.name) for p in state.players], attempt, button=cc._("Copy"))


# --- a copied Prefect: the Praefectus Magnus is the copier's (R-DIPL-3) ------------------------------
def prefect_line() -> Stepper:
    game = diplomat_game()
    game.play("play DIPLOMAT")
    beats = [
        beat("copy Cara", cc._("This time Aiko copies Cara's Prefect. She will make VMBRIA produce: its bonus tile is "
                               "wine, Aiko has a house in ANCONA (wine) and Ben one in HADRIA (tools).")),
        beat("produce VMBRIA", lambda b, a: cc._(
            "Aiko holds the Praefectus Magnus card, so her bonus is 2 wine (R-DIPL-3, R-PREF-3). Cara, whose card was "
            "copied, receives nothing. The card then passes from Aiko to her right-hand neighbour, the player who "
            "plays just before her: {holder}.", holder=a.praefectus_magnus)),
    ]
    intro = cc._("Back to the moment after Aiko's Diplomat. Press Next step.")
    return Stepper(game, beats, intro=intro, facts=tops, overlay=prefect_overlay("VMBRIA", "Aiko"), show_board=True)


# --- the exercises: five players on Imperium ------------------------------------------------------
EXERCISE_PLAYERS = ["Aiko", "Ben", "Cara", "Dan", "Eve"]
EXERCISE_PILES = {
    "Aiko": ["PREFECT", "ARCHITECT"],
    "Ben": ["MERCATOR", "DIPLOMAT"],
    "Cara": ["MERCATOR-II", "PREFECT"],
    "Dan": ["PREFECT", "TRIBUNE"],
    "Eve": ["ARCHITECT"],
}
COPIED = "Cara"


def exercise_game() -> cc.Game:
    """Imperium, 5 players (seed 3): Aiko holds Praefectus Magnus and plays her Diplomat."""
    sc = cc.Scenario("imperium", EXERCISE_PLAYERS, seed=3)
    for name, pile in EXERCISE_PILES.items():
        sc.player(name, discard=pile, hand=_hand_without(pile))
    sc.praefectus_magnus("Aiko").to_move("Aiko")
    game = sc.game()
    game.play("play DIPLOMAT")
    return game


def copy_targets(state: cc.GameState) -> list[str]:
    """Players the Diplomat may copy now, from the engine's legal actions."""
    return cc.diplomat_targets(state)


def _why_not(state: cc.GameState, name: str) -> str:
    try:
        cc.apply(state, cc.Copy(name))
    except cc.IllegalAction as err:
        return cc._("{why} ({rule})", why=err.explanation, rule=err.rule)
    return ""


def check_targets(answer: Iterable[str] | None) -> Verdict:
    """Which players may Aiko's Diplomat copy in the exercise position? (R-DIPL-1, R-DIPL-2)"""
    state = exercise_game().state
    chosen = set(answer or ())
    allowed = set(copy_targets(state))
    for name in sorted(chosen - allowed):
        return wrong(cc._("Not {name}: {why}.", name=name, why=_why_not(state, name)))
    for name in sorted(allowed - chosen):
        top = cc.card(state.player(name).top_card).display_name
        return wrong(cc._("You left out {name}: the top card of {whose} discard pile is the {card}, neither a Diplomat "
                          "nor a Tribune, so it can be copied (R-DIPL-1, R-DIPL-2).", name=name,
                          whose=cc.possessive(name), card=top))
    return right(cc._("Only {names}: Aiko's own pile is off limits, and a Diplomat or a Tribune cannot be copied "
                      "(R-DIPL-2).", names=cc.listing(sorted(allowed))))


def pm_after_copy(state: cc.GameState) -> str:
    """Who holds Praefectus Magnus after Aiko copies COPIED's Prefect and a province produces (the engine)."""
    after = cc.apply(state, cc.Copy(COPIED))
    province = next(p for p, t in sorted(after.bonus_tiles.items()) if t.side == "goods")
    return cc.apply(after, f"produce {province}").praefectus_magnus


def check_next_holder(answer: str | None) -> Verdict:
    """Who holds Praefectus Magnus after Aiko's copied Prefect produces? (R-DIPL-3, R-PREF-3)"""
    state = exercise_game().state
    order = [p.name for p in state.players]
    holder = pm_after_copy(state)
    if answer is None:
        return wrong(cc._("Choose a player first."))
    if answer == holder:
        return right(cc._("{holder}: Aiko held the card and produced, so it passes to her right-hand neighbour, the "
                          "player who plays just before her in the order {order} (R-DIPL-3, R-PREF-3).",
                          holder=holder, order=" → ".join(order)))
    if answer == COPIED:
        return wrong(cc._("{name} only lent the card's action. The Praefectus Magnus is checked for the player who "
                          "copies, and it passes from that player (R-DIPL-3).", name=COPIED))
    if answer == "Aiko":
        return wrong(cc._("After a production the card always passes on, even when copied (R-PREF-3)."))
    if answer == order[(order.index("Aiko") + 1) % len(order)]:
        return wrong(cc._("{name} plays just after Aiko: that is her left. The card passes to the right, to the player "
                          "who plays just before her (R-PREF-3).", name=answer))
    return wrong(cc._("The card passes from Aiko to her right-hand neighbour, the player who plays just before her "
                      "(R-PREF-3). The order of play is {order}.", order=" → ".join(order)))


def make_targets_exercise() -> Exercise:
    state = exercise_game().state
    top = cc.listing([cc._("{name}: {card}", name=p.name, card=cc.card(p.top_card).display_name)
                      for p in state.players])
    choose = ipw.SelectMultiple(options=[p.name for p in state.players], description=cc._("Copy"),
                                rows=len(state.players))
    prompt = cc._("Five players on Imperium. Aiko has played her Diplomat. The top cards of the discard piles: {tops}. "
                  "Whose cards may she copy? Select all that apply (Ctrl-click or Cmd-click).", tops=top)
    return Exercise(esc(prompt), choose, check_targets,
                    solution=lambda: check_targets(copy_targets(state)).message)


def make_holder_exercise() -> Exercise:
    state = exercise_game().state
    pick = ipw.ToggleButtons(options=[p.name for p in state.players], value=None, description=cc._("Holder"))
    prompt = cc._("The same table; the order of play is {order}. Aiko holds the Praefectus Magnus card. She copies "
                  "{name}'s Prefect and makes a province produce. Who holds the Praefectus Magnus card afterwards?",
                  order=" → ".join(p.name for p in state.players), name=COPIED)
    return Exercise(esc(prompt), pick, check_next_holder,
                    solution=lambda: check_next_holder(pm_after_copy(state)).message)
