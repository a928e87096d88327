"""Chapter 01, setup (R-SETUP-1..8): the table the chapter builds, its pictures and its two exercises.

The table: Italia, three players seated Aiko, Ben, Chloe (clockwise), seed 2. The shuffle draws the
first player (Chloe), so the order of play is Chloe, Aiko, Ben and Ben holds Praefectus Magnus.

The exercises ask about other tables, so no picture of this chapter shows their answers:
- the bonus tile of VMBRIA on the table of seed 24 (brick, food, brick: food, R-SETUP-3);
- the coins of Aiko at a four-player table where Chloe is drawn first (R-SETUP-8).
"""
from __future__ import annotations

from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from ..parts.inputs import menu
from ..render.card_text import slot_extra
from ..render.goods import storehouse_html
from ..render.markup import esc
from ..render.words import card_names
from ..screen.game_screen import SIDE_WIDTH
from .kit import Board, Outcome, TryIt, html_table, number_exercise, players_table, style, text_html
from .kit.exercise import Exercise, Verdict, right, whole_number, wrong

MAP = "italia"
SEATING = ["Aiko", "Ben", "Chloe"]   # clockwise around the table
SEED = 2

BONUS_SEED = 24                      # another table: VMBRIA shows brick, food, brick
BONUS_PROVINCE = "VMBRIA"
COINS_SEATING = ["Aiko", "Ben", "Chloe", "Dario"]
COINS_FIRST = "Chloe"
COINS_PLAYER = "Aiko"


def table() -> cc.Game:
    """The chapter's game right after setup; the shuffle also draws the first player (R-SETUP-8)."""
    return cc.new_game(MAP, SEATING, seed=SEED)


def province_goods(state: cc.GameState, province: str) -> list[tuple[str, str]]:
    """(city, good) for each city of a province, as the city tiles were turned over (R-SETUP-2)."""
    board = cc.load_map(state.map_id)
    return [(city, state.city_goods[city]) for city in board.provinces[province].cities]


def _priced(goods: list[tuple[str, str]]) -> str:
    return cc.listing([cc._("{city} {good} ({price})", city=cc.city_name(c), good=cc.good_name(g),
                            price=cc.coins_text(cc.PRICE[g])) for c, g in goods])


# --- step 1: the map by the number of players (R-SETUP-1) -----------------------------------------
def map_chooser() -> TryIt:
    """Pick a number of players: which maps may be used, and what each map is like."""
    def attempt(players: int) -> Outcome:
        maps = cc.maps_for(players)
        names = cc.listing([cc.term("map", m) for m in maps])
        text = cc.n_("With {n} player you play on {maps} (R-SETUP-1).",
                     "With {n} players you play on {maps} (R-SETUP-1).", players, maps=names)
        rows = [[cc.term("map", m), cc.listing([str(n) for n in cc.player_counts(m)]),
                 str(len(cc.load_map(m).provinces)), str(len(cc.load_map(m).cities))] for m in maps]
        table_ = html_table([cc._("Map"), cc._("Players"), cc._("Provinces"), cc._("Cities")], rows)
        return Outcome(text, extra_html=table_)
    options = [(str(n), n) for n in range(2, 6)]
    return TryIt(cc._("Number of players"), options, attempt, button=cc._("Which map?"))


