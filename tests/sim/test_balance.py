"""Balance measures: action kinds and cards read from records for any game, seat verdicts
against the fair share, distributions kept as counts."""

from collections import Counter

import pytest

from backroom.games import get_game
from backroom.sim.backends import LocalBackend
from backroom.sim.balance import BalanceTally
from backroom.sim.batch import GameSummary, Plan, run
from backroom.sim.playout import play_game
from backroom.sim.usage import card_positions, count_usage


def test_kinds_and_cards_are_counted_per_seat_from_the_record():
    game = get_game("corruption")
    options = game.resolve_options({})
    played = play_game(game, 4, options, 11, ["heuristic", "random"], keep_record=True)
    assert played.record is not None
    actions = played.record.actions
    used = count_usage(actions, 4, card_positions(game, 4, options))
    for seat in range(4):
        mine = [action for s, action in actions if s == seat]
        kinds = {key[1]: n for key, n in used[seat].items() if key[0] == "action"}
        assert kinds == Counter(action[0] for action in mine)
        cards = {key[1]: n for key, n in used[seat].items() if key[0] == "card"}
        # in Corruption the card is the first argument of ``play`` and ``swiss``, and of nothing else
        assert cards == Counter(action[1] for action in mine if action[0] in ("play", "swiss"))


def summary(ranks: tuple[int, ...], scores: tuple[float, ...], usage: list[dict]) -> GameSummary:
    return GameSummary(0, ranks, scores, 10, ("random",) * len(ranks), tuple(Counter(u) for u in usage))


def test_usage_relates_to_winning_and_a_shared_first_place_splits():
    tally = BalanceTally(Plan.cycled("stool-pigeon", 2, 2, ["random"], 1))
    draw, close = ("action", "draw"), ("action", "close")
    tally.add(summary((1, 2), (3, 9), [{draw: 2, close: 1}, {draw: 4}]))
    tally.add(summary((1, 1), (5, 5), [{draw: 1}, {draw: 1}]))
    s = tally.summary()
    rows = {row["name"]: row for row in s["usage"]}
    assert rows["draw"]["per_seat_game"] == 8 / 4
    assert rows["draw"]["winners_mean"] == 4 / 3  # three winning seats: 2 + 1 + 1 draws
    assert rows["draw"]["others_mean"] == 4
    assert rows["draw"]["unused_rate"] is None  # every seat drew
    assert rows["close"]["used_rate"] == 1.0 and rows["close"]["unused_rate"] == 1 / 3
    assert [row["rate"] for row in s["seats"]] == [0.75, 0.25]
    assert s["scores"] == {3: 1, 5: 2, 9: 1} and s["winner_scores"] == {3: 1, 5: 2}


def test_a_seat_is_favoured_only_when_its_whole_interval_is_above_its_fair_share():
    tally = BalanceTally(Plan.cycled("stool-pigeon", 200, 2, ["random"], 1))
    for _ in range(150):
        tally.add(summary((1, 2), (0, 1), [{}, {}]))
    for _ in range(50):
        tally.add(summary((2, 1), (1, 0), [{}, {}]))
    assert [row["verdict"] for row in tally.summary()["seats"]] == ["favoured", "disfavoured"]
    even = BalanceTally(Plan.cycled("stool-pigeon", 2, 2, ["random"], 1))
    even.add(summary((1, 2), (0, 1), [{}, {}]))
    even.add(summary((2, 1), (1, 0), [{}, {}]))
    assert [row["verdict"] for row in even.summary()["seats"]] == ["even", "even"]


def test_every_registered_game_reports_its_actions():
    """No per-game code: a game's registration is enough for its report."""
    from backroom.games import all_games

    for game in all_games():
        plan = Plan.cycled(game.id, 2, game.min_players, ["random"], 3, usage=True)
        tally = BalanceTally(plan)
        run(plan, LocalBackend(1), [tally])
        s = tally.summary()
        assert s["games"] == 2 and s["usage"], game.id
        total = sum(row["per_seat_game"] for row in s["usage"] if row["what"] == "action")
        assert total * 2 * game.min_players == sum(n * v for v, n in s["lengths"].items())


@pytest.mark.parametrize(
    ("lang", "game", "kind", "shown"),
    [
        ("es", "stool-pigeon", "snap", "acción «Eliminar una carta igual»"),
        ("fr", "stool-pigeon", "pass", "action « Passer »"),
        ("en", "illuminati", "attacker", "action “Choose the attacker”"),
    ],
)
def test_the_report_names_an_action_kind_in_the_readers_language_not_by_its_id(lang, game, kind, shown):
    from backroom.report.page import Page

    assert Page(lang, game, []).usage_name({"what": "action", "name": kind}) == shown
