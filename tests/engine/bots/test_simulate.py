"""Strategy-study simulation: seeded bot games through any concurrent.futures.Executor give
the same results; progress is reported per game; every result replays from its seeds."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import concordia_core as cc
from concordia_core import bots
from concordia_core.bots import GameTask, bot_seed, seat_names, simulate, tasks
from concordia_core.errors import InvalidAction
from widgets.lessons import ch16_strategy

N = 4
ARGS = dict(n_games=N, levels=["greedy", "random"], map_name="italia", players=2, seed=20, max_steps=2000)


@pytest.fixture(scope="module")
def by_process():
    calls: list[tuple[int, int]] = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = simulate(**ARGS, executor=pool, progress=lambda done, total: calls.append((done, total)))
    return results, calls


@pytest.mark.slow  # the same simulation three times, through processes, threads and in-process
def test_simulate_same_results_whatever_the_executor(by_process):
    results, _ = by_process
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = simulate(**ARGS, executor=pool)
    default = simulate(**ARGS)
    assert results == threaded == default
    assert [r.seed for r in results] == [20 + k for k in range(N)]


def test_simulate_progress_called_once_per_game(by_process):
    _, calls = by_process
    assert calls == [(k, N) for k in range(1, N + 1)]


def test_simulate_results_replay_from_their_seeds(by_process):
    results, _ = by_process
    for r in results:
        names = seat_names(["greedy", "random"])
        game = cc.new_game("italia", names, r.seed)
        players = [bots.make(level, bot_seed(r.seed, i)) for i, level in enumerate(["greedy", "random"])]
        state = bots.play_game(game.state, dict(zip(names, players, strict=True)))
        assert r.finished
        assert state.over
        ranking = cc.final_ranking(state)
        for p in r.players:
            breakdown = cc.score(state, p.name)
            assert p.total == breakdown.total == sum(p.points.values())
            assert p.points == breakdown.by_god()
            assert p.rank == ranking.index(p.name) + 1
        assert r.winner.name == ranking[0]


def test_simulate_levels_cycle_over_seats_and_bad_input():
    work = tasks(2, ["greedy", "random"], "imperium", 5)
    assert work[0].levels == ("greedy", "random", "greedy", "random", "greedy")
    assert isinstance(work[1], GameTask)
    assert work[1].seed == 1
    assert simulate(0, ["random"], "italia", 2) == []
    with pytest.raises(InvalidAction, match="levels are random, greedy"):
        tasks(1, ["genius"], "italia", 2)
    with pytest.raises(InvalidAction, match="n_games"):
        tasks(-1, ["random"], "italia", 2)


def test_simulate_stops_endless_game_and_marks_it():
    [result] = simulate(1, ["random"], "italia", 2, seed=3, executor=ThreadPoolExecutor(1), max_steps=5)
    assert not result.finished
    assert result.steps == 5


def test_simulate_ch15_checker_uses_the_results(by_process):
    results, _ = by_process
    best = ch16_strategy.best_god(results, "greedy")
    means = ch16_strategy.mean_points(results, "greedy")
    assert means[best] == max(means.values())
    assert ch16_strategy.check_best_god(best, results)
    worse = min(means, key=lambda g: means[g])
    assert not ch16_strategy.check_best_god(worse, results)
    assert not ch16_strategy.check_best_god("pluto", results)
    plots = ch16_strategy.box_plots({"greedy vs random": results})
    assert plots.count('class="cc-chart"') == 1 and "greedy vs random" in plots


@pytest.mark.slow  # starts a local Dask cluster
def test_simulate_on_a_dask_cluster_gives_the_process_pools_results():
    # A real Dask cluster on this machine (worker processes, no dashboard), through client.get_executor();
    # the same seeded study through a process pool gives identical results.
    import warnings

    from distributed import Client, LocalCluster

    args = dict(n_games=3, levels=["greedy", "easy"], map_name="italia", players=2, seed=40, max_steps=2000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "port 8787 in use": the scheduler's HTTP server moves on
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address=None) as cluster, Client(cluster) as client:
            on_dask = simulate(**args, executor=client.get_executor())
            workers = len(client.scheduler_info()["workers"])
    with ProcessPoolExecutor(max_workers=2) as pool:
        on_pool = simulate(**args, executor=pool)
    assert workers == 2
    assert on_dask == on_pool
    assert [r.seed for r in on_dask] == [40, 41, 42]
    assert all(r.finished for r in on_dask)


def _texts(widget) -> list[str]:
    found = [widget.value] if isinstance(getattr(widget, "value", None), str) else []
    found += [getattr(widget, "description", "")]
    for child in getattr(widget, "children", ()):
        found += _texts(child)
    return found


def test_the_study_panel_shows_the_stored_games_at_once_without_playing(monkeypatch):
    # Chapter 16 opens with its studies' plots from the stored games; playing them waits for the button.
    monkeypatch.setattr(ch16_strategy, "simulate", lambda *a, **k: pytest.fail("the panel played games on opening"))
    ch16_strategy.study.cache_clear()
    panel = ch16_strategy.study_panel()
    texts = " ".join(_texts(panel))
    assert "12 games of four bots on Imperium" in texts and texts.count('class="cc-chart"') == 2
    assert [r.seed for r in ch16_strategy.study(ch16_strategy.GREEDY_STUDY)] == [100, 101, 102, 103, 104, 105]


@pytest.mark.slow  # plays the chapter's 12 four-player games
def test_the_stored_studies_are_the_games_played_afresh_and_the_button_says_so():
    # Rerun scripts/make_study_results.py when the bots or the studies change.
    ch16_strategy.study.cache_clear()
    panel = ch16_strategy.study_panel()
    again = next(w for w in panel.children[2].children if getattr(w, "description", "") == "Play these games again")
    again.click()
    assert "the same games, the same points" in panel.children[3].value
    assert not again.disabled


def test_a_table_the_map_does_not_allow_is_refused_as_itself_through_a_process_pool() -> None:
    # A game that cannot be set up fails in the worker; the caller gets the SetupError with its rule, not a
    # broken pool (the engine's refusals survive pickling).
    with ProcessPoolExecutor(max_workers=1) as pool, pytest.raises(cc.SetupError) as refused:
        simulate(1, ["greedy"], "imperium", 2, executor=pool)
    assert refused.value.rule == "R-SETUP-1" and "2 players use Italia" in refused.value.explanation
