"""The search bot: it decides from its seat's information alone, reproducibly, and it plays
better than chance. Strength at full budget is measured in docs/benchmarks.md, not here."""

from __future__ import annotations

import random

import pytest

from backroom.bots import Observation, bot_kinds, make_bot
from backroom.bots.ismcts import RANGES, Budget, IsmctsBot, margins, rewards
from backroom.engine.errors import BadOptions
from backroom.games import all_games, get_game
from backroom.i18n import translate
from backroom.sim.playout import play_game

SMALL = "ismcts:iterations=24"


def positions(game, players: int, seed: int, count: int):
    """Positions of a random game where some seat has a real choice."""
    rng = random.Random(seed)
    state, _ = game.start(players, None, seed)
    found = []
    while state.actors() and len(found) < count:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.random() < 0.3:
            found.append((state.clone(), seat))
        state.apply_quiet(seat, legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_ismcts_decision_depends_only_on_what_the_seat_knows(game):
    """Two positions that differ only in what the seat cannot see (the real one and one of its
    resamples) give the same move for the same seed."""
    rng = random.Random(5)
    for state, seat in positions(game, game.min_players, 11, 6):
        twin = state.resample(seat, rng)
        assert twin.to_json() != state.to_json() or not state.actors()  # something hidden differs
        seed = rng.getrandbits(32)
        first = make_bot(SMALL, game, seed).choose(Observation(state, seat))
        second = make_bot(SMALL, game, seed).choose(Observation(twin, seat))
        assert first == second


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_ismcts_is_reproducible_for_a_seed_and_plays_a_legal_move(game):
    for state, seat in positions(game, game.max_players, 3, 3):
        moves = {make_bot(SMALL, game, 9).choose(Observation(state, seat)) for _ in range(2)}
        assert len(moves) == 1
        assert moves.pop() in state.legal_actions(seat)


def test_ismcts_is_a_bot_kind_of_every_game():
    for game in all_games():
        assert "ismcts" in bot_kinds(game)


BAD_SETTINGS = [
    ("iterations=0", "error.bot_setting_whole"),
    ("iterations=x", "error.bot_setting_whole"),
    ("c=-1", "error.bot_setting_number"),
    ("c=nan", "error.bot_setting_number"),
    ("seconds=1e9", "error.bot_setting_number"),
    ("playout=oracle", "error.bot_setting_choice"),
    ("margin=1.5", "error.bot_setting_number"),
    ("margin=-0.1", "error.bot_setting_number"),
    ("depth=0", "error.bot_setting_whole"),
    ("depth=1.5", "error.bot_setting_whole"),
    ("width=3", "error.bad_bot_setting"),
    ("horizon=-1", "error.bad_bot_setting"),  # Stool Pigeon has no estimate to stop at
    ("lap=1", "error.bad_bot_setting"),  # nor a turn to stop at
]


@pytest.mark.parametrize(("setting", "key"), BAD_SETTINGS)
def test_ismcts_bad_setting_is_refused_with_a_sentence(setting, key):
    with pytest.raises(BadOptions) as raised:
        make_bot(f"ismcts:{setting}", get_game("stool-pigeon"), 1)
    assert raised.value.key == key


def test_a_known_setting_with_a_bad_value_says_what_it_takes_not_that_it_is_unknown():
    with pytest.raises(BadOptions) as raised:
        make_bot("ismcts:iterations=abc", get_game("stool-pigeon"), 1)
    said = translate("en", raised.value.key, raised.value.params)
    assert said == "The ismcts bot’s iterations takes a whole number from 1 to 10,000,000 (got “abc”)."


def test_ismcts_refuses_the_rollout_playout_of_a_game_that_declares_none():
    game = get_game("corruption")
    assert game.manifest.rollout is None
    with pytest.raises(BadOptions) as raised:
        make_bot("ismcts:playout=rollout", game, 1)
    assert raised.value.key == "error.bot_setting_choice" and raised.value.params["value"] == "rollout"


@pytest.mark.parametrize(
    ("game_id", "setting", "hook"),
    [
        ("stool-pigeon", "horizon=3", "evaluate"),
        ("stool-pigeon", "lap=1", "evaluate"),
        ("slush-fund", "model=1", "erratic"),
    ],
    ids=["a horizon without an estimate", "a lap without one", "an opponent model without one"],
)
def test_ismcts_refuses_a_setting_whose_function_the_game_does_not_declare(game_id, setting, hook):
    game = get_game(game_id)
    assert getattr(game.manifest, hook) is None
    with pytest.raises(BadOptions) as raised:
        make_bot(f"ismcts:{setting}", game, 1)
    assert raised.value.params["setting"] == setting


def test_ismcts_starts_from_the_games_default_settings_which_named_settings_override():
    stool_pigeon = get_game("stool-pigeon")
    assert stool_pigeon.manifest.search == "playout=rollout:depth=1:margin=0.75:model=1"
    budget = make_bot("ismcts", stool_pigeon, 1).budget
    assert (budget.playout, budget.depth, budget.margin, budget.model) == ("rollout", 1, 0.75, 1)
    budget = make_bot("ismcts:playout=random:margin=0:model=0", stool_pigeon, 1).budget
    assert (budget.playout, budget.depth, budget.margin, budget.model) == ("random", 1, 0.0, 0)
    assert make_bot("ismcts", get_game("corruption"), 1).budget == Budget(playout="heuristic", iterations=300)
    assert make_bot("ismcts:playout=random:iterations=1000", get_game("corruption"), 1).budget == Budget()
    budget = make_bot("ismcts", get_game("slush-fund"), 1).budget
    assert (budget.playout, budget.c, budget.margin, budget.horizon) == ("rollout", 0.1, 1.0, 0)
    budget = make_bot("ismcts", get_game("illuminati"), 1).budget
    assert (budget.playout, budget.c, budget.margin, budget.horizon, budget.iterations) == (
        "heuristic",
        0.1,
        1.0,
        0,
        500,
    )


@pytest.mark.parametrize(
    "setting", ["margin=0.5", "depth=1", "playout=random", "playout=heuristic", "model=0"]
)
def test_ismcts_is_reproducible_for_a_seed_with_each_setting(setting):
    game = get_game("stool-pigeon")
    for state, seat in positions(game, 2, 4, 3):
        moves = {make_bot(f"{SMALL}:{setting}", game, 9).choose(Observation(state, seat)) for _ in range(2)}
        assert len(moves) == 1
        assert moves.pop() in state.legal_actions(seat)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_ismcts_actions_stops_a_decision_once_its_iterations_applied_that_many(game, monkeypatch):
    """``actions=N`` ends the decision after the first iteration that brings the actions its
    iterations applied (tree and playout) to N, and is as reproducible as ``iterations``."""
    cap = 60
    counts: list[int] = []
    iterate = IsmctsBot._iterate

    def counted(bot, *args):
        before = bot.spent
        iterate(bot, *args)
        counts.append(bot.spent - before)

    monkeypatch.setattr(IsmctsBot, "_iterate", counted)
    for state, seat in positions(game, game.min_players, 8, 3):
        runs = []
        for _ in range(2):
            counts.clear()
            bot = make_bot(f"ismcts:iterations=1000:actions={cap}", game, 4)
            move = bot.choose(Observation(state, seat))
            assert move in state.legal_actions(seat)
            assert all(n >= 1 for n in counts)  # each iteration applies at least the root move
            assert max(counts) > 1  # and its playout's actions count too
            assert sum(counts[:-1]) < cap <= sum(counts) == bot.spent
            runs.append((move, list(counts)))
        assert runs[0] == runs[1]


def test_ismcts_settings_are_read():
    bot = make_bot("ismcts:iterations=7:c=0.25:playout=heuristic", get_game("slush-fund"), 1)
    assert (bot.budget.iterations, bot.budget.c, bot.budget.playout) == (7, 0.25, "heuristic")
    bot = make_bot("ismcts:margin=0.25:depth=2", get_game("stool-pigeon"), 1)
    assert (bot.budget.margin, bot.budget.depth) == (0.25, 2)
    assert make_bot("ismcts:horizon=12", get_game("slush-fund"), 1).budget.horizon == 12
    assert make_bot("ismcts:actions=5000", get_game("politburo"), 1).budget.actions == 5000


def test_rewards_rank_each_seat_against_the_others_with_shared_places_halved():
    class Ended:
        def __init__(self, ranks):
            self.ranks = ranks
            self.scores = (0.0,) * len(ranks)

        def outcome(self):
            return self

    assert rewards(Ended((1, 2))) == [1.0, 0.0]
    assert rewards(Ended((1, 1))) == [0.5, 0.5]
    assert rewards(Ended((2, 1, 2, 4))) == [0.5, 1.0, 0.5, 0.0]


def test_margins_are_bounded_shares_that_point_the_way_the_game_scores():
    """(mine - theirs) / (|mine| + |theirs|), averaged over the others, on [0, 1]: a margin
    means the same at any scale, and a low score is good where the game says so."""
    assert margins((30.0, 10.0), low_score_wins=False) == [0.75, 0.25]
    assert margins((30.0, 10.0), low_score_wins=True) == [0.25, 0.75]
    assert margins((3e6, 1e6), low_score_wins=False) == [0.75, 0.25]
    assert margins((0.0, 0.0, 5.0), low_score_wins=False) == [0.25, 0.25, 1.0]


def test_rewards_blend_place_and_margin_by_the_margin_weight():
    class Ended:
        ranks = (2, 1)
        scores = (40.0, 10.0)

        def outcome(self):
            return self

    assert rewards(Ended(), 0.5, low_score_wins=True) == pytest.approx(
        [0.5 * 0.0 + 0.5 * 0.2, 0.5 * 1.0 + 0.5 * 0.8]
    )


def test_rewards_of_a_playout_cut_at_the_horizon_rank_and_weigh_the_estimated_scores():
    """A game not over is scored by the game's estimate: places from the estimated scores,
    margins from them too."""
    state, _ = get_game("slush-fund").start(2, None, 1)
    assert state.outcome() is None
    assert rewards(state, 0.0, estimated=[12.0, 4.0]) == [1.0, 0.0]
    assert rewards(state, 0.0, estimated=[4.0, 4.0]) == [0.5, 0.5]
    assert rewards(state, 1.0, estimated=[12.0, 4.0]) == [0.75, 0.25]
    assert rewards(state, 0.0, low_score_wins=True, estimated=[12.0, 4.0]) == [0.0, 1.0]


def test_ismcts_with_a_horizon_scores_playouts_by_the_games_estimate_where_it_gives_one():
    """``horizon=0``: each playout stops at the first position the game estimates (Slush
    Fund: the start of a turn), so a search never reaches the end of a game from its first
    move; the estimate is asked, and its scores back up."""
    game = get_game("slush-fund")
    bot = make_bot("ismcts:iterations=30:horizon=0", game, 3)
    asked = []
    estimate = bot.estimate

    def counted(state):
        scores = estimate(state)
        if scores is not None:
            asked.append(state.phase)
        return scores

    bot.estimate = counted
    state, seat = positions(game, 2, 3, 1)[0]
    assert bot.choose(Observation(state, seat)) in state.legal_actions(seat)
    assert len(asked) == 30 and set(asked) == {"choose"}


def test_ismcts_with_a_lap_scores_playouts_only_where_the_searching_seat_is_to_act_again():
    """``lap=1``: a playout goes on through every other seat's turn and stops at the first
    position the game estimates where the searching seat is the one to act (Slush Fund: the
    start of its next turn), so the search sees the opponents' replies as the policy plays them."""
    game = get_game("slush-fund")
    state, seat = positions(game, 2, 3, 1)[0]
    bot = make_bot("ismcts:iterations=30:lap=1:playout=heuristic", game, 3)
    assert (bot.budget.lap, bot.budget.horizon, bot.budget.playout) == (1, 0, "heuristic")
    asked = []
    estimate = bot.estimate

    def counted(position):
        scores = estimate(position)
        if scores is not None:
            asked.append((position.phase, position.actors()[0]))
        return scores

    bot.estimate = counted
    assert bot.choose(Observation(state, seat)) in state.legal_actions(seat)
    assert len(asked) == 30 and set(asked) == {("choose", seat)}


@pytest.mark.parametrize(("chance", "opponent"), [(1.0, "random"), (0.0, "policy")])
def test_ismcts_model_plays_at_random_the_opponents_the_game_judges_erratic(chance, opponent):
    """``model``: an opponent the game judges erratic with certainty plays every playout at
    random, one it judges careful none; the searching seat always plays the policy."""
    game = get_game("stool-pigeon")
    state, _ = game.start(2, None, 1)  # seat 0 to draw or close
    bot = make_bot("ismcts:iterations=20", game, 1)
    bot.erratic = lambda _state: [chance, chance]
    played: dict[int, set[str]] = {0: set(), 1: set()}
    policy, random_policy = bot.policy, bot.random_policy
    bot.policy = lambda s, seat, rng: played[seat].add("policy") or policy(s, seat, rng)
    bot.random_policy = lambda s, seat, rng: played[seat].add("random") or random_policy(s, seat, rng)
    bot.choose(Observation(state, 0))
    assert played == {0: {"policy"}, 1: {opponent}}


def test_ismcts_model_gives_each_root_move_its_share_of_each_kind_of_opponent():
    """The k-th playout below a root move draws its erratic opponents from a sequence per
    seat, not independently: over 100 playouts each opponent plays at random in its share of
    them, give or take one or two, and two opponents together in about the product."""
    bot = make_bot("ismcts", get_game("stool-pigeon"), 1)
    for offset in (0.0, 0.37, 0.9):
        bot.offset = offset
        draws = [bot._erratic_seats([0.3, 0.3, 0.6], 0, k) for k in range(100)]
        assert not any(0 in d for d in draws)  # the searching seat plays the policy
        assert abs(sum(1 in d for d in draws) - 30) <= 2 and abs(sum(2 in d for d in draws) - 60) <= 2
        assert abs(sum({1, 2} <= d for d in draws) - 18) <= 3


def test_ismcts_beats_random_play_in_stool_pigeon():
    """A small budget already plays far better than chance (seeded, so not flaky): first in
    at least 14 of 20 two-player games, seats alternating."""
    game = get_game("stool-pigeon")
    wins = 0.0
    for i in range(20):
        kinds = ["ismcts:iterations=60", "random"][:: 1 if i % 2 == 0 else -1]
        outcome = play_game(game, 2, None, 100 + i, kinds).outcome
        mine, theirs = outcome.ranks if i % 2 == 0 else outcome.ranks[::-1]
        wins += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    assert wins >= 14


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("lang", ["es", "en", "fr"])
def test_an_unknown_setting_is_answered_with_exactly_the_settings_the_game_takes(game, lang):
    """docs/bots.md documents model=0|1 and lap=0|1: the list once left them out."""
    with pytest.raises(BadOptions) as raised:
        Budget.parse("foo=1", game)
    said = translate(lang, raised.value.key, raised.value.params)
    for name, value in [*((name, bounds[1]) for name, bounds in RANGES.items()), ("playout", "random")]:
        try:
            Budget.parse(f"{name}={value}", game)
            taken = True
        except BadOptions:
            taken = False
        assert (f"{name}=" in said) == taken, name
