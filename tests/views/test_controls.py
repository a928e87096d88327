"""Widget tests without a browser: drive every action control through `.value` and `.click()` and
check the engine state (and, for the app, the map image) changed as expected."""
from __future__ import annotations

from dataclasses import replace

import pytest

import concordia_core as cc
from widgets.parts.error_log import CALLBACK_ERRORS, ErrorLog, guarded
from widgets.screen import controls as ctl
from widgets.screen.card_display import CardDisplay
from widgets.screen.controls import ActionControls
from widgets.screen.history import HistoryView
from widgets.screen.player_board import PlayerBoard


def new_game(seed: int = 7) -> cc.Game:
    return cc.new_game("italia", ["Aiko", "Ben"], seed=seed, first_player="Aiko")


def game_at(state: cc.GameState) -> cc.Game:
    """A fresh game whose starting position is a hand-built `state`."""
    g = new_game()
    g.initial = state
    return g


class Recorder:
    """An on_change callback that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1


def play_card(controls: ActionControls, card_id: str) -> None:
    assert isinstance(controls.panel, ctl.CardPicker)
    controls.panel.card.value = card_id
    controls.panel.apply.click()
    assert controls.message.value == "", controls.message.value


# --- errors -----------------------------------------------------------------------------------------
def test_widget_guarded_records_unexpected_and_explains_illegal():
    log = ErrorLog()

    def boom() -> None:
        raise RuntimeError("boom")

    def refuse() -> None:
        raise cc.IllegalAction("R-MERC-2", "only two kinds")

    guarded(refuse, log)()
    assert CALLBACK_ERRORS == []
    assert "only two kinds" in log.messages[-1]
    assert "R-MERC-2" in log.outputs[-1]["data"]["text/html"]
    guarded(boom, log)()
    assert isinstance(CALLBACK_ERRORS.pop(), RuntimeError)
    assert "something went wrong (RuntimeError: boom)" in log.messages[-1]
    assert "Traceback" not in log.outputs[-1]["data"]["text/html"]  # never shown to a learner


# --- card picker and Mercator -----------------------------------------------------------------------
def test_widget_mercator_whole_play():
    g, changed = new_game(), Recorder()
    c = ActionControls(g, changed)
    c.panel.card.value = "MERCATOR"
    assert "Take 3 coins, then buy and sell" in c.panel.preview.value
    assert "coins 5 → 8" in c.panel.preview.value
    assert c.panel.apply.description == "Play the Mercator"
    c.panel.apply.click()
    assert changed.calls == 1
    assert g.state.player("Aiko").coins == 8
    p = c.panel
    assert isinstance(p, ctl.MercatorPanel)
    assert "0 of 2" in p.info.value
    p.good.value, p.direction.value, p.amount.value = "brick", "buy", 2
    assert "pay 6 coins" in p.preview.value
    p.apply.click()
    aiko = g.state.player("Aiko")
    assert (aiko.coins, aiko.goods["brick"]) == (2, 3)
    p = c.panel
    p.good.value, p.direction.value, p.amount.value = "cloth", "sell", 1
    p.apply.click()
    aiko = g.state.player("Aiko")
    assert (aiko.coins, aiko.goods["cloth"]) == (9, 0)
    p = c.panel
    assert "brick and cloth" in p.info.value
    assert "2 of 2" in p.info.value
    # a third kind: the engine explains, nothing changes
    before, steps = g.state, len(g.history)
    p.good.value, p.direction.value, p.amount.value = "wine", "buy", 1
    assert "not allowed" in p.preview.value
    p.apply.click()
    assert g.state is before
    assert len(g.history) == steps
    assert "R-MERC-2" in c.message.value
    assert "at most 2 kinds" in c.message.value
    c.panel.done.click()
    assert g.state.to_move == "Ben"
    assert isinstance(c.panel, ctl.CardPicker)
    assert changed.calls == 4


# --- Architect ----------------------------------------------------------------------------------------
def test_widget_architect_move_then_build_and_board_shows_payment():
    g = new_game()
    board = PlayerBoard("Aiko")
    overlays: list = []
    c = ActionControls(g, lambda: board.show(g.state), on_overlay=overlays.append)
    board.show(g.state)
    assert "Storehouse: 10/12" in board.value
    play_card(c, "ARCHITECT")
    p = c.panel
    assert isinstance(p, ctl.ArchitectPanel)
    assert "2 steps left" in p.info.value
    assert p.colonist.value is None
    p.colonist.value = ("land", "ROMA")
    assert overlays[-1] == ctl.OverlayRequest("reach", 0, "ROMA", "land", 2)
    labels = dict((v, k) for k, v in p.route.options)
    assert labels["land:COSA-ROMA"] == "land route COSA–ROMA: 1 step"
    assert p.route.value is None                      # nothing chosen for the learner
    p.route.value = "land:COSA-ROMA"
    assert "Move your land colonist ROMA → COSA (1 step)" in p.move_preview.value
    p.move.click()
    assert cc.Colonist("land", "land:COSA-ROMA") in g.state.player("Aiko").colonists
    p = c.panel
    assert "1 step left" in p.info.value
    p.city.value = "COSA"
    assert overlays[-1] == ctl.OverlayRequest("build", 0, selected="COSA")
    assert "1 food + 1 coin" in p.preview.value
    p.build.click()
    aiko = g.state.player("Aiko")
    assert "COSA" in aiko.houses
    assert aiko.coins == 4
    assert aiko.goods["food"] == 1
    assert "Storehouse: 9/12" in board.value
    assert "Coins: <b>4</b>" in board.value
    assert "Houses left: <b>14</b>" in board.value
    assert "land colonist on the land route COSA–ROMA" in board.value


def test_widget_architect_too_far_shows_engine_explanation_state_untouched():
    g = new_game()
    c = ActionControls(g)
    play_card(c, "ARCHITECT")
    p = c.panel
    p.colonist.value = ("land", "ROMA")
    far = [v for label, v in p.route.options if label.endswith(ctl.BAD)]
    assert far, "some routes are out of reach with 2 steps"
    before, steps = g.state, len(g.history)
    p.route.value = far[-1]
    p.move.click()
    assert g.state is before
    assert len(g.history) == steps
    assert "R-ARCH-3" in c.message.value
    assert c.last_refusal.rule == "R-ARCH-3"


# --- Prefect --------------------------------------------------------------------------------------------
def test_widget_prefect_produce_then_collect():
    g = new_game()
    overlays: list = []
    c = ActionControls(g, on_overlay=overlays.append)
    play_card(c, "PREFECT")
    p = c.panel
    assert isinstance(p, ctl.PrefectPanel)
    p.mode.value = "produce"
    p.province.value = "VENETIA"
    good = g.state.bonus_goods["VENETIA"]
    assert f"Aiko 1 {good}" in p.preview.value
    assert p.apply.description == "Produce"
    assert overlays[-1] == ctl.OverlayRequest("produce", 0, province="VENETIA")
    p.apply.click()
    assert g.state.player("Aiko").goods[good] == new_game().state.player("Aiko").goods[good] + 1
    assert "VENETIA" in g.state.coin_side
    assert g.state.to_move == "Ben"
    play_card(c, "PREFECT")
    p = c.panel
    tile_coins = g.state.bonus_tiles["VENETIA"].coins
    p.mode.value = "collect"
    assert f"Collect {cc.coins_text(tile_coins)}" in p.preview.value
    assert p.apply.description == "Collect"
    ben_coins = g.state.player("Ben").coins
    p.apply.click()
    assert g.state.player("Ben").coins == ben_coins + tile_coins
    assert not g.state.coin_side


# --- Senator and Consul -------------------------------------------------------------------------------
def test_widget_senator_buys_two_cards_with_wild_choice():
    g = new_game()
    display = CardDisplay()
    c = ActionControls(g, lambda: display.show(g.state))
    display.show(g.state)
    assert "slot 2 · + 1 good of your choice" in display.row.text
    assert "deck: 8 cards" in display.header.value
    assert "Every house of yours in a tools city produces 1 tools." in display.row.tips["slot:1"]
    play_card(c, "SENATOR")
    p = c.panel
    assert isinstance(p, ctl.SenatorPanel)
    assert p.title == "Senator"
    p.slot.value = 1
    assert p.wild.layout.display == "none"
    assert "1 brick + 1 tools" in p.preview.value
    p.apply.click()
    p = c.panel
    assert "bought so far: 1" in p.info.value
    p.slot.value = 2
    assert p.wild.layout.display is None
    p.wild.value = "food"
    assert "Price: 1 food + 1 wine" in p.preview.value
    p.apply.click()
    aiko = g.state.player("Aiko")
    assert {"SMITH-I", "PREFECT-I"} <= set(aiko.hand)
    assert (aiko.goods["brick"], aiko.goods["tools"], aiko.goods["wine"], aiko.goods["food"]) == (0, 0, 0, 1)
    assert g.state.to_move == "Ben"
    assert None not in g.state.display
    assert "deck: 6 cards" in display.header.value


def test_widget_consul_pays_card_cost_only():
    start = new_game().state
    start = start.with_player(0, hand=start.players[0].hand + ("CONSUL-II",))
    g = game_at(start)
    c = ActionControls(g)
    play_card(c, "CONSUL-II")
    p = c.panel
    assert p.title == "Consul"
    slot = 1 + start.display.index("MASON-I")
    p.slot.value = slot
    assert p.wild.layout.display == "none"
    assert "Price: 1 food" in p.preview.value
    p.apply.click()
    aiko = g.state.player("Aiko")
    assert "MASON-I" in aiko.hand
    assert aiko.goods["food"] == 1
    assert aiko.goods["cloth"] == 1
    assert g.state.to_move == "Ben"


# --- Diplomat ------------------------------------------------------------------------------------------
def test_widget_diplomat_copies_top_card():
    g = new_game()
    c = ActionControls(g)
    play_card(c, "MERCATOR")
    c.panel.done.click()
    play_card(c, "DIPLOMAT")
    p = c.panel
    assert isinstance(p, ctl.DiplomatPanel)
    assert "Aiko: top card Mercator" in p.target.options[1][0]
    assert p.target.value is None
    ben_coins = g.state.player("Ben").coins
    p.target.value = "Aiko"
    assert "Carry out Mercator: Take 3 coins" in p.preview.value
    p.apply.click()
    assert isinstance(c.panel, ctl.MercatorPanel)
    assert g.state.player("Ben").coins == ben_coins + 3
    c.panel.good.value, c.panel.direction.value, c.panel.amount.value = "food", "buy", 1
    c.panel.apply.click()
    c.panel.done.click()
    assert g.state.player("Ben").goods["food"] == 3
    assert g.state.to_move == "Aiko"


# --- Colonist card and Tribune ------------------------------------------------------------------------------
def colonist_game() -> tuple[cc.Game, ActionControls]:
    """Seed 3: Aiko buys the Colonist card in slot 1 with her Senator, Ben passes with a Mercator."""
    g = new_game(seed=3)
    assert g.state.display[0] == "COLONIST-I"
    c = ActionControls(g)
    play_card(c, "SENATOR")
    c.panel.slot.value = 1
    c.panel.apply.click()
    c.panel.done.click()
    play_card(c, "MERCATOR")
    c.panel.done.click()
    return g, c


def test_widget_colonist_card_place():
    g, c = colonist_game()
    play_card(c, "COLONIST-I")
    p = c.panel
    assert isinstance(p, ctl.ColonistPanel)
    p.mode.value, p.kind.value, p.city.value = "place", "land", "ROMA"
    assert "costs 1 food + 1 tools" in p.preview.value
    p.apply.click()
    aiko = g.state.player("Aiko")
    assert aiko.waiting["land"] == 1
    assert aiko.colonists.count(cc.Colonist("land", "ROMA")) == 2
    assert g.state.to_move == "Ben"   # no goods left for another colonist: the play ends


def test_widget_colonist_card_income():
    g, c = colonist_game()
    play_card(c, "COLONIST-I")
    coins = g.state.player("Aiko").coins
    c.panel.mode.value = "income"
    assert f"coins {coins} → {coins + 7}" in c.panel.preview.value
    c.panel.apply.click()
    assert g.state.player("Aiko").coins == coins + 7


def test_widget_tribune_recruit():
    g = new_game()
    c = ActionControls(g)
    play_card(c, "TRIBUNE")
    p = c.panel
    assert isinstance(p, ctl.TribunePanel)
    p.kind.value = "sea"
    p.apply.click()
    aiko = g.state.player("Aiko")
    assert aiko.waiting["sea"] == 1
    assert aiko.goods["food"] == 1
    assert aiko.goods["tools"] == 0
    assert aiko.colonists.count(cc.Colonist("sea", "ROMA")) == 2
    assert g.state.to_move == "Ben"


# --- storehouse overflow -------------------------------------------------------------------------------
def test_widget_storehouse_overflow_keep():
    start = new_game().state
    ben = start.players[1]
    # Ben: houses in two Venetia cities and one free slot; Aiko's Prefect makes Venetia produce
    start = start.with_player(1, houses=("AQVILEIA", "BAVZANVM"), goods=ben.goods + cc.Goods({"brick": 1}))
    g = game_at(start)
    c = ActionControls(g)
    play_card(c, "PREFECT")
    c.panel.mode.value, c.panel.province.value = "produce", "VENETIA"
    assert "must choose" in c.panel.preview.value
    c.panel.apply.click()
    p = c.panel
    assert isinstance(p, ctl.KeepPanel)
    assert g.state.actor == "Ben"
    assert "<b>Ben</b>: Storehouse full" in c.header.value
    assert set(p.counts) == {"wine", "cloth"}
    assert "keep exactly 1" in p.info.value
    before = g.state
    p.counts["wine"].value, p.counts["cloth"].value = 1, 1      # too many: the engine explains
    p.apply.click()
    assert g.state is before
    assert "R-STORE-2" in c.message.value
    p.counts["wine"].value = 0
    p.apply.click()
    assert g.state.player("Ben").goods["cloth"] == ben.goods["cloth"] + 1
    assert g.state.player("Ben").free_slots == 0
    assert g.state.to_move == "Ben"
    assert not g.state.choices


# --- Cancel, notation, history --------------------------------------------------------------------------
def test_widget_cancel_restores_state_before_the_card():
    g = new_game()
    c = ActionControls(g)
    play_card(c, "MERCATOR")
    p = c.panel
    p.good.value, p.direction.value, p.amount.value = "brick", "buy", 1
    p.apply.click()
    assert len(g.history) == 2
    assert c.cancel.layout.display is None
    c.cancel.click()
    assert g.state is g.initial
    assert g.history == []
    assert isinstance(c.panel, ctl.CardPicker)
    assert c.cancel.layout.display == "none"


def mercator_on_discard_pile() -> tuple[cc.Game, ActionControls]:
    """Aiko, then Ben, played a Mercator and traded nothing: Aiko's Mercator is on her discard pile, her turn."""
    g = new_game()
    c = ActionControls(g)
    for _player in ("Aiko", "Ben"):
        play_card(c, "MERCATOR")
        c.panel.done.click()
    return g, c


