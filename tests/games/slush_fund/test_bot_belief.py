"""The heuristic bot's belief is read from the state (issue 16.5), not from the JSON view: it must
read exactly what the seat's view shows, nothing it cannot see, and the belief it keeps from one
decision to the next within a turn must decide as a fresh one does."""

from __future__ import annotations

import random
from collections.abc import Iterator

from backroom.bots import Observation, make_bot
from backroom.games.slush_fund import GAME
from backroom.games.slush_fund.belief import money_k, read_belief
from backroom.games.slush_fund.bot import HeuristicBot
from backroom.games.slush_fund.state import SlushFundState


def positions(games: int, seed: int) -> Iterator[tuple[SlushFundState, int]]:
    """Positions of seeded games, 2 to 4 players, half of the seats heuristic and half random,
    so that Spies look, Thieves steal and piles grow deep."""
    rng = random.Random(seed)
    for game in range(games):
        players = 2 + game % 3
        state, _ = GAME.start(players, None, seed * 1000 + game)
        bots = [make_bot("heuristic", GAME, game * 10 + s) for s in range(players)]
        while state.actors():
            seat = state.actors()[0]
            obs = Observation(state, seat)
            if len(obs.legal) > 1:
                yield state, seat
            action = bots[seat].choose(obs) if seat % 2 == 0 else rng.choice(obs.legal)
            state.apply_quiet(seat, action)


def view_belief(state: SlushFundState, seat: int) -> tuple[object, ...]:
    """The belief as the bot first built it, from the seat's JSON view: covered cards it cannot
    see at the mean of the bribe cards it has not seen, added from the bottom of each pile."""
    view = state.view(seat)
    counts = {c["face"]: c["count"] for c in view["deck_composition"]}
    for face in view["fund"] + view["held"] + view["out"]:
        counts[face] -= 1
    for row in view["piles"]:
        for pile in row:
            for face in pile["cards"]:
                if face is not None:
                    counts[face] -= 1
    counts["time"] -= view["time"]
    counts["scandal"] -= sum(p["scandals"] for p in view["politicians"])
    money = {f: c for f, c in counts.items() if c > 0 and f.startswith("money-")}
    vp = max(counts.get("vp", 0), 0)
    bribes = sum(money.values()) + vp
    mean = sum(money_k(f) * c for f, c in money.items()) / bribes if bribes else 20.0
    share = vp / bribes if bribes else 0.0
    sums = []
    for row in view["piles"]:
        for pile in row:
            m = c = v = 0.0
            u = 0
            for face in pile["cards"]:
                if face is None:
                    m, c, v, u = m + mean, c + (1.0 - share), v + share, u + 1
                elif face == "vp":
                    v += 1.0
                elif face.startswith("money-"):
                    m, c = m + money_k(face), c + 1.0
            sums.append((m, c, v, u))
    unseen = [(f, c) for f, c in counts.items() if c > 0]
    return mean, share, sums, unseen


def test_the_belief_read_from_the_state_is_the_one_built_from_the_seats_view_float_for_float():
    checked = 0
    for state, _seat in positions(12, 1):
        for viewer in range(state.n):
            belief = read_belief(state, viewer)
            sums = [
                (belief.money[s][p], belief.cards[s][p], belief.vp[s][p], belief.unknown[s][p])
                for s in range(state.n)
                for p in range(5)
            ]
            assert (belief.mean, belief.vp_share, sums, belief.unseen) == view_belief(state, viewer)
            checked += 1
    assert checked > 1000


def test_the_belief_and_the_choice_are_the_same_whatever_the_hidden_cards():
    """Others' covered cards and the deck redrawn by ``resample`` change neither the belief nor
    the choice: the bot reads nothing its seat cannot see."""
    for n, (state, seat) in enumerate(positions(6, 2)):
        if n % 5:
            continue
        mine = HeuristicBot(random.Random(7)).choose(Observation(state, seat))
        before = read_belief(state, seat)
        for redraw in range(2):
            other = state.resample(seat, random.Random(redraw))
            after = read_belief(other, seat)
            assert (after.money, after.cards, after.vp, after.unknown, after.mean, after.unseen) == (
                before.money,
                before.cards,
                before.vp,
                before.unknown,
                before.mean,
                before.unseen,
            )
            assert HeuristicBot(random.Random(7)).choose(Observation(other, seat)) == mine


def test_a_bot_that_keeps_its_belief_within_a_turn_decides_as_a_fresh_one():
    kept: dict[int, HeuristicBot] = {}
    for state, seat in positions(9, 3):
        bot = kept.setdefault(seat, HeuristicBot(random.Random(1)))
        assert bot.choose(Observation(state, seat)) == HeuristicBot(random.Random(1)).choose(
            Observation(state, seat)
        )
