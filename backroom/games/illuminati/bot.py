"""An Illuminati bot that plays as a careful conspirator would, from its seat's view alone.

On its turn it weighs every attack to control it may announce: the chance of the best
attacking group with the aid it needs and the money it can put in (``reading.Table.need``,
the summary's table over the view), against what the group is worth to its structure (a card
toward the basic goal, room for more puppets, income, power toward its special goal, and a
rival's loss when it is taken from one); a rival one capture from its goal is also attacked
to neutralize. It attacks when the odds and its money favour it, funnels its groups' money
toward its Illuminati with the free transfers, and otherwise ends its turn without acting,
for the 5 MB of a turn passed. Out of its turn it defends its groups with their own
treasuries first (each MB counts twice) and interferes against the leader's attacks. It
never plays specials; an action kind it does not know is never preferred, and when nothing
it knows is legal it plays at random among the legal actions.
"""

from __future__ import annotations

from typing import Any

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action
from backroom.games.illuminati.cards import (
    CARD_OF,
    CONTROL,
    INCOME,
    NEUTRALIZE,
    POWER,
    TRANSFER,
    VIOLENT,
    WEIRD,
)
from backroom.games.illuminati.reading import OUT_ARROWS, Table
from backroom.games.illuminati.view import bot_view, chance_of

SURE = 10
"""The roll worth paying for: 11 and 12 always fail, so a need above 10 buys nothing."""
LEAST_CHANCE = 0.4
"""The chance an attack must reach, money spent, to be worth an action."""
MB_PRICE = 0.3
"""What one MB spent on an attack costs, in the units of a group's worth."""
CHANCES = tuple(chance_of(need) for need in range(SURE + 1))
"""The chance of a roll at or under 0..10 (below 2 nothing succeeds, above 10 nothing more)."""
THREAT = 25.0
"""What stopping a rival one capture from its goal is worth, beyond its progress."""
UFO_GOAL = "bavarian_illuminati"
"""The goal the UFOs write down: Power adds up as the structure grows toward the basic goal."""


def odds(need: int) -> float:
    return CHANCES[max(0, min(SURE, need))]


class HeuristicBot(SeededBot):
    __slots__ = ()

    def decide(self, obs: Observation) -> Action:
        view = obs.read(bot_view)
        legal = obs.legal
        choice = Plan(view, obs.seat, legal).choose()
        if choice is None or choice not in legal:
            return legal[int(self.rng.random() * len(legal))]
        return choice