def test_widget_card_on_discard_pile_is_explained():
    g, c = mercator_on_discard_pile()
    before = g.state
    c.panel.card.value = "MERCATOR"
    assert "not allowed" in c.panel.preview.value
    c.panel.apply.click()
    assert g.state is before
    assert "R-TURN-2" in c.message.value


def test_widget_notation_box():
    g = new_game()
    c = ActionControls(g)
    c.notation.value = "play mercator"
    c.notation_go.click()
    assert isinstance(c.panel, ctl.MercatorPanel)
    assert c.notation.value == ""
    c.notation.value = "buy lots of brick"
    c.notation_go.click()
    assert "Cannot read that" in c.message.value
    assert c.notation.value == "buy lots of brick"


def test_widget_history_tells_the_game_and_follows_undo_and_jumps():
    g = new_game()
    changed = Recorder()
    c = ActionControls(g)
    h = HistoryView(g, changed)
    for text in ("play MERCATOR", "buy 1 brick", "done", "play PREFECT", "produce VENETIA"):
        g.play(text)
    h.show()
    good = g.initial.bonus_goods["VENETIA"]
    assert "Aiko played the Mercator: took 3 coins and bought 1 brick for 3 coins." in h.listing.value
    assert (f"Ben played the Prefect: produced in VENETIA (Ben 2 {good}). Praefectus Magnus passes to Aiko."
            in h.listing.value)
    assert h.listing.value.index("Ben played") < h.listing.value.index("Aiko played")   # latest first
    assert [label for label, _v in h.step.options] == ["before move 1: Aiko, Mercator", "before move 2: Ben, Prefect",
                                                       "now"]
    after_four = g.history[3].state
    h.undo_button.click()
    assert g.state is after_four
    assert changed.calls == 1
    assert "Ben played the Prefect." in h.listing.value                 # the log follows the undo
    assert "produced in VENETIA" not in h.listing.value
    h.step.value = 3
    h.jump.click()
    assert len(g.history) == 3
    assert "Ben played" not in h.listing.value
    assert changed.calls == 2
    c.refresh()
    assert isinstance(c.panel, ctl.CardPicker)
    h.step.value = 0
    h.jump.click()
    assert g.history == []
    assert "no moves yet" in h.listing.value
    assert h.undo_button.disabled


