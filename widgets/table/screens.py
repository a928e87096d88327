"""What a table shows beside the game, made from a state (no rules here: the engine supplies every number):
the first-game intermediate scoring (R-MID-1 to R-MID-4) and the final screen (R-END-1, R-SCORE-9)."""
from __future__ import annotations

import concordia_core as cc

from ..render import palette as pal
from ..render.markup import esc
from ..render.score import score_table_html


def mid_scoring_html(state: cc.GameState) -> str:
    """The first-game records (R-MID-2) and, once everyone has one, the prizes explained (R-MID-3/4)."""
    if not state.first_game:
        return ""
    names = [p.name for p in state.players]
    rows = "".join("<li>" + cc._("{player}: {record}", player=esc(n), record=(
        f"<i>{esc(cc._('first Tribune not played yet'))}</i>" if r is None else
        esc(cc.n_("recorded {n} point", "recorded {n} points", r)))) + "</li>"
        for n, r in zip(names, state.mid_scores, strict=False))
    text = cc._("{title} (R-MID-1 to R-MID-4): right after a player's first Tribune they are scored as in final "
                "scoring, and the result is recorded (R-MID-2).",
                title=f"<b>{esc(cc._('First-game intermediate scoring'))}</b>") + f"<ul>{rows}</ul>"
    if state.mid_payout is not None:
        text += prize_explanation(names, [r or 0 for r in state.mid_scores], list(state.mid_payout))
    return f"<div class='cc-mid' style='border:1px solid {pal.GOLD_EDGE};border-radius:6px;padding:6px;margin:4px 0'>{text}</div>"


def prize_explanation(names: list[str], records: list[int], paid: list[int]) -> str:
    """The engine's payout in words: tied players share a place, the next is skipped (R-MID-3)."""
    places = cc.competition_places(records)
    items = []
    for name, record, coins, place in sorted(zip(names, records, paid, places, strict=True), key=lambda x: x[3]):
        tied = [n for n, r in zip(names, records, strict=True) if r == record and n != name]
        line = cc._("{player}: {points}, place {place}{tied} → {coins}", player=name,
                    points=cc.n_("{n} point", "{n} points", record), place=place,
                    tied=cc._(", tied with {players}", players=cc.listing(tied)) if tied else "",
                    coins=cc.coins_text(coins))
        items.append(f"<li>{esc(line)}</li>")
    first, second = cc.CONSTANTS.intermediate_prizes
    head = cc._("Everyone has a record: the prizes are paid (R-MID-3). The highest gets {first}, the next {second}. "
                "Tied players share their place and its prize, and the next place is skipped.",
                first=cc.coins_text(first), second=second)
    tail = cc._("The records now return to 0 and are never added to the final score; the prize coins are real "
                "coins and count for Vesta (R-MID-4).")
    return f"<b>{esc(head)}</b><ul>{''.join(items)}</ul>{esc(tail)}"


def tie_explanation(state: cc.GameState) -> str:
    """Every tie in the final totals, broken in words (R-SCORE-9), or '' when no totals tie."""
    lines = cc.tiebreak_sentences(state)
    if not lines:
        return ""
    items = "".join(f"<li>{esc(s)}</li>" for s in lines)
    return f"<p><b>{esc(cc._('Tie-break'))}</b></p><ul>{items}</ul>"


def final_html(state: cc.GameState) -> str:
    """The final screen: ranking with totals, every player's points god by god (how each was counted folded under
    them: it fits beside the board), the tie-break in words."""
    ranking = cc.final_ranking(state)
    items = "".join("<li>" + cc.n_("{player}: {n} point", "{player}: {n} points", cc.score(state, n).total,
                                   player=f"<b>{esc(n)}</b>") + "</li>" for n in ranking)
    ender = state.concordia_holder
    ended = (f"<p>{esc(cc._('{player} ended the game and took the Concordia card (R-END-1).', player=ender))}</p>"
             if ender else "")
    title = cc._("Game over: {player} wins", player=ranking[0])
    counted = cc._("How each god was counted")
    return (f"<div class='concordia-final' style='border:2px solid {pal.SUCCESS};border-radius:6px;padding:8px;margin:4px 0'>"
            f"<h3 style='margin:2px 0' tabindex='-1' data-cc-focus>{esc(title)}</h3>{ended}"
            f"<ol class='ranking'>{items}</ol>{tie_explanation(state)}{score_table_html(state, how=False)}"
            f"<details><summary>{esc(counted)}</summary>{score_table_html(state)}</details></div>")


def final_words(state: cc.GameState) -> str:
    """The end of the game in one sentence, for a screen reader: 'Game over: Aiko wins with 92 points; Ben 85.'"""
    ranking = cc.final_ranking(state)
    totals = [cc.score(state, n).total for n in ranking]
    others = cc.listing([cc._("{player} {points}", player=n, points=t) for n, t in zip(ranking[1:], totals[1:],
                                                                                         strict=True)])
    return cc._("Game over: {player} wins with {points}; then {others}.", player=ranking[0],
                points=cc.n_("{n} point", "{n} points", totals[0]), others=others)


__all__ = ["final_html", "final_words", "mid_scoring_html", "prize_explanation", "tie_explanation"]
