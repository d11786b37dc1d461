"""The Ray backend plays the same games as this machine's processes: same seed, same results.

One local Ray (two CPUs, no dashboard) serves the whole module: starting Ray takes seconds.
The tests run in one xdist group, so one worker starts it once.
"""

import json
import logging

import pytest

from backroom.cli.main import main
from backroom.sim.backends import LocalBackend, RayBackend
from backroom.sim.balance import BalanceTally
from backroom.sim.batch import Plan, run
from backroom.sim.tournament import TournamentTally, lineups

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    yield ray
    ray.shutdown()


TIMING = ("seconds", "actions_per_second", "actions_per_cpu_second", "backend", "workers")


def simulate(capsys, *extra: str) -> dict:
    argv = ["simulate", "stool-pigeon", "--games", "60", "--players", "3", "--bots", "heuristic,random"]
    code = main([*argv, "--json", *extra])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    return {key: value for key, value in data.items() if key not in TIMING}


def test_simulate_on_ray_gives_the_local_results_and_leaves_a_running_ray_running(local_ray, capsys):
    assert simulate(capsys, "--backend", "ray") == simulate(capsys)
    assert local_ray.is_initialized()  # the command used the Ray it found and did not stop it


def test_tournament_and_balance_on_ray_give_the_local_results(local_ray):
    plan = Plan("corruption", 60, 3, lineups(["heuristic", "random"], 3), 8, {}, usage=True)
    results = []
    for backend in (LocalBackend(1), RayBackend(local_ray)):
        tournament, balance = TournamentTally(plan), BalanceTally(plan)
        timing = run(plan, backend, [tournament, balance])
        summary = tournament.summary(timing)
        del summary["seconds"]
        results.append((summary, balance.summary()))
    assert results[0] == results[1]