# --- the whole app ---------------------------------------------------------------------------------------
def test_widget_app_renders_and_map_follows_choices():
    from widgets.render.board import BuildOverlay, ReachOverlay
    from widgets.screen.game_screen import GameApp, play_tutor
    from widgets.screen.map_view import MapView

    app = GameApp(new_game())
    assert "Aiko" in app.boards[0].value
    assert "slot 7" in app.card_display.row.text
    c = app.controls
    play_card(c, "ARCHITECT")
    assert isinstance(app.map_view.overlay, BuildOverlay)            # no colonist chosen yet: the build prices
    assert "colonist:0:land:ROMA" in app.map_view.pickable
    c.panel.colonist.value = ("sea", "ROMA")
    c.panel.route.value = "sea:COSA-ROMA"
    c.panel.move.click()
    assert "sea colonist on the sea route COSA–ROMA" in app.boards[0].value
    assert "moved your sea colonist" not in app.history.listing.value
    assert "Aiko played the Architect: moved a sea colonist ROMA → COSA (1 step)." in app.history.listing.value
    app.history.undo_button.click()
    assert isinstance(c.panel, ctl.ArchitectPanel)
    assert "2 steps left" in c.panel.info.value
    # the map follows the panel: reach overlay for the chosen colonist, then the build overlay
    assert isinstance(app.map_view, MapView)
    c.panel.colonist.value = ("land", "ROMA")
    assert isinstance(app.map_view.overlay, ReachOverlay)
    assert app.map_view.overlay.kind == "land"
    image = app.map_view.pieces_svg
    c.panel.colonist.value = ("sea", "ROMA")
    assert isinstance(app.map_view.overlay, ReachOverlay)
    assert app.map_view.overlay.kind == "sea"
    assert app.map_view.pieces_svg != image
    c.panel.colonist.value = ("land", "ROMA")
    c.panel.route.value = "land:COSA-ROMA"
    assert app.map_view.overlay.selected == "land:COSA-ROMA"
    c.panel.move.click()
    c.panel.city.value = "COSA"
    assert isinstance(app.map_view.overlay, BuildOverlay)
    assert isinstance(play_tutor("italia", ["Aiko", "Ben"], 7), GameApp)