class Plan:
    """One decision: the seat's reading of the table and the legal actions by kind."""

    __slots__ = ("attack", "by_kind", "legal", "seat", "table", "view")

    def __init__(self, view: dict[str, Any], seat: int, legal: list[Action]) -> None:
        self.view = view
        self.seat = seat
        self.legal = legal
        self.table = Table(view, seat)
        self.attack: dict[str, Any] | None = view["attack"]
        self.by_kind: dict[str, list[Action]] = {}
        for action in legal:
            self.by_kind.setdefault(action[0], []).append(action)

    def choose(self) -> Action | None:
        phase = self.view["phase"]
        if phase == "choose":
            return ("goal", UFO_GOAL)
        if phase == "action":
            return self.act()
        if phase == "attack":
            return self.announce()
        if phase == "spend":
            return self.spend()
        if phase == "place":
            return self.place()
        if phase == "transfer":
            return self.amount()
        if "pass" in self.by_kind:
            return ("pass",)
        return ("end",) if "end" in self.by_kind else None

    # -------------------------------------------------------------- what a group is worth

    def goal_root(self) -> str:
        root = self.table.root
        return self.view.get("secret_goal") or (UFO_GOAL if root == "ufos" else root)

    def worth(self, mode: str, target: str) -> float:
        """What an attack on ``target`` in ``mode`` is worth to the seat: to control it, a
        card toward the basic goal (the last one above all), room for puppets, income, its help
        toward the special goal; either way, the rival's loss."""
        t = self.table
        owner = t.owner.get(target, -1)
        denial = self.denial(owner) if owner >= 0 and owner != self.seat else 0.0
        if mode != CONTROL:
            return denial
        card = CARD_OF[target]
        value = (
            10.0 + 2.0 * OUT_ARROWS[target] + 0.7 * INCOME[card] + 0.3 * POWER[card] + 0.5 * TRANSFER[card]
        )
        value += 4.0 * self.toward_goal(target)
        if t.size.get(self.seat, 0) + 1 >= t.goal:
            value += 50.0
        return value + denial

    def denial(self, rival: int) -> float:
        """What a group taken from ``rival`` is worth: more the nearer its goal, much more when
        its next capture would win."""
        t = self.table
        return 8.0 * t.progress(rival) + (THREAT if self.threatens(rival) else 0.0)

    def threatens(self, rival: int) -> bool:
        return self.table.size.get(rival, 0) + 1 >= self.table.goal

    def toward_goal(self, target: str) -> float:
        card = CARD_OF[target]
        goal = self.goal_root()
        if goal == "bavarian_illuminati":
            return POWER[card] / 3
        if goal == "network":
            return TRANSFER[card] / 2
        if goal == "discordian_society":
            return 3.0 if self.table.align(target) & WEIRD else 0.0
        if goal == "society_of_assassins":
            return 3.0 if self.table.align(target) & VIOLENT else 0.0
        if goal == "gnomes_of_zurich":
            return INCOME[card] / 2
        if goal == "bermuda_triangle":
            covered = 0
            for face in self.table.mine():
                covered |= self.table.align(face)
            return 2.0 * bin(self.table.align(target) & ~covered).count("1")
        return 0.0

    # -------------------------------------------------------------------------- the turn

    def purse(self, attacker: str) -> int:
        """The MB an attack by ``attacker`` may spend: its own and its Illuminati's."""
        t = self.table
        return t.money.get(t.root, 0) + (t.money.get(attacker, 0) if attacker != t.root else 0)

    def helpers(self, attacker: str, target: str) -> list[str]:
        """The seat's fresh groups that may aid ``attacker``, most Transferable Power first."""
        t = self.table
        out = [
            f
            for f in t.mine()
            if f not in (attacker, target)
            and TRANSFER[CARD_OF[f]] > 0
            and t.fresh(f)
            and not t.immune(f, target)
        ]
        return sorted(out, key=lambda f: -TRANSFER[CARD_OF[f]])

    def plan_attack(self, mode: str, target: str) -> tuple[float, float]:
        """The best (score, chance) of an attack on ``target``: the best attacker, the aid it
        needs, the money it can spend, the defender's money against it."""
        t = self.table
        owner = t.owner.get(target, -1)
        against = 0
        if owner >= 0 and owner != self.seat:
            against = 2 * t.money.get(target, 0) + t.money.get(t.roots[owner], 0) // 2
        best = (float("-inf"), 0.0)
        worth = self.worth(mode, target)
        for attacker in t.mine():
            card = CARD_OF[attacker]
            if attacker == target or POWER[card] <= 0 or not t.fresh(attacker) or t.immune(attacker, target):
                continue
            if mode == CONTROL and t.free_arrows(attacker) <= 0:
                continue
            need = t.need(mode, attacker, [], target)
            aids = 0
            budget = self.purse(attacker)
            for helper in self.helpers(attacker, target):
                if need + budget - against >= SURE:
                    break
                need += TRANSFER[CARD_OF[helper]]
                aids += 1
            spend = max(0, min(budget, SURE - need + against))
            chance = odds(need + spend - against)
            score = chance * worth - MB_PRICE * spend - 0.5 * aids
            best = max(best, (score, chance))
        return best

    def act(self) -> Action | None:
        best: tuple[float, float, Action] | None = None
        for action in self.by_kind.get("attack", []):
            mode, target = action[1], action[2]
            if mode != CONTROL and not (mode == NEUTRALIZE and self.threatens(self.table.owner[target])):
                continue
            score, chance = self.plan_attack(mode, target)
            if chance >= LEAST_CHANCE and score > 0 and (best is None or score > best[0]):
                best = (score, chance, action)
        if best is not None:
            return best[2]
        turn = self.view["turn"]
        if turn["acted"] and turn["transfers_left"] > 0:
            transfer = self.inward_transfer()
            if transfer is not None:
                return transfer
        return ("end",)

    def inward_transfer(self) -> Action | None:
        """A free transfer of a group's money one step toward the Illuminati, the richest
        group first: money there serves every attack."""
        t = self.table
        inward = [
            a
            for a in self.by_kind.get("transfer", [])
            if t.master.get(a[1]) == a[2] and t.money.get(a[1], 0) > 0
        ]
        return max(inward, key=lambda a: t.money[a[1]], default=None)

    def amount(self) -> Action | None:
        """All of it toward the Illuminati; otherwise (the transfer after a capture) the least."""
        transfer = self.view["transfer"]
        if transfer is None:
            return None
        t = self.table
        if t.distance.get(transfer["to"], 99) < t.distance.get(transfer["from"], 0):
            return ("amount", "all")
        return min(self.by_kind.get("amount", []), key=lambda a: -1 if a[1] == "all" else a[1], default=None)

    # --------------------------------------------------------------------- the attack

    def announce(self) -> Action | None:
        attack = self.attack
        if attack is None:
            return None
        target, mode = attack["target"], attack["mode"]
        t = self.table
        if "attacker" in self.by_kind:
            return max(
                self.by_kind["attacker"],
                key=lambda a: (t.need(mode, a[1], [], target), -t.distance.get(a[1], 0)),
            )
        need = attack.get("need", 0)
        last = self.view["turn"]["actions_left"] <= 1
        if need < SURE and (last or need + self.purse(attack["attacker"]) < SURE):
            aids = self.by_kind.get("aid", [])
            if aids:
                return max(aids, key=lambda a: TRANSFER[CARD_OF[a[1]]])
        return ("announce", "open")

    def spend(self) -> Action | None:
        attack = self.attack
        if attack is None:
            return ("pass",)
        t = self.table
        need: int = attack["need"]
        owner = t.owner.get(attack["target"], -1)
        if self.seat == t.active:
            return self.push(attack, need)
        if owner == self.seat:
            return self.defend(attack, need)
        return self.interfere(need)

    def push(self, attack: dict[str, Any], need: int) -> Action:
        """The attacker's raise: up to a roll of 10, from the attacking group first; a
        hopeless attack is cancelled while it still can be."""
        purse = self.purse(attack["attacker"])
        if need + purse < SURE - 6 and "cancel" in self.by_kind:
            return ("cancel",)
        spent = attack["spent"]["attacker"]
        room = int(self.worth(attack["mode"], attack["target"]) / MB_PRICE / 4) - spent
        return self.raise_by("spend", ("group", "illuminati"), min(SURE - need, room))

    def defend(self, attack: dict[str, Any], need: int) -> Action:
        """The defender's raise: the group's own money first (2 a MB), then the Illuminati's
        while the group and its puppets are worth it."""
        if need <= 1:
            return ("pass",)
        t = self.table
        target = attack["target"]
        group = t.money.get(target, 0)
        if group > 0:
            return self.raise_by("spend", ("group",), need // 2)
        stake = 10.0 * (1 + t.puppets.get(target, 0))
        spent = attack["spent"]["defender_illuminati"]
        room = int(stake / 2) - spent
        return self.raise_by("spend", ("illuminati",), min(need - 1, room))

    def interfere(self, need: int) -> Action:
        """Against the leader's attacks (when it leads the seat too), with a third of the
        Illuminati's money."""
        t = self.table
        attacker = t.active
        if attacker != t.leader() or need <= 1 or t.progress(attacker) < t.progress(self.seat):
            return ("pass",)
        room = t.money.get(t.root, 0) // 3
        return self.raise_by("interfere", ("against",), min(need - 1, room))

    def raise_by(self, kind: str, sources: tuple[str, ...], mb: int) -> Action:
        """The legal raise closest to ``mb`` from the first source that has money; a pass when
        none is wanted or possible."""
        if mb <= 0:
            return ("pass",)
        raises = self.by_kind.get(kind, [])
        for source in sources:
            options = [a for a in raises if a[1] == source]
            if options:
                return min(options, key=lambda a: (abs(a[2] - mb), a[2]))
        return ("pass",)

    def place(self) -> Action | None:
        places = self.by_kind.get("place", [])
        return places[0] if places else None
