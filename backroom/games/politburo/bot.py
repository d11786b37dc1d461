"""A Politburó bot that plays as a sensible party member would, from its seat's view alone.

Every legal action gets a worth and the bot plays the best (ties broken at random). It raises
its own leading candidate's loyalty, aims Difamación and Agresión at the rival candidate
nearest an office (and at a candidate one blow from death), keeps its cures in hand for a
lethal blow and plays them then, defends in every window where it can, takes offices with
¡Ascenso! and ¡Usurpación! and removes rivals' with ¡Destitución!, and throws away the cards
it values least when it must discard.
"""

from __future__ import annotations

from typing import Any

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action

OFFICE_STEPS = (10, 14, 17, 21, 25)
KEEP = {"cura": 9.0, "hospitalizacion": 5.0, "contraataque": 5.0, "atentado": 5.0, "ascenso": 5.0}
"""How much a card in hand is worth keeping (others: by type, below)."""


def value(face: str) -> int:
    """The printed number of a Demagogia, Difamación or Agresión face (``"agresion-3"``: 3)."""
    return int(face.rsplit("-", 1)[1]) if "-" in face else 0


class HeuristicBot(SeededBot):
    __slots__ = ()

    def decide(self, obs: Observation) -> Action:
        view = obs.view()
        seat = obs.seat
        ctx = Context(view, seat)
        best: list[Action] = []
        top = float("-inf")
        for action in obs.legal:
            worth = ctx.worth(action)
            if worth > top + 1e-9:
                top, best = worth, [action]
            elif abs(worth - top) <= 1e-9:
                best.append(action)
        return best[int(self.rng.random() * len(best))]