def test_widget_card_picker_starts_with_no_card_chosen_and_a_click_chooses():
    from widgets.screen.game_screen import GameApp

    app = GameApp(new_game())
    c = app.controls
    assert isinstance(c.panel, ctl.CardPicker)
    assert c.panel.card.value is None
    assert c.panel.apply.disabled
    assert c.hand_row.selected == []
    assert "Choose a card" in c.panel.preview.value
    assert "card:ARCHITECT" in c.hand_row.pickable
    assert "Move your colonists" in c.hand_row.tips["card:ARCHITECT"]
    assert c.hand_row.pick("card:PREFECT")                    # what a click on the card does
    assert c.panel.card.value == "PREFECT"
    assert c.hand_row.selected == ["card:PREFECT"]
    assert not c.panel.apply.disabled
    assert c.panel.apply.description == "Play the Prefect"
    assert app.game.history == []                              # choosing is not playing
    c.panel.apply.click()
    assert app.game.actions == ["play PREFECT"]


def test_widget_stale_refusal_clears_after_a_legal_choice():
    _g, c = mercator_on_discard_pile()
    c.panel.card.value = "MERCATOR"                      # on the discard pile
    c.panel.apply.click()
    assert "Not allowed" in c.message.value
    c.panel.card.value = "ARCHITECT"                      # a legal choice: the old box goes
    assert c.message.value == ""
    c.panel.card.value = "MERCATOR"
    c.panel.apply.click()
    assert "R-TURN-2" in c.message.value
    c.panel.card.value = "PREFECT"
    c.panel.apply.click()
    assert c.message.value == ""


