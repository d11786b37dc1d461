"""The kernel invariants, checked for every registered game and every variant it declares.

1. Determinism  2. No leaks  3. Termination  4. Conservation  5. JSON round trip
plus: a refused action changes nothing. Each runs over random seeds and random play
(hypothesis), so a new game gets the whole suite by registering itself.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backroom.engine import IllegalAction
from backroom.engine.chance import Chance
from backroom.engine.events import names_cards
from backroom.engine.game import Game, load
from backroom.engine.schema import ChanceField
from backroom.games import all_games


def cases() -> list:
    """Each game at its smallest and largest table with default options, and each variant once,
    at a middle-sized table: every rule path is covered without multiplying the slowest runs."""
    out = []
    for game in all_games():
        variants = game.test_variants()
        tables = [(variants[0], n) for n in sorted({game.min_players, game.max_players})]
        middle = (game.min_players + game.max_players) // 2
        tables += [(variant, middle) for variant in variants[1:]]
        for variant, players in tables:
            name = f"{game.id}-{players}p-{json.dumps(variant, sort_keys=True)}"
            out.append(pytest.param(game, variant, players, id=name))
    return out


CASES = cases()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PROPERTY = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""Eight random games per property and table (twelve until the suite neared its 15 minutes):
each run draws new seeds, so runs add up to far more; a long game (Illuminati at eight players
is some 900 actions) already checks every property at every step."""


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def random_game(game: Game, variant: dict[str, Any], players: int, seed: int):
    """Yield (state, events) from the start through a random game, one step at a time."""
    state, events = game.start(players, variant, seed)
    yield state, events
    rng = random.Random(seed ^ 0x5EED)
    bound = game.max_actions(players, game.resolve_options(variant))
    for _ in range(bound):
        actors = state.actors()
        if not actors:
            return
        seat = actors[rng.randrange(len(actors))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is asked to act but has no legal action"
        events = state.apply(seat, legal[rng.randrange(len(legal))])
        yield state, events
    raise AssertionError(f"{game.id} did not end within its declared bound of {bound} actions")


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_determinism_same_seed_and_actions_give_same_states_and_events(game, variant, players, seed):
    first = [
        (dump(s.to_json()), dump([e.to_json() for e in ev]))
        for s, ev in random_game(game, variant, players, seed)
    ]
    second = [
        (dump(s.to_json()), dump([e.to_json() for e in ev]))
        for s, ev in random_game(game, variant, players, seed)
    ]
    assert first == second


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_termination_random_play_ends_within_declared_bound(game, variant, players, seed):
    *_, (state, _) = random_game(game, variant, players, seed)
    outcome = state.outcome()
    assert outcome is not None
    assert not state.actors()
    assert len(outcome.ranks) == players and min(outcome.ranks) == 1


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_conservation_inventory_is_constant(game, variant, players, seed):
    expected = None
    for state, _ in random_game(game, variant, players, seed):
        inventory = state.inventory()
        if expected is None:
            expected = inventory
        assert inventory == expected


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_json_round_trip_at_every_step(game, variant, players, seed):
    for step, (state, events) in enumerate(random_game(game, variant, players, seed)):
        data = state.to_json()
        text = dump(data)
        again = game.state_from_json(json.loads(text))
        assert dump(again.to_json()) == text
        assert dump(state.clone().to_json()) == text
        # The spectator's view and one seat's, each seat in turn: views were three quarters of
        # this test's time at eight players, and the no-leaks test reads every seat's anyway.
        for seat in (None, step % players):
            dump(state.view(seat))
        dump([e.to_json() for e in events])


def _faces_named(event) -> list[str]:
    """The card faces an event names, by the parameter convention (``names_cards``)."""
    out: list[str] = []
    for key, value in event.params.items():
        if names_cards(key):
            if isinstance(value, str):
                out.append(value)
            elif isinstance(value, list | tuple):
                out += [v for v in value if isinstance(v, str)]
    return out


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_no_leaks_an_event_names_only_cards_its_seat_sees_just_before_or_just_after_it(
    game, variant, players, seed
):
    """Memory lives in the view (docs/architecture.md): a card an event shows a seat is in that
    seat's view (with recall) just before the action, or just after it. So an event never shows
    a face the seat can see nowhere, and a view keeps what the table was shown (Illuminati's
    specials put under the deck were in no view until 2026-11-28). A copy of the face elsewhere
    in the view excuses it: the check is by face, not by card. Spectators keep no memory, so
    seats only."""
    seats = list(range(players))
    before: dict[int, str] = {}
    for state, events in random_game(game, variant, players, seed):
        after = {seat: dump(state.view(seat)) for seat in seats}
        # A reshuffle (Stool Pigeon, Politburó) takes a public pile out of sight within the
        # step: the cards its earlier events put there were seen there, between the two views.
        shuffled = max((i for i, e in enumerate(events) if e.kind == "reshuffle"), default=-1)
        for event in events[shuffled + 1 :]:
            for seat in seats:
                if not event.visible_to(seat):
                    continue
                for face in _faces_named(event):
                    shown = f'"{face}"'
                    assert shown in after[seat] or shown in before.get(seat, ""), (
                        f"{event.kind} shows {face} to seat {seat}, which sees it neither before nor after"
                    )
        before = after


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_no_leaks_view_unchanged_when_hidden_information_is_resampled(game, variant, players, seed):
    rng = random.Random(seed)
    for step, (state, _) in enumerate(random_game(game, variant, players, seed)):
        if step % 2:
            continue
        for seat in (step // 2 % players, rng.randrange(players)):  # every seat, in turn
            other = state.resample(seat, rng)
            for recall in (True, False):
                assert dump(other.view(seat, recall=recall)) == dump(state.view(seat, recall=recall))
            assert dump(other.view(None)) == dump(state.view(None))
            assert other.legal_actions(seat) == state.legal_actions(seat)
            assert other.actors() == state.actors()
            assert other.inventory() == state.inventory()
            actors = other.actors()  # and play goes on from it: a search plays on from there
            if actors:
                other.apply(actors[0], other.random_action(actors[0], rng))


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_view_and_resample_refuse_a_seat_that_is_not_at_the_table(game, variant, players):
    """A seat outside 0..players-1 is refused, never read from the end of the per-seat lists:
    OpenSpiel's chance player is -1, and ``view(-1)`` once showed the last seat's hidden cards."""
    rng = random.Random(7)
    for step, (state, _) in enumerate(random_game(game, variant, players, 7)):
        if step not in (0, 12):
            continue
        before = dump(state.to_json())
        for seat in (-1, -players, players, players + 3):
            with pytest.raises(ValueError, match="not at this table"):
                state.view(seat)
            with pytest.raises(ValueError, match="not at this table"):
                state.resample(seat, rng)
        with pytest.raises(ValueError, match="not at this table"):
            state.resample(None, rng)  # type: ignore[arg-type]
        assert dump(state.to_json()) == before
        assert isinstance(state.view(None), dict)  # a spectator is no seat, and is welcome


def observation(game: Game, state, seat: int, size: int) -> list[float]:
    out = [0.0] * size
    game.observation_encoder().encode(state, seat, out)
    assert len(out) == size, "an encoder wrote past its declared size"
    return out


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_observation_vector_unchanged_when_hidden_information_is_resampled(game, variant, players, seed):
    """The research adapters' vector (``Manifest.observation``) reads what the seat may see
    and nothing else: a resample, which redraws everything else, encodes identically for the
    seat; every entry lies in [0, 1]; over a game, a seat's vector changes."""
    size = game.observation_encoder().layout(players, game.resolve_options(variant)).size
    rng = random.Random(seed)
    distinct = set()
    for step, (state, _) in enumerate(random_game(game, variant, players, seed)):
        for seat in (step % players, rng.randrange(players)):
            mine = observation(game, state, seat, size)
            assert all(0.0 <= x <= 1.0 for x in mine), "an observation entry outside [0, 1]"
            assert observation(game, state.resample(seat, rng), seat, size) == mine
            distinct.add(tuple(mine))
    assert len(distinct) > 1


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_refused_action_changes_nothing(game, variant, players, seed):
    for state, _ in random_game(game, variant, players, seed):
        actors = state.actors()
        before = dump(state.to_json())
        outsiders = [s for s in range(players) if s not in actors]
        attempts: list[tuple[int, tuple]] = [(0, ("no-such-action",))]
        if actors:
            attempts.append((actors[0], ("no-such-action", 99)))
        if outsiders and actors:
            legal = state.legal_actions(actors[0])
            attempts.append((outsiders[0], legal[0]))
        for seat, action in attempts:
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
            assert dump(state.to_json()) == before


STATIC_LABEL_CASES = [case for case in CASES if case.values[0].state_class.STATIC_LABELS]


@pytest.mark.parametrize(("game", "variant", "players"), STATIC_LABEL_CASES)
@PROPERTY
@given(seed=SEEDS)
def test_static_labels_an_action_has_the_same_label_in_every_position(game, variant, players, seed):
    """A game that declares ``STATIC_LABELS`` lets the server reuse labels across moves."""
    labels: dict[tuple, Any] = {}
    for state, _ in random_game(game, variant, players, seed):
        for seat in state.actors():
            for action in state.legal_actions(seat):
                label = state.label(action).to_json()
                assert labels.setdefault(action, label) == label, f"{action} is labelled by the position"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_action_and_event_kind_has_a_label_in_every_language(game: Game):
    from backroom.i18n import LANGUAGES, catalog

    seen_keys: set[str] = set()
    for seed in range(30):
        for variant in game.test_variants():
            for state, events in random_game(game, variant, game.max_players, seed):
                for e in events:
                    seen_keys.add(f"{game.id}.event.{e.kind}")
                for seat in state.actors():
                    for action in state.legal_actions(seat)[:20]:
                        seen_keys.add(state.label(action).key)
                outcome = state.outcome()
                if outcome is not None:
                    seen_keys.add(f"{game.id}.end.{outcome.reason}")
                    if outcome.tiebreak:
                        seen_keys.add(f"{game.id}.tiebreak.{outcome.tiebreak}")
    for lang in LANGUAGES:
        said = catalog(lang)  # a message whose words follow a number has its plural forms instead
        missing = sorted(k for k in seen_keys if k not in said and f"{k}.other" not in said)
        assert not missing, f"{lang} lacks {missing}"


# ---------------------------------------------------------------- kernel, second edition


def catalogs() -> list[dict[str, str]]:
    from backroom.i18n import LANGUAGES, catalog

    return [catalog(lang) for lang in LANGUAGES]


def near_misses(state, seat: int, space, rng: random.Random) -> list[tuple]:
    """Actions a careless or hostile client might send: legal actions of other seats, declared
    actions that are not legal now, and shapes no spec declares."""
    legal = set(state.legal_actions(seat))
    out: list[tuple] = [("no-such-action",), (), ("pass", "x"), ("draw", True)]
    for other in range(state.players):
        out += state.legal_actions(other)[:5]
    for _ in range(10):
        out.append(space.action(rng.randrange(space.num_distinct_actions)))
    for action in list(legal)[:5]:
        out.append((*action, 0))
        if len(action) > 1 and isinstance(action[1], int):
            out.append((action[0], action[1] + 1000, *action[2:]))
    return [a for a in out if a not in legal]


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_kernel_refuses_actions_outside_legal_actions_with_a_rule_key_in_every_catalog_revealing_nothing(
    game, variant, players, seed
):
    space = game.action_space(players, variant)
    rng = random.Random(seed)
    books = catalogs()
    for step, (state, _) in enumerate(random_game(game, variant, players, seed)):
        if step % 3:
            continue
        seat = rng.randrange(players)
        before = dump(state.to_json())
        guess = state.resample(seat, rng)
        for action in near_misses(state, seat, space, rng):
            with pytest.raises(IllegalAction) as refused:
                state.apply(seat, action)
            assert all(refused.value.key in book for book in books), refused.value.key
            assert dump(state.to_json()) == before
            # The reason is sent to the player: it must not depend on anything hidden.
            assert guess.why_illegal(seat, action) == refused.value.key


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_action_specs_number_every_legal_action_and_the_mask_marks_exactly_them(game, variant, players, seed):
    space = game.action_space(players, variant)
    for state, _ in random_game(game, variant, players, seed):
        for seat in range(players):
            legal = state.legal_actions(seat)
            assert len(set(legal)) == len(legal), "a legal list repeats an action"
            indices = [space.index(a) for a in legal]
            assert [space.action(i) for i in indices] == legal
            assert space.indices(legal) == indices
            assert state.legal_indices(seat, space) == indices
            mask = space.mask(legal)
            assert sum(mask) == len(legal) and all(mask[i] for i in indices)


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_identical_views_give_identical_legal_actions(game, variant, players, seed):
    """Actions name what the player sees, never a hidden index: positions a seat cannot tell
    apart offer it the same actions (positions pooled from several games and resamples)."""
    seen: dict[tuple[int, str], list] = {}
    rng = random.Random(seed)
    for offset in range(3):
        for state, _ in random_game(game, variant, players, seed + offset):
            for seat in state.actors():
                for position in (state, state.resample(seat, rng)):
                    key = (seat, dump(position.view(seat)))
                    legal = sorted(map(repr, position.legal_actions(seat)))
                    assert seen.setdefault(key, legal) == legal


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_to_json_returns_data_no_later_move_changes(game, variant, players, seed):
    kept: list[tuple[dict, str]] = []
    for state, _ in random_game(game, variant, players, seed):
        data = state.to_json()
        kept.append((data, dump(data)))
    for data, text in kept:
        assert dump(data) == text


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_quiet_apply_and_random_action_play_the_same_game_as_apply(game, variant, players, seed):
    loud, _ = game.start(players, variant, seed)
    quiet = loud.clone()
    rng = random.Random(seed)
    while loud.actors():
        seat = loud.actors()[0]
        action = loud.random_action(seat, rng)
        assert loud.is_legal(seat, action) and action in loud.legal_actions(seat)
        loud.apply(seat, action)
        quiet.apply_quiet(seat, action)
        assert dump(quiet.to_json()) == dump(loud.to_json())


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_action_is_uniform_over_legal_actions(game, variant, players, seed):
    rng = random.Random(seed)
    for step, (state, _) in enumerate(random_game(game, variant, players, seed)):
        actors = state.actors()
        if step % 7 or not actors:
            continue
        legal = state.legal_actions(actors[0])
        if len(legal) > 12:
            continue
        draws = 300 * len(legal)
        counts = dict.fromkeys(legal, 0)
        for _ in range(draws):
            counts[state.random_action(actors[0], rng)] += 1
        # Each count is Binomial(draws, 1/k): mean 300, sd < 18; 200 is over five sd below.
        assert min(counts.values()) > 200, counts


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_resample_depends_only_on_what_the_seat_knows(game, variant, players, seed):
    """Two positions that a seat cannot tell apart (the real one, and one of its resamples)
    resample to the same position for the same generator: a determinization is a function of
    the seat's information and the generator alone, so a search bot's decision for a seed
    cannot reflect a hidden card, not even through the order of a hidden pile."""
    rng = random.Random(seed)
    for step, (state, _) in enumerate(random_game(game, variant, players, seed)):
        if step % 3:
            continue
        seat = rng.randrange(players)
        twin = state.resample(seat, rng)
        draw = rng.getrandbits(32)
        first = state.resample(seat, random.Random(draw))
        second = twin.resample(seat, random.Random(draw))
        assert dump(first.to_json()) == dump(second.to_json())


def chance_fields(game: Game) -> list[str]:
    return [name for name, f in game.state_class.SCHEMA.fields.items() if isinstance(f, ChanceField)]


CHANCE_CASES = [case for case in CASES if chance_fields(case.values[0])]


@pytest.mark.parametrize(("game", "variant", "players"), CHANCE_CASES)
@PROPERTY
@given(seed=SEEDS)
def test_resample_redraws_chance_so_the_future_is_not_the_real_one(game, variant, players, seed):
    """A determinized position must not carry the real seed: two resamples with different
    generators hold different chance, and neither holds the real one."""
    for step, (state, _) in enumerate(random_game(game, variant, players, seed)):
        if step % 5:
            continue
        seat = step // 5 % players
        a = state.resample(seat, random.Random(seed))
        b = state.resample(seat, random.Random(seed + 1))
        for name in chance_fields(game):
            real, first, second = (getattr(s, name) for s in (state, a, b))
            assert isinstance(real, Chance)
            assert first.seed != real.seed and second.seed != real.seed and first.seed != second.seed


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_schema_declares_every_field_of_the_state(game: Game):
    """A field missing from the schema would be missing from clones and JSON: the state class
    has no attribute dictionary and no slot that the schema does not declare."""
    cls = game.state_class
    state, _ = game.start(game.min_players, None, 1)
    assert not hasattr(state, "__dict__"), f"{cls.__name__} (or a base) lacks __slots__"
    slots = {s for klass in cls.__mro__ for s in getattr(klass, "__slots__", ())}
    assert slots == set(cls.SCHEMA.fields)
    for name in cls.SCHEMA.fields:
        getattr(state, name)  # set by the deal or the schema's defaults


ROLLOUT_CASES = [case for case in CASES if case.values[0].manifest.rollout]


@pytest.mark.parametrize(("game", "variant", "players"), ROLLOUT_CASES)
@PROPERTY
@given(seed=SEEDS)
def test_rollout_policy_plays_a_legal_move_from_what_the_seat_knows(game, variant, players, seed):
    """A game's playout policy (``Manifest.rollout``) answers a legal action, and the same one
    in a position the seat cannot tell apart (a resample) for the same generator: in a search's
    playouts every seat plays on its own information, not on the determinized cards."""
    rollout = load(game.manifest.rollout)
    rng = random.Random(seed)
    for state, _ in random_game(game, variant, players, seed):
        for seat in state.actors():
            twin = state.resample(seat, rng)
            draw = rng.getrandbits(32)
            action = rollout(state, seat, random.Random(draw))
            assert action in state.legal_actions(seat)
            assert rollout(twin, seat, random.Random(draw)) == action


ERRATIC_CASES = [case for case in CASES if case.values[0].manifest.erratic]


@pytest.mark.parametrize(("game", "variant", "players"), ERRATIC_CASES)
@PROPERTY
@given(seed=SEEDS)
def test_erratic_chances_read_only_what_every_seat_saw(game, variant, players, seed):
    """A game's judgement of who plays at random (``Manifest.erratic``) gives each seat a
    chance in [0, 1], the same in every position any seat cannot tell apart (a resample): a
    search models its opponents from their public record, never from hidden cards."""
    erratic = load(game.manifest.erratic)
    rng = random.Random(seed)
    for state, _ in random_game(game, variant, players, seed):
        chances = erratic(state)
        assert len(chances) == players and all(0.0 <= p <= 1.0 for p in chances)
        for seat in range(players):
            assert erratic(state.resample(seat, rng)) == chances


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_winners_score_no_worse_than_losers_in_the_direction_the_game_declares(game, variant, players, seed):
    """``Game.low_score_wins`` tells search which way a score margin points: a winner never
    holds a worse score than a seat it beat."""
    *_, (state, _) = random_game(game, variant, players, seed)
    outcome = state.outcome()
    sign = -1 if game.low_score_wins else 1
    best = min(sign * outcome.scores[s] for s in outcome.winners)
    assert all(sign * score <= best for s, score in enumerate(outcome.scores) if s not in outcome.winners)
