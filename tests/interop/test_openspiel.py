"""OpenSpiel's own checks on every game, variant and the smallest and largest table
(``random_sim_test`` with serialization), OpenSpiel's Python ISMCTS and MCTS bots playing whole
games against random, and the information-state and chance contracts of ``docs/research.md``."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from backroom.games import all_games
from tests.helpers import require
from tests.interop.cases import TABLES

np = require("numpy")
pyspiel = require("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402 (after the library check)

from backroom.interop.openspiel import SEED_NODES, load_game  # noqa: E402

GAMES = [g.id for g in all_games()]


@pytest.mark.parametrize(("game", "variant", "players"), TABLES)
def test_openspiel_random_sim_test_passes_with_serialization(game, variant, players):
    """OpenSpiel's own validator: it plays a random game through chance and decision nodes,
    serializes and deserializes every state, and raises ``SpielError`` on any inconsistency
    (legal actions, returns, information states, clones, serialization)."""
    loaded = load_game(game, players, **variant)
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)
    kind = loaded.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def random_state(game, seed: int, steps: int):
    """A state ``steps`` decisions into a random game (chance drawn from ``seed`` too)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and steps:
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            steps -= 1
    return state


def play(game, bots, seed: int) -> list[float]:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
def test_openspiel_search_bots_play_a_whole_game_against_random(game, kind):
    """OpenSpiel's Python ISMCTS (which resamples through ``resample_from_infostate`` and
    asserts every resample keeps the root's information state) and MCTS, in seat 0."""
    spiel = load_game(game, 2 if game != "corruption" else 3)
    n = spiel.num_players()
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    if kind == "ismcts":
        bot = ismcts.ISMCTSBot(spiel, evaluator, 2.0, 4, random_state=np.random.RandomState(2))
    else:
        bot = mcts.MCTSBot(spiel, 2.0, 4, evaluator, random_state=np.random.RandomState(3))
    returns = play(spiel, [bot] + [pyspiel.make_uniform_random_bot(p, p) for p in range(1, n)], 4)
    assert len(returns) == n and all(-1.0 <= r <= 1.0 for r in returns) and max(returns) == 1.0


@pytest.mark.parametrize("game", GAMES)
def test_a_resample_keeps_the_players_key_and_carries_nothing_real_it_cannot_see(game):
    spiel = load_game(game, 3)
    for seed in range(4):
        state = random_state(spiel, seed, 25 + 7 * seed)
        if state.is_terminal() or state.is_chance_node():
            continue
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_string(player) == state.observation_string(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == []  # no chance outcome of the real deal
        for seat in range(3):
            if seat != player:
                assert other.information_state_string(seat) != state.information_state_string(seat)
        again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, other))[1]
        assert str(again) == str(other)
        assert again.information_state_string(player) == state.information_state_string(player)


@pytest.mark.parametrize("game", GAMES)
def test_a_history_replays_to_the_same_state_chance_nodes_included(game):
    spiel = load_game(game, 2 if game != "corruption" else 3)
    state = random_state(spiel, 11, 10_000)
    again = spiel.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state) and again.returns() == state.returns()


def test_a_stool_pigeon_reshuffle_is_a_chance_node():
    """A draw from an empty pile reshuffles the discards: the seed comes from chance."""
    spiel = load_game("stool-pigeon", 2)
    rng = random.Random(3)
    for _ in range(20):
        state = spiel.new_initial_state()
        chance_nodes = 0
        while not state.is_terminal():
            if state.is_chance_node():
                chance_nodes += 1
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if chance_nodes > SEED_NODES:  # more than the deal's
            return
    pytest.fail("no reshuffle in 20 random games")


def test_chance_draws_each_seed_from_as_many_as_the_kernels_so_no_seat_can_try_them_all():
    """A seed is the whole hidden deal (or a reshuffled pile): with 2**24 of them a seat tried
    every seed against its own first view (an hour of one core) and found the one that deals its
    hand, so every other hand and the deck's order. Every run of chance nodes, the deal's and a
    reshuffle's, must offer at least the kernel's 2**63 seeds."""
    spiel = load_game("stool-pigeon", 2)
    rng = random.Random(3)
    runs = []
    for _ in range(20):
        state, run = spiel.new_initial_state(), 1
        while not state.is_terminal():
            if state.is_chance_node():
                run *= len(state.chance_outcomes())
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
                continue
            if run > 1:
                runs.append(run)
                run = 1
            state.apply_action(rng.choice(state.legal_actions()))
        if len(runs) > 1:  # the deal's and a reshuffle's
            break
    assert len(runs) > 1, "no reshuffle in 20 random games"
    assert min(runs) >= 2**63


def test_a_string_or_vector_of_a_player_that_is_no_seat_is_refused():
    """OpenSpiel numbers chance -1 and the end -4, and ``current_player()`` is one of them at a
    chance node or the end: such a number read as a seat indexed the kernel's lists from the end
    and showed the last seat's hidden cards (``observation_string(-1)`` was seat 1's view)."""
    from open_spiel.python.observation import make_observation

    spiel = load_game("stool-pigeon", 2)
    state = spiel.new_initial_state()
    for _ in range(SEED_NODES):
        state.apply_action(0)
    observer = make_observation(spiel)
    for player in (pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL, -2, 2):
        for read in (state.observation_string, state.information_state_string):
            with pytest.raises(ValueError, match="is not a seat"):
                read(player)
        with pytest.raises(ValueError, match="is not a seat"):
            observer.set_from(state, player)
    with pytest.raises(ValueError, match="is not a seat"):
        spiel.new_initial_state().observation_string()  # the deal's chance node