def test_widget_refusal_opens_the_rules_at_the_cited_rule():
    from widgets.screen.game_screen import GameApp

    app = GameApp(new_game())
    play_card(app.controls, "ARCHITECT")
    assert app.rules_box.selected_index is None
    assert not app.controls.attempt("build ROMA")
    assert app.rules_box.selected_index == 0
    assert app.rules.shown == ["R-ARCH-6"]
    assert "R-ARCH-6" in app.rules.results.value
    app.rules.query.value = "storehouse"
    assert len(app.rules.shown) > 1
    assert all("R-" in r for r in app.rules.shown)


def test_widget_senator_buys_by_clicking_the_display():
    from widgets.screen.game_screen import GameApp

    app = GameApp(new_game())
    play_card(app.controls, "SENATOR")
    row = app.card_display.row
    assert row.pickable == [f"slot:{n}" for n in range(1, 8)]
    assert row.pick("slot:1")
    assert app.controls.panel.slot.value == 1
    assert row.selected == ["slot:1"]
    assert "Price: 1 brick + 1 tools" in app.controls.panel.preview.value
    app.controls.panel.apply.click()
    assert "SMITH-I" in app.game.state.player("Aiko").hand


def test_widget_colonist_card_places_by_clicking_a_city():
    from widgets.screen.game_screen import GameApp

    g, _c = colonist_game()
    app = GameApp(g)
    play_card(app.controls, "COLONIST-I")
    assert "city:ROMA" in app.map_view.pickable
    assert app.map_view.pick("city", "ROMA")
    assert g.actions[-1] == "place land ROMA"