class Context:
    """What the bot reads from its view: candidates, the threat each rival poses, its hand."""

    __slots__ = ("cands", "hand", "leader", "mine", "pending", "seat", "step", "view", "window")

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.seat = seat
        self.cands = {c["id"]: c for c in view["candidates"] if c["fate"] == "in_play"}
        self.mine = [c for c in self.cands.values() if c["seat"] == seat]
        self.leader = max(self.mine, key=lambda c: (c["loyalty"], c["health"]))["id"] if self.mine else -1
        self.hand = view["hand"] or []
        self.pending = view["pending"]
        self.step = view["step"]
        self.window = view["window"]

    def threat(self, c: int) -> float:
        """How badly a candidate should be brought down: the nearer its next office (or the
        Secretary's 25), the more; a rival's office holder counts extra."""
        cand = self.cands[c]
        loyalty = cand["loyalty"]
        nxt = next((s for s in OFFICE_STEPS if s > loyalty), 25)
        return loyalty + (6 - min(6, nxt - loyalty)) + (3 if cand["office"] else 0)

    def is_mine(self, c: int) -> bool:
        return c in self.cands and self.cands[c]["seat"] == self.seat

    def keep(self, face: str) -> float:
        if face in KEEP:
            return KEEP[face]
        base = face.split("-")[0]
        if base == "demagogia":
            return 2.0 + value(face)
        if base in ("difamacion", "agresion"):
            return 1.0 + value(face)
        return 2.0 if base in ("guardaespaldas", "vengativo", "favorito", "manipulador") else 3.0

    def worth(self, action: Action) -> float:
        kind = action[0]
        method = getattr(self, f"w_{kind}", None)
        return method(*action[1:]) if method else 0.0

    # ------------------------------------------------------------------ plays

    def hit(self, face: str, c: int) -> float:
        base = face.split("-")[0]
        amount = value(face)
        cand = self.cands.get(c)
        if cand is None:
            return -5.0
        mine = cand["seat"] == self.seat
        if base == "demagogia":
            gain = amount * (1.5 if c == self.leader else 1.0) + (4 if cand["loyalty"] < 0 else 0)
            nxt = next((s for s in OFFICE_STEPS if s > cand["loyalty"]), 99)
            gain += 3 if cand["loyalty"] + amount >= nxt else 0
            return gain if mine else -gain
        if base == "difamacion":
            return -amount * 2 if mine else amount * 0.3 * self.threat(c)
        lethal = cand["health"] <= amount
        damage = amount * (0.5 + self.threat(c) / 20) + (8 if lethal else 0)
        return -damage * 2 if mine else damage

    def w_play(self, face: str, c: int) -> float:
        return self.hit(face, c) - 0.2 * self.keep(face)

    def w_use(self, source: int, face: str, c: int) -> float:
        return self.hit(face, c) - 0.5

    def w_assign(self, face: str, c: int) -> float:
        base = face.split("-")[0]
        if base in ("guardaespaldas", "favorito", "vengativo", "manipulador"):
            return 1.5 if c == self.leader else 0.8
        return 0.6 if base in ("agresion", "difamacion") else 0.2

    def w_discard(self, face: str) -> float:
        return -self.keep(face) - 0.5

    def w_redraw(self) -> float:
        return -3.0 + sum(1 for f in self.hand if self.keep(f) < 3) * 0.8

    def w_pass(self) -> float:
        return 0.0

    def w_add(self, face: str) -> float:
        return value(face) * 0.8

    def w_defend(self, face: str, where: str) -> float:
        p = self.pending
        if p is None:
            return 0.0
        c = p["candidate"]
        cand = self.cands[c]
        stake = p["amount"] * (2.0 if c == self.leader else 1.0)
        if p["kind"] == "health" and cand["health"] <= p["amount"]:
            stake += 10
        return stake + (0.5 if face in ("vengativo", "manipulador") else 0.0)

    def w_target(self, c: int) -> float:
        kind = self.step["kind"] if self.step else ""
        if kind in ("return", "redirect"):
            return -5.0 if self.is_mine(c) else self.threat(c)
        if kind == "usurp":
            return self.cands[c]["loyalty"] if self.is_mine(c) else -5.0
        loyalty = self.cands[c]["loyalty"]
        return -abs(loyalty - 8) - (10 if c == self.leader else 0)  # who pays for Contrabando

    def w_special(self, face: str) -> float:
        cands = self.cands.values()
        if face in ("traicion", "patriotismo", "plan_quinquenal"):
            return 4.0
        if face == "contraataque":
            return self.w_defend("vengativo", "hand") + 1
        if face == "popularidad":
            return 3.0 if self.window and self.window["kind"] == "defame" else 0.5
        if face == "gran_purga":
            return sum(-6.0 if c["seat"] == self.seat else 4.0 for c in cands if c["loyalty"] <= 4)
        if face == "revueltas":
            return sum(-2.0 if c["seat"] == self.seat else 2.0 for c in cands if c["office"])
        hurt = [c for c in cands if not c["office"] and not c["hospitalized"]]  # industrialisation
        return sum((-1.5 if c["seat"] == self.seat else 1.0) * (3 if c["health"] <= 2 else 1) for c in hurt)

    def w_special_on(self, face: str, c: int) -> float:
        cand = self.cands[c]
        if face == "cura":
            if self.window and self.window["kind"] == "dying":
                return 50.0
            return -1.0
        if face == "hospitalizacion":
            p = self.pending
            if p and p["candidate"] == c and cand["health"] <= p["amount"]:
                return 12.0
            return 2.0 if cand["health"] <= 3 else -1.0
        if face == "atentado":
            return self.hit("agresion-5", c)
        return 6.0 + cand["loyalty"] / 5  # ascenso

    def w_special_office(self, face: str, office: int) -> float:
        holder = self.view["offices"][office]["holder"]
        if holder is None or self.is_mine(holder):
            return -3.0
        return 5.0 + office

    def w_smuggle(self, face: str) -> float:
        if self.window and self.window["kind"] == "dying":  # the cure that saves a candidate
            return 40.0
        return self.keep(face) - 7.0

    def w_industry(self) -> float:
        return 1.0

    def w_industry_discard(self) -> float:
        card = self.step["card"] if self.step else ""
        return 0.1 - self.keep(card)

    def w_industry_return(self) -> float:
        return self.w_industry_discard() - 0.05

    def w_industry_swap(self, face: str) -> float:
        card = self.step["card"] if self.step else ""
        return self.keep(card) - self.keep(face) - 0.2

    def w_nkvd(self, c: int) -> float:
        return 0.5
