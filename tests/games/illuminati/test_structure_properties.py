"""Illuminati power structures: properties that hold after any sequence of placements, drops,
moves and captures between two players, checked with geometry written out here afresh."""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from backroom.engine.errors import IllegalAction
from backroom.games.illuminati.geometry import Group, Placement
from backroom.games.illuminati.structure import Structure

from .test_structure import ARROWS, BAVARIANS

UFOS = "illuminati:ufos"
GROUPS = sorted(card for card in ARROWS if card.startswith("group:"))
# A card's printed side as a step on the table, y growing downward; one clockwise quarter turn
# maps a step (x, y) to (-y, x).
STEP = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}


def on_table(side: str, rotation: int) -> tuple[int, int]:
    x, y = STEP[side]
    for _ in range(rotation % 4):
        x, y = -y, x
    return x, y


def check(s: Structure) -> None:
    """Every invariant of a structure, from its public answers alone."""
    cards, cells = s.cards(), s.cells()
    assert cards[0] == s.root and len(set(cards)) == len(cards) == len(s)
    assert len(cells) == len(cards) and set(cells.values()) == set(cards)  # no two on one cell
    assert all(cells[s.cell(card)] == card for card in cards)
    links = {(puppet, card) for card in cards for puppet in s.puppets(card)}
    assert links == {(card, s.master(card)) for card in cards[1:]}  # a tree of masters
    for card in cards[1:]:
        master, placement = s.master(card), s.placement(card)
        assert master is not None and placement is not None and placement.master == master
        assert placement.arrow in ARROWS[master].outgoing and placement.rotation == s.rotation(card)
        dx, dy = on_table(placement.arrow, s.rotation(master))
        (mx, my), (cx, cy) = s.cell(master), s.cell(card)
        assert (cx, cy) == (mx + dx, my + dy)  # beyond its master's arrow
        incoming = ARROWS[card].incoming
        assert incoming is not None and on_table(incoming, s.rotation(card)) == (-dx, -dy)  # facing it
        chain, up = 0, card
        while up != s.root:
            up, chain = s.master(up), chain + 1  # type: ignore[assignment]
            assert chain <= len(cards)
        assert s.distance(card) == chain
    for card in cards:
        (x, y), rotation = s.cell(card), s.rotation(card)
        for arrow in ARROWS[card].outgoing:
            dx, dy = on_table(arrow, rotation)
            assert (arrow in s.free_arrows(card)) == ((x + dx, y + dy) not in cells)
    assert Structure.from_json(s.to_json(), ARROWS) == s
    every = [(card, p) for card in cards[1:] for master in cards for p in s.placements(master, card)]
    assert s.moves() == every


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_sequence_of_placements_drops_moves_and_captures_keeps_every_invariant(data):
    players = [Structure(BAVARIANS, ARROWS), Structure(UFOS, ARROWS)]
    free = list(GROUPS)  # the uncontrolled area
    for _step in range(data.draw(st.integers(1, 80))):
        s = data.draw(st.sampled_from(players))
        other = players[1 - players.index(s)]
        before, other_before, twin = s.to_json(), other.to_json(), s.clone()
        kind = data.draw(st.sampled_from(["attach"] * 4 + ["move", "capture"] * 2 + ["detach", "forge"]))
        if kind == "attach" and free:
            card, master = data.draw(st.sampled_from(free)), data.draw(st.sampled_from(s.cards()))
            options = s.placements(master, card)
            if options:
                s.attach(data.draw(st.sampled_from(options)), card)
                free.remove(card)
                assert s.master(card) == master
        elif kind == "detach" and len(s) > 1:
            card = data.draw(st.sampled_from(s.cards()[1:]))
            below = set(s.cards())
            removed = s.detach(card)
            assert removed[0] == card and set(removed) == below - set(s.cards())
            free += removed
        elif kind == "move" and len(s) > 1:
            card, master = data.draw(st.sampled_from(s.cards()[1:])), data.draw(st.sampled_from(s.cards()))
            options = s.placements(master, card)
            if options:
                below, masters = set(s.cards()), hierarchy(s.group(card))
                lost = s.move(card, data.draw(st.sampled_from(options)))
                assert set(lost) == below - set(s.cards()) and card not in lost and s.master(card) == master
                kept_under_the_same_masters(s, masters, lost)
                free += lost
                event(f"move: {'some puppets lost' if lost else 'nothing lost'}")
        elif kind == "capture" and len(other) > 1:
            card, master = (
                data.draw(st.sampled_from(other.cards()[1:])),
                data.draw(st.sampled_from(s.cards())),
            )
            shape = other.group(card)
            options = s.placements(master, card)
            if options:
                assert other.detach(card) == shape.cards()
                freed = s.graft(shape, data.draw(st.sampled_from(options)))
                kept_under_the_same_masters(s, hierarchy(shape), freed)
                assert set(shape.cards()) - set(freed) == set(s.cards()) - {
                    card for card in before_cards(before)
                }
                assert card not in freed and s.master(card) == master
                free += freed
                event(f"capture: {'some cards freed' if freed else 'every card placed'}")
        elif kind == "forge":  # any placement at all: legal, or refused without a change
            card, master = data.draw(st.sampled_from(free + s.cards())), data.draw(st.sampled_from(s.cards()))
            placement = Placement(
                master,
                data.draw(st.sampled_from(list(ARROWS[BAVARIANS].outgoing))),
                data.draw(st.integers(0, 3)),
            )
            try:
                s.attach(placement, card)
                free.remove(card)
            except IllegalAction as error:
                assert s.to_json() == before
                event(f"forged placement refused: {error.key}")
        check(s)
        check(other)
        assert twin.to_json() == before  # a clone never follows its original
        if kind != "capture":
            assert other.to_json() == other_before
        held = [card for p in players for card in p.cards()[1:]]
        assert sorted(held + free) == GROUPS  # every group held once, or uncontrolled


def hierarchy(group: Group) -> dict[str, str]:
    """Each puppet of a group shape with its master."""
    out = {}
    for _arrow, puppet in group.puppets:
        out[puppet.card] = group.card
        out |= hierarchy(puppet)
    return out


def kept_under_the_same_masters(s: Structure, masters: dict[str, str], gone: list[str]) -> None:
    """ "siempre y cuando sigan bajo el control del mismo amo": a puppet that stays keeps its
    master, and one whose master went goes too ("Pasa, junto a sus títeres")."""
    for puppet, master in masters.items():
        if puppet in gone:
            assert puppet not in s
        else:
            assert master not in gone and s.master(puppet) == master


def before_cards(data: dict) -> set[str]:  # type: ignore[type-arg]
    return {entry["card"] for entry in data["cards"]} | {data["root"]}