def test_widget_states_are_not_mutated_by_previews():
    g = new_game()
    c = ActionControls(g)
    initial = g.state
    for cid in dict.fromkeys(initial.players[0].hand):
        c.panel.card.value = cid
    assert g.state is initial
    assert replace(initial) == initial
    assert g.history == []


@pytest.mark.parametrize("map_name, players, seed", [("italia", ["A", "B", "C"], 1),
                                                     ("imperium", ["A", "B", "C", "D"], 2)])
def test_widget_controls_follow_a_random_game(map_name, players, seed):
    """Every phase a seeded random game reaches gets a panel whose preview and refresh work."""
    import random

    g = cc.new_game(map_name, players, seed)
    c = ActionControls(g)
    rng = random.Random(seed)
    seen = set()
    for _ in range(150):
        seen.add(type(c.panel).__name__)
        assert c.attempt(rng.choice(g.legal_actions())), c.message.value
    assert {"CardPicker", "ArchitectPanel", "PrefectPanel", "MercatorPanel", "SenatorPanel"} <= seen


def test_widget_game_over_shows_ranking():
    g = game_at(replace(new_game().state, over=True))
    c = ActionControls(g)
    assert isinstance(c.panel, ctl.GameOverPanel)
    assert "Final ranking" in c.panel.info.value
    assert c.cancel.layout.display == "none"


