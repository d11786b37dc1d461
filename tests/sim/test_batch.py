"""Simulation: seating rotation, confidence intervals, and results independent of workers."""

from backroom.sim.batch import Plan, run, summarize, wilson


def test_bot_list_is_cycled_then_rotated_per_game():
    plan = Plan("stool-pigeon", 4, 3, ("heuristic", "random"), 1)
    assert plan.seating(0) == ["heuristic", "random", "heuristic"]
    assert plan.seating(1) == ["heuristic", "heuristic", "random"]
    assert plan.seating(2) == ["random", "heuristic", "heuristic"]


def test_wilson_interval_contains_the_rate_and_stays_in_bounds():
    low, high = wilson(75, 100)
    assert low < 0.75 < high
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0


def test_same_seed_gives_same_results_whatever_the_workers():
    plan = Plan("stool-pigeon", 120, 3, ("heuristic", "random"), 5)
    one, _, _ = run(plan, workers=1)
    two, _, _ = run(plan, workers=2)
    assert one == two
    summary = summarize(plan, one, 1.0, 1.0)
    assert sum(summary["wins_by_seat"]) == 120
