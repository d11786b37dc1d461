"""Simulation: seating rotation, confidence intervals, games folded in index order, and results
independent of the workers."""

import pytest

from backroom.engine.errors import EngineError
from backroom.sim.backends import LocalBackend, open_backend
from backroom.sim.balance import BalanceTally
from backroom.sim.batch import GameSummary, Plan, WinTally, chunk_size, run, wilson


def test_bot_list_is_cycled_then_rotated_per_game():
    plan = Plan.cycled("stool-pigeon", 4, 3, ("heuristic", "random"), 1)
    assert plan.seating(0) == ["heuristic", "random", "heuristic"]
    assert plan.seating(1) == ["heuristic", "heuristic", "random"]
    assert plan.seating(2) == ["random", "heuristic", "heuristic"]


def test_lineups_are_taken_in_turn_and_each_is_rotated_over_the_seats():
    plan = Plan("stool-pigeon", 8, 2, (("a", "b"), ("a", "c")), 1)
    assert [plan.seating(i) for i in range(4)] == [["a", "b"], ["a", "c"], ["b", "a"], ["c", "a"]]
    assert plan.kinds == ["a", "b", "c"]


def test_wilson_interval_contains_the_rate_and_stays_in_bounds():
    low, high = wilson(75, 100)
    assert low < 0.75 < high
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0


class Indices:
    def __init__(self) -> None:
        self.seen: list[int] = []

    def add(self, game: GameSummary) -> None:
        self.seen.append(game.index)


def test_games_are_folded_in_index_order_whatever_the_workers():
    plan = Plan.cycled("stool-pigeon", 130, 2, ("random",), 2)
    order = Indices()
    run(plan, LocalBackend(2), [order])
    assert order.seen == list(range(130))  # 65 chunks of two, in order


def test_a_small_run_moves_its_progress_bar_before_it_ends():
    """A run of 30 games with the search bot takes a minute or two: its bar must not sit at 0
    until the end, as it did when 50 games made one chunk."""
    plan = Plan.cycled("stool-pigeon", 30, 2, ("random",), 3)
    steps: list[int] = []
    run(plan, LocalBackend(1), [Indices()], progress=steps.append)
    assert steps == [1] * 30
    assert [chunk_size(n) for n in (1, 100, 101, 1000, 5000, 10**6)] == [1, 1, 2, 10, 50, 50]


def stops_at_two(task: int) -> int:
    """A task function that leaks a ``StopIteration`` (as a game's ``next()`` over an empty
    generator once did)."""
    if task == 2:
        raise StopIteration
    return task


@pytest.mark.parametrize("workers", [1, 2])
def test_a_task_leaking_stop_iteration_is_an_error_not_the_end_of_the_results(workers: int) -> None:
    with pytest.raises(RuntimeError, match="StopIteration"):
        list(LocalBackend(workers).imap(stops_at_two, range(4)))


def test_same_seed_gives_same_results_whatever_the_workers():
    plan = Plan.cycled("stool-pigeon", 120, 3, ("heuristic", "random"), 5, usage=True)
    summaries = []
    for workers in (1, 2):
        wins, balance = WinTally(plan), BalanceTally(plan)
        timing = run(plan, LocalBackend(workers), [wins, balance])
        summary = wins.summary(timing)
        for key in ("seconds", "actions_per_second", "actions_per_cpu_second"):
            del summary[key]
        summaries.append((summary, balance.summary()))
    assert summaries[0] == summaries[1]
    assert sum(summaries[0][0]["wins_by_seat"]) == 120


def test_a_backend_is_named_local_or_ray():
    with pytest.raises(EngineError) as refused, open_backend("slurm"):
        pass
    assert refused.value.key == "error.unknown_backend"