def test_widget_app_draws_the_score_when_its_tab_opens():
    from widgets.screen.game_screen import GameApp
    game = new_game()
    app = GameApp(game)
    app.controls.attempt(cc.parse_action("play PREFECT", game.state))
    app.controls.attempt(cc.parse_action("collect", game.state))
    assert app._scored is not game.state                  # not drawn while the tab is closed
    app.tabs.selected_index = 1
    # Aiko after a Prefect collecting nothing: Vesta (5 coins + goods worth 29)//10 = 3, Mars 2 x 2 colonists = 4
    total = 7
    assert cc.score(game.state, "Aiko").total == total
    assert app._scored is game.state
    assert f">{total}<" in app.score_view.table.value.replace("<b>", "").replace("</b>", "")


# --- defaults a learner can play, every card in sight, every refused click explained ------------------------
def test_widget_senator_pays_the_wild_with_a_good_the_player_has():
    """No brick, but food, tools, wine and cloth: a "?" slot's card is offered as payable, its "?" paid with a good
    the engine accepts (brick, which the player lacks, is marked ✗), and Buy buys it."""
    start = new_game().state
    start = start.with_player(0, goods=cc.Goods({"food": 2, "tools": 1, "wine": 1, "cloth": 1}))
    g = game_at(start)
    c = ActionControls(g)
    play_card(c, "SENATOR")
    p = c.panel
    labels = dict((v, k) for k, v in p.slot.options)
    assert not labels[2].endswith(ctl.BAD)                     # the Prefect (I): 1 wine + "?"
    p.slot.value = 2
    assert p.wild.value == "food"                              # brick first in the list, but there is none
    wild = dict((v, k) for k, v in p.wild.options)
    assert wild["brick"].endswith(ctl.BAD) and wild["wine"].endswith(ctl.BAD)   # 1 wine only, the card takes it
    assert not wild["food"].endswith(ctl.BAD)
    assert "not allowed" not in p.preview.value
    assert "✓" in p.preview.value and "Price: 1 food + 1 wine" in p.preview.value
    p.wild.value = "cloth"
    p.slot.value = 3                                           # the Mercator (I): also 1 wine + "?"; cloth still pays
    assert p.wild.value == "cloth"
    p.apply.click()
    aiko = g.state.player("Aiko")
    assert "MERCATOR-I" in aiko.hand
    assert (aiko.goods["wine"], aiko.goods["cloth"], aiko.goods["food"]) == (0, 0, 2)