# --- steps 2 and 3: city tiles and bonus tiles (R-SETUP-2, R-SETUP-3) ----------------------------
class BoardTryIt(TryIt):
    """A TryIt whose picker and answer stand in a column beside its board, laid out as the game screen's (its
    classes and CSS: the board as tall as the window, the column beside it and in view while the page scrolls,
    under it in a narrow window): a click on the board is answered next to the board, which never moves."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        assert self.board is not None, "a BoardTryIt needs board_state"
        self.board.layout = ipw.Layout(flex="1 1 480px", min_width="300px")
        self.choice.layout = ipw.Layout(width="98%")     # the whole label shown, however narrow the column
        side = ipw.VBox([self.choice, self.button, self.result],
                        layout=ipw.Layout(flex=f"0.3 1 {SIDE_WIDTH}px", min_width="300px", max_width="560px"))
        side.add_class("cc-side")
        row = ipw.HBox([self.board, side], layout=ipw.Layout(flex_flow="row wrap", width="100%"))
        row.add_class("cc-game-row")
        self.children = [style(), row, self.error_log]


def table_board() -> TryIt:
    """The board of the chapter's table after setup, and a province picker explaining its bonus tile."""
    state = table().state
    caption = cc._("Aiko, Ben and Chloe's table after setup. Each city shows the good of its city tile; each "
                   "province's bonus tile shows the most expensive good among its cities.")
    board = cc.load_map(MAP)

    def attempt(province: str) -> Outcome:
        goods = province_goods(state, province)
        bonus = state.bonus_goods[province]
        return Outcome(cc._("{province}: {cities}. The most expensive good is {good}, so the {good} bonus tile "
                            "goes on {province}, goods side up (R-SETUP-3).", province=cc.province_name(province),
                            cities=_priced(goods), good=cc.good_name(bonus)))
    provinces = [(cc.province_name(p), p) for p in sorted(board.provinces)]
    return BoardTryIt(cc._("Province"), provinces, attempt, button=cc._("Explain its bonus tile"), board_state=state,
                      board_caption=caption, pick_kind="province")


def bonus_table() -> cc.GameState:
    """The exercise's other table (seed 24): VMBRIA's cities show brick, food, brick."""
    return cc.new_game(MAP, SEATING, seed=BONUS_SEED).state


def check_bonus_tile(answer: str | None, province: str = BONUS_PROVINCE, state: cc.GameState | None = None) -> Verdict:
    """Is `answer` the good of the province's bonus tile? Explained with the goods' prices (R-SETUP-3)."""
    state = state if state is not None else bonus_table()
    goods = province_goods(state, province)
    bonus = state.bonus_goods[province]
    listed = _priced(goods)
    plain = cc.listing([cc._("{city} {good}", city=cc.city_name(c), good=cc.good_name(g)) for c, g in goods])
    name = cc.province_name(province)
    if answer is None:
        return wrong(cc._("Choose a good first."))
    if answer == bonus:
        return right(cc._("{province}'s cities show {cities}. The most expensive is {good}, so the {good} bonus tile "
                          "goes on {province}, goods side up (R-SETUP-3).", province=name, cities=listed,
                          good=cc.good_name(bonus)))
    here = [g for _, g in goods]
    if answer not in here:
        return wrong(cc._("No city of {province} shows {good}: its cities show {cities}. The bonus tile is the most "
                          "expensive good among the province's own cities (R-SETUP-3).", province=name,
                          good=cc.good_name(answer), cities=plain))
    if here.count(answer) > 1:
        return wrong(cc._("{good} is the most common good in {province}, but the count does not matter: the bonus "
                          "tile is the most expensive good among {cities} (R-SETUP-3).", good=cc.good_name(answer),
                          province=name, cities=plain))
    return wrong(cc._("{good} costs {price}, but another good of {province} costs more. The bonus tile is the most "
                      "expensive good among the province's cities (R-SETUP-3).", good=cc.good_name(answer),
                      price=cc.coins_text(cc.PRICE[answer]), province=name))


def make_bonus_exercise() -> Exercise:
    state = bonus_table()
    shown = cc.listing([cc._("{city} {good}", city=cc.city_name(c), good=cc.good_name(g))
                        for c, g in province_goods(state, BONUS_PROVINCE)])
    choice = menu(cc._("Bonus tile"), [(cc.good_name(g), g) for g in cc.GOODS], prompt=cc._("choose a good"))
    prompt = cc._("On another table, the city tiles of {province} were turned over: {cities}. Which bonus tile "
                  "goes on {province}?", province=cc.province_name(BONUS_PROVINCE), cities=shown)
    return Exercise(esc(prompt), choice, check_bonus_tile,
                    solution=lambda: check_bonus_tile(state.bonus_goods[BONUS_PROVINCE], state=state).message)


