"""A player's power structure ("Estructura de Poder"): the Illuminati card and the groups it
controls, laid out as the rulebook lays them out on the table.

Ruling (the geometry). The rulebook places cards by their arrows: "Se sitúa junto a su captor,
con su flecha hacia dentro junto a una de las flechas hacia fuera de ese Grupo, que pasa a ser
su nuevo “amo”."; "No importa si una carta está al revés o de lado, siempre que las flechas se
alineen adecuadamente."; "Las cartas no pueden quedar montadas."; and "Si no tiene flecha, ya
sea porque todas estén en uso o alguna esté bloqueada, no podrá intentar controlar a otro
Grupo." Here every card is one square cell of a grid (``geometry.py``): a puppet lies on the
cell beyond its master's arrow, turned the one way that lays its incoming arrow against that
arrow; two cards overlap exactly when they share a cell; an outward arrow is free when no card
lies on the cell beyond it, in use when its puppet lies there, and blocked when another card
does (Figure 4: "Las Esposas de Congresistas tienen una flecha libre y pueden controlar a otro
Grupo, mientras que los Demócratas tienen dos flechas libres, pero sólo pueden usar una, ¡la del
lateral está bloqueada por las Esposas!"). The printed cards are rectangles, so on a real table
a sideways card can overhang a neighbour's edge by a little or leave a sliver of gap; the grid
reads every such case as "same cell or not", which keeps "may this card go here?" a question
with one answer that every player and bot sees the same way.

Ruling (distance). "Cuanto más cerca esté de los Illuminati que lo controlan mayor será su
bonificador a la Resistencia, o al Poder si alguien intenta destruirlo. Si está al lado consigue
¡un +10! Si está a un Grupo de distancia logra un +5, y si está a dos un +2." The summary's
table says "al lado" means "Los Illuminati controlan directamente al Grupo defensor", and Figure
3 adds "Ten en cuenta que los Grupos alejados en más de tres cartas de los Illuminati no obtienen
ningún bonificador." So ``distance`` counts control links from the Illuminati along the chain
of masters (1 for a direct puppet, 2 with one group between, ...), never grid cells.

Ruling (re-placing). "Cuando se sitúen en la Estructura de Poder del atacante deberán mantener
la misma posición hacia su amo que tenían en un principio." (captures) and "Si el Grupo a mover
tiene títeres se moverán con él (así como los títeres de estos, etc.)." (moves): every puppet
stays on the same arrow of the same master. Then "Si el mover un Grupo hace que algunos de los
títeres choquen con otras cartas podrán moverse a otras flechas de control, *siempre y cuando
sigan bajo el control del mismo amo*. Cualquier títere que no pueda ser recolocado *se pierde*.
Pasa, junto a sus títeres, a la zona no controlada." The cards settle master by master from the
moved (or captured) group outward, each master's arrows clockwise from the printed top: first
every puppet that keeps its place, then each one that collides goes to the arrow its owner
chose (``choices``: those first, so a choice settles which of two puppets takes the last free
arrow), the others in order to their master's first free arrow; one with no free arrow left is
lost with its puppets.

Ruling (a group does not block itself). "Un jugador puede utilizar una de sus acciones para
reorganizar su Estructura de Poder, moviendo un Grupo a una flecha de control libre." The moved
group is lifted before it is laid again, so an arrow pointing at one of its own cards is free for
it; the arrow it hangs from is not a move.

Ruling (transfers). "Si no se pueden evitar los choques el jugador debe solucionarlos eligiendo
una o más cartas que choquen, sin importar si son nuevas o no, y dejarlas no controladas." A
received group is grafted like a captured one, and the receiver frees new cards through
``choices`` (which puppet takes a free arrow) or old ones by ``detach``ing them before the graft.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from backroom.games.illuminati.geometry import (
    SIDES,
    CardArrows,
    Cell,
    Group,
    Placement,
    Side,
    beyond,
    facing_rotation,
    is_side,
    opposite,
    refuse,
    side_name,
    turned,
)

# An outward arrow of a laid card: the card, the arrow's printed side, the cell beyond it, and
# the table side a puppet there turns its incoming arrow toward.
_Slot = tuple[str, Side, Cell, Side]


class _Spot(NamedTuple):
    """A laid card; ``reach`` lists its outward arrows as ``_Slot``s, worked out once when the
    card is laid since every question about arrows asks for them."""

    cell: Cell
    rotation: int
    master: str | None
    arrow: Side | None
    reach: tuple[_Slot, ...]


class Structure:
    """One player's power structure, the Illuminati card ``root`` on cell (0, 0).

    ``arrows`` gives the printed arrows of every card that may join (it is shared, never
    copied). Mutating methods check everything first: a refused call raises ``IllegalAction``
    with an ``illuminati.error.*`` key and leaves the structure as it was.
    """

    __slots__ = ("_arrows", "_root", "_spot", "_at", "_order")

    def __init__(self, root: str, arrows: Mapping[str, CardArrows]) -> None:
        if root not in arrows or arrows[root].incoming is not None:
            raise refuse("not_illuminati", card=root)
        self._arrows = arrows
        self._root = root
        self._spot: dict[str, _Spot] = {
            root: _Spot((0, 0), 0, None, None, _reach(root, arrows[root], (0, 0), 0))
        }
        self._at: dict[Cell, str] = {(0, 0): root}
        self._order: tuple[str, ...] | None = None  # cards() until the next change

    # -- reading -------------------------------------------------------------------------

    @property
    def root(self) -> str:
        return self._root

    def __contains__(self, card: object) -> bool:
        return card in self._spot

    def __len__(self) -> int:
        return len(self._spot)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Structure) and self._root == other._root and self._spot == other._spot

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Structure({self._root!r}, {len(self._spot)} cards)"

    def cards(self) -> list[str]:
        """Every card, the Illuminati first, then each branch clockwise from the printed top."""
        if self._order is None:
            self._order = tuple(self._branch(self._root))
        return list(self._order)

    def master(self, card: str) -> str | None:
        """The card that controls ``card`` (``None`` for the Illuminati)."""
        return self._known(card).master

    def puppets(self, card: str) -> list[str]:
        """The cards hanging from ``card``'s outward arrows, clockwise from the printed top."""
        return [puppet for _arrow, puppet in self._puppet_arrows(card)]

    def placement(self, card: str) -> Placement | None:
        """Where ``card`` hangs (``None`` for the Illuminati)."""
        spot = self._known(card)
        return (
            None
            if spot.master is None or spot.arrow is None
            else Placement(spot.master, spot.arrow, spot.rotation)
        )

    def cell(self, card: str) -> Cell:
        return self._known(card).cell

    def rotation(self, card: str) -> int:
        return self._known(card).rotation

    def cells(self) -> dict[Cell, str]:
        """Which card lies on each occupied cell (a copy)."""
        return dict(self._at)

    def distance(self, card: str) -> int:
        """Control links from the Illuminati to ``card`` (0 for the Illuminati themselves)."""
        links = 0
        master = self._known(card).master
        while master is not None:
            links += 1
            master = self._spot[master].master
        return links

    def free_arrows(self, card: str) -> list[Side]:
        """``card``'s outward arrows (printed sides) with no card, puppet or other, beyond."""
        return [arrow for _card, arrow, cell, _toward in self._known(card).reach if cell not in self._at]

    def group(self, card: str) -> Group:
        """``card`` with its puppets, as the shape a capture or a transfer carries away."""
        return Group(card, tuple((arrow, self.group(puppet)) for arrow, puppet in self._puppet_arrows(card)))

    def placements(self, master: str, card: str) -> list[Placement]:
        """Every legal place for ``card`` on ``master``: a new card on a free arrow, or, when
        ``card`` is already here, a move of its group (lifted off the table first, so its own
        cards block nothing) to another arrow of a card outside that group."""
        slots = self._known(master).reach
        incoming = self._incoming(card)  # the Illuminati have none: refused here
        if card not in self._spot:
            return self._offers(slots, incoming, set(), None)
        branch = set(self._branch(card))
        return [] if master in branch else self._offers(slots, incoming, branch, self._spot[card][2:4])

    def moves(self) -> list[tuple[str, Placement]]:
        """Every legal "Mover un Grupo": each group with each place ``placements`` offers it,
        groups and masters in ``cards()`` order; one pass per group, for legal-action lists."""
        order = self.cards()
        size = dict.fromkeys(order, 1)  # a branch is a run of ``order``: its card, then size - 1
        for card in reversed(order[1:]):
            size[self._spot[card].master] += size[card]  # type: ignore[index]
        slots = [slot for master in order for slot in self._spot[master].reach]
        out: list[tuple[str, Placement]] = []
        for start, card in enumerate(order[1:], 1):
            branch, spot = set(order[start : start + size[card]]), self._spot[card]
            outside = [slot for slot in slots if slot[0] not in branch]
            for place in self._offers(outside, self._incoming(card), branch, (spot.master, spot.arrow)):
                out.append((card, place))
        return out

    # -- changing ------------------------------------------------------------------------

    def attach(self, placement: Placement, card: str) -> None:
        """Lay a new ``card`` at ``placement`` (a capture of a group without puppets, a bribe)."""
        self.graft(Group(card), placement)

    def detach(self, card: str) -> list[str]:
        """Take ``card`` and all its puppets off ("Sus títeres quedarán también sin control");
        returns them, ``card`` first, each branch clockwise from the printed top."""
        if self._known(card).master is None:
            raise refuse("illuminati_stay", card=card)
        removed = self._branch(card)
        for gone in removed:
            del self._at[self._spot.pop(gone).cell]
        self._order = None
        return removed

    def move(self, card: str, placement: Placement, choices: Mapping[str, Side] | None = None) -> list[str]:
        """ "Mover un Grupo": ``card``'s group to a free arrow of another card of this structure;
        returns the puppets lost (each with its own puppets) because they could not be re-placed
        under the same master. ``choices`` names, for a puppet that collides, the arrow of its
        master it goes to instead (the owner's choice; the first free arrow otherwise)."""
        if card not in self._spot or card == self._root:
            raise refuse("illuminati_stay" if card == self._root else "not_in_structure", card=card)
        self._check_placement(placement, card)
        shape = self.group(card)
        trial = self.clone()
        trial.detach(card)
        lost = trial._settle(shape, placement, choices or {})
        self._adopt(trial)
        return lost

    def graft(
        self, group: Group, placement: Placement, choices: Mapping[str, Side] | None = None
    ) -> list[str]:
        """A group arriving with its puppets (a capture, a transfer): ``group.card`` at
        ``placement``, each puppet on its old arrow of its old master where it does not collide,
        else re-placed as ``choices`` (or the first free arrow) says; returns the cards that go
        free, each with its puppets: "Los Grupos nuevos que no puedan colocarse se liberan y
        pasan a ser no controlados." """
        cards = group.cards()
        for card in cards:
            if card in self._spot:
                raise refuse("already_in_structure", card=card)
            self._incoming(card)
        if len(set(cards)) != len(cards) or not _hangs_by_printed_arrows(group, self._arrows):
            raise refuse("bad_group", card=group.card)
        self._check_placement(placement, group.card)
        trial = self.clone()
        freed = trial._settle(group, placement, choices or {})
        self._adopt(trial)
        return freed

    def choice(
        self, group: Group, placement: Placement, choices: Mapping[str, Side], *, moving: bool = False
    ) -> tuple[str, list[Side]] | None:
        """What its owner must still choose when ``group`` is laid at ``placement`` (a group of
        this structure when ``moving``), the earlier collisions settled by ``choices``: the first
        puppet that collides and could take more than one free arrow of its master, with those
        arrows; ``None`` when every collision has one answer."""
        trial = self.clone()
        if moving:
            trial.detach(group.card)
        try:
            trial._settle(group, placement, choices, ask=True)
        except _Choice as open_choice:
            return open_choice.puppet, open_choice.arrows
        return None

    def relayout(self, data: Any, lost: Sequence[str] = ()) -> None:
        """Lay the same cards out anew (a ``to_json`` layout, every card laid by the rules): "el
        jugador del Triángulo de las Bermudas puede reorganizar libremente su Estructura de
        Poder al final de cada turno." ``lost`` names the cards the new layout leaves out
        because they could not be laid again ("Cualquier títere que no pueda ser recolocado
        *se pierde*")."""
        fresh = Structure.from_json(data, self._arrows)
        if fresh._root != self._root or fresh._spot.keys() != self._spot.keys() - set(lost):
            raise refuse("not_same_cards")
        self._adopt(fresh)

    def clone(self) -> Structure:
        """An independent copy (the card data stays shared): two dict copies, for search."""
        twin = Structure.__new__(Structure)
        twin._arrows, twin._root = self._arrows, self._root
        twin._spot, twin._at, twin._order = dict(self._spot), dict(self._at), self._order
        return twin

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Plain data: the Illuminati and each other card where it hangs, masters first."""
        laid = []
        for card in self.cards()[1:]:
            spot = self._spot[card]
            laid.append({"card": card, "master": spot.master, "arrow": spot.arrow, "rotation": spot.rotation})
        return {"root": self._root, "cards": laid}

    @classmethod
    def from_json(cls, data: Any, arrows: Mapping[str, CardArrows]) -> Structure:
        """The structure ``to_json`` wrote, every card laid again by the rules (so a forged
        layout is refused with the rule it breaks); at most one entry per known card."""
        laid = data.get("cards") if isinstance(data, dict) else None
        if not isinstance(data, dict) or not isinstance(data.get("root"), str) or not isinstance(laid, list):
            raise refuse("bad_structure")
        limit = sum(1 for each in arrows.values() if each.incoming is not None)  # every group once
        if len(laid) > limit:
            raise refuse("too_many_cards", limit=limit)
        structure = cls(data["root"], arrows)
        for entry in laid:
            if not isinstance(entry, dict) or not _is_entry(entry):
                raise refuse("bad_structure")
            structure.attach(Placement(entry["master"], entry["arrow"], entry["rotation"]), entry["card"])
        return structure

    # -- inside --------------------------------------------------------------------------

    def _known(self, card: str) -> _Spot:
        spot = self._spot.get(card)
        if spot is None:
            raise refuse("not_in_structure", card=card)
        return spot

    def _incoming(self, card: str) -> Side:
        """The printed side of ``card``'s incoming arrow; the Illuminati have none to place."""
        arrows = self._arrows.get(card)
        if arrows is None:
            raise refuse("unknown_card", card=card)
        if arrows.incoming is None:
            raise refuse("illuminati_stay", card=card)
        return arrows.incoming

    def _puppet_arrows(self, card: str) -> list[tuple[Side, str]]:
        out = []
        for _card, arrow, cell, _toward in self._known(card).reach:
            occupant = self._at.get(cell)
            if occupant is not None and self._spot[occupant][2:4] == (card, arrow):
                out.append((arrow, occupant))
        return out

    def _offers(
        self, slots: Sequence[_Slot], incoming: Side, lifted: set[str], here: tuple[Any, Any] | None
    ) -> list[Placement]:
        """The places among ``slots`` for a card whose incoming arrow is printed on ``incoming``:
        cells that are empty or hold a card of the ``lifted`` group, except the arrow the group
        hangs from (``here``)."""
        out = []
        for master, arrow, cell, toward in slots:
            occupant = self._at.get(cell)
            if occupant is None or (occupant in lifted and here != (master, arrow)):
                out.append(Placement(master, arrow, facing_rotation(incoming, toward)))
        return out

    def _branch(self, card: str) -> list[str]:
        out = [card]
        for _arrow, puppet in self._puppet_arrows(card):
            out.extend(self._branch(puppet))
        return out

    def _check_placement(self, placement: Placement, card: str) -> None:
        """Refuse ``placement`` for ``card`` with the rule it breaks, if it breaks one."""
        master, arrow = placement.master, placement.arrow
        spot = self._known(master)
        if not is_side(arrow) or arrow not in self._arrows[master].outgoing:
            raise refuse("no_such_arrow", master_card=master, arrow=side_name(str(arrow)))
        if card in self._spot and master in self._branch(card):
            raise refuse("master_in_group", card=card, master_card=master)
        legal = self.placements(master, card)
        if placement in legal:
            return
        if any(p.arrow == arrow for p in legal):
            raise refuse("wrong_rotation", card=card, rotation=placement.rotation)
        occupant = self._at.get(next(cell for _m, a, cell, _t in spot.reach if a == arrow))
        in_use = occupant is not None and self._spot[occupant][2:4] == (master, arrow)
        raise refuse(
            "arrow_in_use" if in_use else "arrow_blocked", master_card=master, arrow=side_name(arrow)
        )

    def _lay(self, card: str, master: str, arrow: Side) -> None:
        spot = self._spot[master]
        where, toward = next((cell, toward) for _m, a, cell, toward in spot.reach if a == arrow)
        rotation = facing_rotation(self._incoming(card), toward)
        self._spot[card] = _Spot(
            where, rotation, master, arrow, _reach(card, self._arrows[card], where, rotation)
        )
        self._at[where] = card
        self._order = None

    def _adopt(self, trial: Structure) -> None:
        self._spot, self._at, self._order = trial._spot, trial._at, None

    def _settle(
        self, shape: Group, placement: Placement, choices: Mapping[str, Side], *, ask: bool = False
    ) -> list[str]:
        """Lay ``shape`` from ``placement`` outward (the module's re-placing ruling); returns
        the cards lost. Runs on a trial copy: a bad choice raises before anything is kept;
        ``ask`` raises ``_Choice`` at the first collision with more than one answer left open."""
        unused = set(choices)
        lost: list[str] = []
        self._lay(shape.card, placement.master, placement.arrow)
        pending = [shape]
        while pending:
            master = pending.pop(0)
            displaced = []
            for arrow, puppet in master.puppets:
                if arrow in self.free_arrows(master.card):
                    self._lay(puppet.card, master.card, arrow)
                    pending.append(puppet)
                else:
                    displaced.append(puppet)
            for puppet in sorted(displaced, key=lambda p: p.card not in choices):  # chosen first
                free = self.free_arrows(master.card)
                chosen = choices.get(puppet.card)
                unused.discard(puppet.card)
                if chosen is not None and chosen not in self._arrows[master.card].outgoing:
                    raise refuse("no_such_arrow", master_card=master.card, arrow=side_name(str(chosen)))
                if chosen is not None and chosen not in free:
                    raise refuse("arrow_blocked", master_card=master.card, arrow=side_name(str(chosen)))
                if ask and chosen is None and len(free) > 1:
                    raise _Choice(puppet.card, free)
                spot = chosen or (free[0] if free else None)
                if spot is None:
                    lost.extend(puppet.cards())
                else:
                    self._lay(puppet.card, master.card, spot)
                    pending.append(puppet)
        if unused:
            raise refuse("not_displaced", card=sorted(unused)[0])
        return lost