def test_widget_mercator_done_makes_the_trade_the_preview_shows():
    g = new_game()
    c = ActionControls(g)
    play_card(c, "MERCATOR")                                   # 5 + 3 coins
    p = c.panel
    p.good.value, p.direction.value, p.amount.value = "brick", "buy", 2
    assert "Buy 2 brick for 6 coins" in p.preview.value and "Done makes this trade too" in p.preview.value
    p.done.click()                                             # not pressed Buy first: Done makes the trade, then ends
    aiko = g.state.player("Aiko")
    assert (aiko.coins, aiko.goods["brick"]) == (2, 3)
    assert g.actions == ["play MERCATOR", "buy 2 brick", "done"]
    assert g.state.to_move == "Ben"

    play_card(c, "MERCATOR")                                   # Ben trades two kinds, then sets up a third
    for good, direction in (("cloth", "sell"), ("brick", "buy")):
        c.panel.good.value, c.panel.direction.value, c.panel.amount.value = good, direction, 1
        c.panel.apply.click()
    p = c.panel
    p.good.value, p.direction.value, p.amount.value = "food", "sell", 1
    assert "not allowed" in p.preview.value and "Done makes this trade" not in p.preview.value
    p.done.click()                                             # refused: the play ends without it, and says why
    assert g.state.to_move == "Aiko"
    assert g.actions[-4:] == ["play MERCATOR", "sell 1 cloth", "buy 1 brick", "done"]
    assert g.state.player("Ben").goods["food"] == new_game().state.player("Ben").goods["food"]
    assert "ended without the trade set up" in c.message.value and "R-MERC-2" in c.message.value


def test_widget_hand_shows_every_card_one_tile_each():
    """Two Prefects are two tiles: the hand of 7 reads 7 cards, each tile may be clicked, and the tile clicked is
    the one drawn chosen."""
    from widgets.screen.game_screen import GameApp

    app = GameApp(new_game())
    row = app.controls.hand_row
    names = [item["name"] for item in row.items]
    assert len(names) == len(app.game.state.player("Aiko").hand) == 7
    assert names.count("Prefect") == 2
    assert row.text.count("Prefect · Saturnus") == 2
    assert len(row.pickable) == 7
    second = [item["key"] for item in row.items if item["name"] == "Prefect"][1]
    assert row.pick(second)
    assert app.controls.panel.card.value == "PREFECT"
    assert row.selected == [second]
    app.controls.panel.card.value = "MERCATOR"
    app.controls.panel.apply.click()
    kept = [item["name"] for item in app.controls.hand_view.items]   # the hand kept in sight during the play
    assert len(kept) == 6 and kept.count("Prefect") == 2


def test_widget_a_refused_click_on_a_route_says_why():
    """A click on a route with no colonist chosen: the one colonist that may stop there moves; a taken route, one
    too far, or any route once building has begun is refused with its rule next to the board, the game unchanged."""
    from widgets.screen.game_screen import GameApp

    app = GameApp(new_game())
    board, c = app.map_view, app.controls
    play_card(c, "ARCHITECT")
    assert board.pick("route", "land:COSA-ROMA")                 # Aiko's only land colonist moves there
    assert cc.Colonist("land", "land:COSA-ROMA") in app.game.state.player("Aiko").colonists
    c.panel.done.click()
    play_card(c, "ARCHITECT")                                    # Ben: 2 steps, colonists in ROMA, none chosen
    assert c.panel.colonist.value is None
    before = app.game.state
    assert board.pick("route", "land:COSA-ROMA")                 # Aiko's colonist stands there
    assert app.game.state is before
    assert "R-ARCH-4" in c.message.value and "already holds a colonist" in c.message.value
    assert board.pick("route", "land:PANORMVS-SYRACVSAE")        # 7 steps away
    assert app.game.state is before and "R-ARCH-3" in c.message.value
    assert board.pick("route", "sea:COSA-ROMA") and board.pick("route", "land:ROMA-SPOLETVM")
    assert {cc.Colonist("sea", "sea:COSA-ROMA"), cc.Colonist("land", "land:ROMA-SPOLETVM")} <= set(
        app.game.state.player("Ben").colonists)
    assert board.pick("city", "COSA")                            # building has begun: no more moves
    before = app.game.state
    assert board.pick("route", "land:CASINVM-ROMA")
    assert app.game.state is before and "R-ARCH-5" in c.message.value