@pytest.mark.parametrize(
    ("public_info", "private_info"),
    [
        (True, pyspiel.PrivateInfoType.NONE),
        (False, pyspiel.PrivateInfoType.NONE),
        (True, pyspiel.PrivateInfoType.ALL_PLAYERS),
        (False, pyspiel.PrivateInfoType.SINGLE_PLAYER),
    ],
)
def test_an_observer_of_a_kind_it_cannot_show_is_refused_not_given_the_seats_private_view(
    public_info, private_info
):
    """A public observer (``private_info`` ``NONE``) was handed the seat's own view, hidden cards
    included; only the seat's own observation, with perfect recall or not, is offered."""
    from open_spiel.python.observation import make_observation

    spiel = load_game("stool-pigeon", 2)
    for perfect_recall in (False, True):
        kind = pyspiel.IIGObservationType(
            perfect_recall=perfect_recall, public_info=public_info, private_info=private_info
        )
        with pytest.raises(ValueError, match="one seat's private information"):
            make_observation(spiel, kind)
    with pytest.raises(ValueError, match="with parameters"):
        make_observation(spiel, None, {"seat": 0})
    for perfect_recall in (False, True):
        assert make_observation(spiel, pyspiel.IIGObservationType(perfect_recall=perfect_recall))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3, deadline=None)
@example(seed=0)  # Illuminati's case below, at its 2-player table
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_players_different_actions_give_it_different_information_states(game, seed):
    """Perfect recall: a seat knows what it chose, so two of its actions lead to two information
    states even when they have the same effect (Illuminati's ``("amount", 1)`` and ``("amount",
    "all")`` when one megabuck is all there is gave the same key)."""
    spiel = load_game(game, 2 if game != "corruption" else 3)
    rng = random.Random(seed)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
            continue
        player, legal = state.current_player(), state.legal_actions()
        keys = set()
        for action in rng.sample(legal, min(25, len(legal))):
            child = state.child(action)
            while child.is_chance_node():
                child.apply_action(0)
            keys.add(child.information_state_string(player))
        assert len(keys) == min(25, len(legal)), state.history()
        state.apply_action(rng.choice(legal))


def test_a_chance_outcome_that_is_not_offered_is_refused():
    """A chance node offers outcomes 0 to 4,095: 4,096, a billion or -5 were folded into the
    seed and dealt a game no history of listed outcomes reaches."""
    spiel = load_game("stool-pigeon", 2)
    state = spiel.new_initial_state()
    for outcome in (len(state.chance_outcomes()), 10**9, -5):
        with pytest.raises(ValueError, match="chance outcome"):
            state.apply_action(outcome)
        assert state.history() == [] and state.is_chance_node()


def test_a_chance_nodes_outcomes_are_its_own_list_and_sum_to_one():
    """Every node handed out one shared list: a caller that popped or shuffled its outcomes
    changed every chance node of the process (4,095 outcomes left, summing to less than 1)."""
    spiel = load_game("stool-pigeon", 2)
    outcomes = spiel.new_initial_state().chance_outcomes()
    outcomes.pop()
    fresh = spiel.new_initial_state().chance_outcomes()
    assert len(fresh) == spiel.max_chance_outcomes() == len({a for a, _ in fresh})
    assert sum(p for _, p in fresh) == 1.0


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_and_chance_asked_from_python_answer_what_the_cpp_methods_answer(game):
    """``legal_actions`` and ``is_chance_node`` are answered in Python (the C++ methods cross
    back into Python four times first); C++ callers (``random_sim_test``, C++ bots) still take
    the C++ path. Both, for every player and pseudo-player, at every node of random games."""
    spiel = load_game(game, 3)
    rng = random.Random(7)
    for _ in range(2):
        state = spiel.new_initial_state()
        while True:
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for player in (0, 1, 2, pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL):
                try:
                    expected = pyspiel.State.legal_actions(state, player)
                except pyspiel.SpielError:
                    with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                        state.legal_actions(player)
                    continue
                assert state.legal_actions(player) == expected
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_keys_of_quiet_play_are_the_keys_of_play_with_events(game):
    """The adapter plays quietly and works out a step's events only when a key is asked
    (``Memory.then_unplayed``): every seat's key, asked at random moments, on the real line and
    on clones continued their own way, equals that of an adapter playing each step with its
    events (``apply`` and ``Memory.then``), chance nodes and reshuffles included."""

    def eager(state):
        def play(seat, index, copy=None, restart=False):
            action = state.table.action(index)
            state.memory = state.memory.then(seat, action, state.position.state.apply(seat, action))

        state._play = play
        return state

    spiel = load_game(game, 2 if game != "corruption" else 3)
    rng = random.Random(5)
    for _ in range(2):
        lines = [(spiel.new_initial_state(), eager(spiel.new_initial_state()))]
        steps = 0
        while lines and steps < 600:
            steps += 1
            quiet, played = lines[-1] if rng.random() < 0.7 else rng.choice(lines)
            if quiet.is_terminal():
                lines.remove((quiet, played))
                continue
            if quiet.is_chance_node():
                action = rng.randrange(len(quiet.chance_outcomes()))
            else:
                action = rng.choice(quiet.legal_actions())
            quiet.apply_action(action)
            played.apply_action(action)
            if not quiet.is_chance_node() and not quiet.is_terminal() and rng.random() < 0.3:
                seats = range(spiel.num_players())
                assert [quiet.information_state_string(s) for s in seats] == [
                    played.information_state_string(s) for s in seats
                ]
            if rng.random() < 0.05:  # a copy, continued its own way
                lines.append((quiet.clone(), eager(played.clone())))