class _Choice(Exception):
    """A collision its owner must settle: ``puppet`` may go on any of ``arrows``."""

    def __init__(self, puppet: str, arrows: list[Side]) -> None:
        super().__init__(puppet)
        self.puppet, self.arrows = puppet, arrows


def _is_entry(entry: dict[str, Any]) -> bool:
    """Whether a decoded card entry has the kinds ``to_json`` writes."""
    named = all(isinstance(entry.get(key), str) for key in ("card", "master"))
    return named and is_side(entry.get("arrow")) and type(entry.get("rotation")) is int


def _reach(card: str, arrows: CardArrows, cell: Cell, rotation: int) -> tuple[_Slot, ...]:
    turns = [turned(arrow, rotation) for arrow in arrows.outgoing]
    return tuple((card, a, beyond(cell, t), opposite(t)) for a, t in zip(arrows.outgoing, turns, strict=True))


def _hangs_by_printed_arrows(group: Group, arrows: Mapping[str, CardArrows]) -> bool:
    """Whether every puppet of ``group`` hangs from an outward arrow of its master, one each."""
    sides = [arrow for arrow, _puppet in group.puppets]
    return len(set(sides)) == len(sides) and all(
        arrow in arrows[group.card].outgoing and _hangs_by_printed_arrows(puppet, arrows)
        for arrow, puppet in group.puppets
    )


__all__ = ["SIDES", "CardArrows", "Group", "Placement", "Side", "Structure"]
