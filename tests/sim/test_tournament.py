"""Tournaments: every combination of kinds, head-to-head records that add up, ratings that
order the bots as their play does, the same table whatever the workers."""

import pytest

from backroom.engine.errors import BadOptions
from backroom.sim.backends import LocalBackend
from backroom.sim.batch import Plan, run
from backroom.sim.tournament import TournamentTally, lineups


def test_every_multiset_of_seats_with_at_least_two_kinds():
    found = lineups(["ismcts", "heuristic", "random"], 4)
    assert len(found) == 12  # 15 multisets of 4 over 3 kinds, less the 3 of one kind
    assert len(set(found)) == 12
    assert all(len(set(lineup)) >= 2 and len(lineup) == 4 for lineup in found)
    assert ("ismcts", "ismcts", "heuristic", "random") in found


def test_one_kind_is_no_tournament():
    with pytest.raises(BadOptions) as refused:
        lineups(["random", "random"], 3)
    assert refused.value.key == "error.tournament_kinds"


def play(workers: int) -> dict:
    plan = Plan("stool-pigeon", 60, 3, lineups(["heuristic", "random"], 3), 4, {})
    tally = TournamentTally(plan)
    summary = tally.summary(run(plan, LocalBackend(workers), [tally]))
    del summary["seconds"]
    return summary


def test_head_to_head_adds_up_and_the_stronger_bot_is_rated_first():
    s = play(1)
    assert s["games"] == 60 and [lineup["games"] for lineup in s["lineups"]] == [30, 30]
    ahead = s["head_to_head"]["heuristic"]["random"]
    behind = s["head_to_head"]["random"]["heuristic"]
    assert ahead["games"] == behind["games"] == 60  # both kinds sit at every table
    assert ahead["ahead"] + behind["ahead"] == 60
    assert list(s["bots"]) == ["heuristic", "random"]  # strongest first, by rating
    heuristic, random = s["bots"]["heuristic"], s["bots"]["random"]
    assert heuristic["rating"]["mu"] > random["rating"]["mu"]
    assert heuristic["mean_rank"] < random["mean_rank"]
    assert heuristic["seats"] + random["seats"] == 180
    assert heuristic["wins"] + random["wins"] == pytest.approx(60)
    for row in (heuristic, random):  # the rank matrix: every seat finished in some place
        assert [cell["rank"] for cell in row["ranks"]] == [1, 2, 3]
        assert sum(cell["rate"] for cell in row["ranks"]) == pytest.approx(1.0)
    assert heuristic["ranks"][0]["rate"] > random["ranks"][0]["rate"]


def test_same_seed_same_table_whatever_the_workers():
    assert play(1) == play(2)
