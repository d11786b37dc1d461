"""What the heuristic bot reads from one seat's view: who holds each card, the treasuries, the
distances, who leads, and the number an attack would need before anyone spends.

Everything here comes from the view (``view.py``) and the printed card data, never from the
state: a bot must decide as a player at the table would. ``Table.need`` restates the summary's
attack table (``attack.needed``) over the view; a property test pins the two together, so the
bot's estimate is the engine's number whenever an attack is announced.
"""

from __future__ import annotations

from typing import Any

from backroom.games.illuminati.cards import (
    ALIGN,
    ALIGNMENT_BONUS,
    ALIGNMENTS,
    BONUSES,
    CARD_OF,
    COMMUNIST,
    CONTROL,
    DATA,
    DESTROY,
    DISCORDIAN_IMMUNE_TO,
    FACE,
    GOVERNMENT,
    GUN_LOBBY,
    GUN_LOBBY_AGAINST,
    GUN_LOBBY_RESISTANCE,
    NEUTRALIZE,
    NEUTRALIZE_BONUS,
    POWER,
    PROXIMITY,
    RESISTANCE,
    SURVIVALISTS,
    SURVIVALISTS_BONUS,
    TRANSFER,
    same_and_opposite,
)

CHINESE_CAMPAIGN_DONORS = CARD_OF["chinese_campaign_donors"]
OUT_ARROWS: dict[str, int] = {
    entry["id"].split(":", 1)[1]: entry["arrows"]["out_count"]
    for entry in DATA["illuminati"] + DATA["groups"]
}
"""Printed outward arrows of every card: how many puppets it can ever hold."""


class Table:
    """One seat's reading of its view."""

    __slots__ = (
        "active",
        "bonuses",
        "cards",
        "distance",
        "goal",
        "laser",
        "master",
        "money",
        "owner",
        "puppets",
        "root",
        "roots",
        "seat",
        "size",
        "used",
    )

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.active: int = view["active"]
        self.goal: int = view["goal"]
        self.bonuses: list[tuple[Any, ...]] | None = None
        self.owner: dict[str, int] = {}
        self.money: dict[str, int] = {}
        self.distance: dict[str, int] = {}
        self.master: dict[str, str | None] = {}
        self.puppets: dict[str, int] = {}
        self.roots: dict[int, str] = {}
        self.size: dict[int, int] = {}
        self.cards: dict[int, list[str]] = {}
        for info in view["players_info"]:
            s = info["seat"]
            if not info["alive"]:
                continue
            self.roots[s] = info["illuminati"]
            self.size[s] = len(info["structure"])
            self.cards[s] = [entry["card"] for entry in info["structure"]]
            for entry in info["structure"]:
                face = entry["card"]
                self.owner[face] = s
                self.money[face] = entry["money"]
                self.distance[face] = entry["distance"]
                self.master[face] = entry["master"]
                if entry["master"] is not None:
                    self.puppets[entry["master"]] = self.puppets.get(entry["master"], 0) + 1
        self.root = self.roots.get(seat, "")
        self.used = set(view["turn"]["used"])
        lasers = view.get("lasers")
        self.laser: tuple[str, int] | None = None
        if lasers:
            self.laser = (lasers["card"], sum(1 << ALIGNMENTS.index(a) for a in lasers["alignments"]))

    # ----------------------------------------------------------------- the cards

    def mine(self) -> list[str]:
        """The seat's cards, its Illuminati first."""
        return self.cards.get(self.seat, [])

    def align(self, face: str) -> int:
        if self.laser and self.laser[0] == face:
            return self.laser[1]
        return ALIGN[CARD_OF[face]]

    def free_arrows(self, face: str) -> int:
        """Printed outward arrows not yet holding a puppet (a collision may still block one)."""
        return OUT_ARROWS[face] - self.puppets.get(face, 0)

    def fresh(self, face: str) -> bool:
        """Whether ``face`` may still attack or aid this turn (the UFOs' second use aside)."""
        return face not in self.used

    # ------------------------------------------------------------------- players

    def progress(self, seat: int) -> float:
        """How near ``seat`` is to the basic goal, 0 to 1: the measure of the leader."""
        return self.size.get(seat, 0) / self.goal

    def leader(self) -> int:
        """The rival nearest the basic goal (-1: no rival left)."""
        rivals = [s for s in self.roots if s != self.seat]
        return max(rivals, key=lambda s: (self.progress(s), self.money.get(self.roots[s], 0)), default=-1)

    # ------------------------------------------------------------------ attacks

    def immune(self, attacker: str, target: str) -> bool:
        """The Discordians' structure is out of reach of Government and Straight groups."""
        owner = self.owner.get(target, -1)
        return (
            owner >= 0
            and self.roots[owner] == "discordian_society"
            and bool(self.align(attacker) & DISCORDIAN_IMMUNE_TO)
        )

    def need(self, mode: str, attacker: str, helpers: list[str], target: str) -> int:
        """The roll the attack would need, at or under, before any money is spent."""
        a, t = CARD_OF[attacker], CARD_OF[target]
        power = POWER[a] + sum(TRANSFER[CARD_OF[h]] for h in helpers)
        defence = POWER[t] if mode == DESTROY and POWER[t] else self.resistance(attacker, target)
        total = power - defence - self.proximity(target) + self.alignment(mode, attacker, target)
        total += self.bonus(mode, attacker, target)
        return total + (NEUTRALIZE_BONUS if mode == NEUTRALIZE else 0)

    def resistance(self, attacker: str, target: str) -> int:
        t = CARD_OF[target]
        value = RESISTANCE[t]
        if t == GUN_LOBBY and self.align(attacker) & GUN_LOBBY_AGAINST:
            value = GUN_LOBBY_RESISTANCE
        owner = self.owner.get(target, -1)
        survivalists = self.owner.get("survivalists", -2)
        if owner >= 0 and t != SURVIVALISTS and survivalists == owner:
            value += SURVIVALISTS_BONUS
        return value

    def proximity(self, target: str) -> int:
        owner = self.owner.get(target, -1)
        if owner < 0 or owner == self.active:
            return 0
        distance = self.distance[target]
        return PROXIMITY[distance - 1] if 1 <= distance <= len(PROXIMITY) else 0

    def alignment(self, mode: str, attacker: str, target: str) -> int:
        mine, theirs = self.align(attacker), self.align(target)
        if CARD_OF[attacker] == CHINESE_CAMPAIGN_DONORS and mode == CONTROL and theirs & GOVERNMENT:
            mine = mine & ~COMMUNIST | GOVERNMENT  # instead of Communist (ruling 9)
        same, opposite = same_and_opposite(mine, theirs)
        return (-1 if mode == DESTROY else 1) * ALIGNMENT_BONUS * (same - opposite)

    def bonus(self, mode: str, attacker: str, target: str) -> int:
        a, t = CARD_OF[attacker], CARD_OF[target]
        if self.bonuses is None:  # the active structure's printed bonuses, once a decision
            self.bonuses = [b for b in BONUSES if self.owner.get(FACE[b[0]], -1) == self.active]
        total = 0
        for card, modes, mask, cards, amount, any_attempt in self.bonuses:
            if mode not in modes:
                continue
            if not (any_attempt or card == a):
                continue
            if (mask and self.align(target) & mask) or t in cards or (not mask and not cards):
                total += amount
        return total