# --- steps 4 and 5: the bank, the deck and the display (R-SETUP-4, R-SETUP-5) ---------------------
def display_table() -> ipw.HTML:
    """The 7 cards of the display with the extra cost printed under each slot, and the deck."""
    state = table().state
    rows = []
    for slot, cid in enumerate(state.display, start=1):
        card = cc.card(cid)
        rows.append([str(slot), card.display_name, cc.god_name(card.god), slot_extra(slot)])
    kept = cc.decks_for(len(state.players))
    text = cc._("With 3 players the decks {decks} are used: {total} cards. 7 lie face up in the display; the "
                "other {deck} form the face-down deck that refills it.", decks=cc.listing(list(kept)),
                total=len(state.display) + state.deck_size, deck=state.deck_size)
    return ipw.HTML(text_html(text) + html_table(
        [cc._("Slot"), cc._("Card"), cc._("God"), cc._("Extra cost of the slot")], rows))


# --- steps 6 and 7: hands, houses, colonists, storehouse (R-SETUP-6, R-SETUP-7) -------------------
def storehouse() -> ipw.HTML:
    """Aiko's storehouse and hand after setup."""
    state = table().state
    aiko = state.player("Aiko")
    text = cc._("Aiko's storehouse: {goods}, and {waiting} colonists waiting; {used} of {slots} slots are used, "
                "{free} free. Her hand: {hand}.", goods=cc.goods_text(aiko.goods), waiting=aiko.waiting_total,
                used=aiko.storehouse_used, slots=cc.CONSTANTS.storehouse_slots, free=aiko.free_slots,
                hand=card_names(aiko.hand))
    return ipw.HTML(storehouse_html(aiko) + text_html(text))


# --- step 8: first player, coins, Praefectus Magnus (R-SETUP-8) ----------------------------------
def finished_table() -> ipw.VBox:
    """The table after all eight steps: the board and every player's coins, goods and colonists."""
    state = table().state
    caption = cc._("The finished table. Chloe was drawn to play first: Chloe 5 coins, Aiko 6, Ben 7; Ben plays "
                   "last and holds the Praefectus Magnus card.")
    return ipw.VBox([style(), Board(state, caption=caption), ipw.HTML(players_table(state, houses=False))])


def coins_table() -> cc.GameState:
    """The exercise's table: four players seated Aiko, Ben, Chloe, Dario; Chloe plays first."""
    return cc.new_game(MAP, COINS_SEATING, seed=SEED, first_player=COINS_FIRST).state


def check_starting_coins(answer: Any, name: str = COINS_PLAYER, state: cc.GameState | None = None) -> Verdict:
    """Is `answer` the coins `name` starts with? Explained by the order of play from the first player."""
    state = state if state is not None else coins_table()
    value = whole_number(answer, cc._("coins"))
    if isinstance(value, Verdict):
        return value
    first = cc.CONSTANTS.starting_coins[0]
    order = [p.name for p in state.players]
    coins = state.player(name).coins
    position = order.index(name) + 1
    ladder = cc.listing([cc._("{name} {coins}", name=p.name, coins=p.coins) for p in state.players])
    if value == coins:
        return right(cc._("{first} plays first, so the coins go {ladder} clockwise: {name} is player {position} "
                          "in turn order and takes {coins} (R-SETUP-8).", first=order[0], ladder=ladder, name=name,
                          position=position, coins=cc.coins_text(coins)))
    seat = COINS_SEATING.index(name)
    if value == first + seat:
        return wrong(cc._("That would be right if {seat} played first. The first player is drawn at random, here "
                          "{first}; coins go 5, 6, 7, … clockwise from the first player (R-SETUP-8).",
                          seat=COINS_SEATING[0], first=order[0]))
    return wrong(cc._("The first player ({first}) takes {coins} and each next player clockwise 1 more. Count "
                      "round the table from {first} to {name} (R-SETUP-8).", first=order[0], coins=cc.coins_text(first),
                      name=name))


def make_coins_exercise() -> Exercise:
    prompt = cc._("Another table: four players sit {seats}, clockwise, and {first} is drawn to play first. How many "
                  "coins does {name} take at setup?", seats=cc.listing(COINS_SEATING), first=COINS_FIRST,
                  name=COINS_PLAYER)
    return number_exercise(prompt, cc._("Coins"), check_starting_coins,
                           lambda: coins_table().player(COINS_PLAYER).coins)
