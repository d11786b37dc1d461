"""What a seat may see: the table without the memory aid, and an agent's perfect recall.

PREPARACIÓN: "Después de esto, todas las cartas permanecerán bocabajo y solo se podrán
consultar utilizando las cartas de Familia": a person at the table remembers, or not. The
option ``memory_aid`` decides whether a human seat's view (``recall=False`` when off) shows the
cards it saw; agents and bots always get ``recall=True``: every card the seat has seen, followed
through the moves everyone watched, and forgotten once shuffled back into the draw pile.
"""

from __future__ import annotations

from backroom.games.stool_pigeon import GAME
from tests.helpers import play

from .conftest import faces, options, position, quiet_turn


def test_memory_aid_off_a_human_seat_sees_no_face_down_card_only_the_held_one():
    assert GAME.human_recall(options()) is False  # the default: play from memory
    state = position(
        [
            ["maton", "witness-3", "witness-4", "witness-5"],
            ["witness-6", "witness-7", "witness-8", "witness-9"],
        ],
        deck=["witness-2"],
        known={0: [(0, 1), (0, 3)]},
    )
    assert state.view(0, recall=False)["districts"] == [["back"] * 4, ["back"] * 4]
    state.apply(0, ("draw",))
    assert state.view(0, recall=False)["held"] == "witness-2"  # in hand, not yet hidden
    state.apply(0, ("swap", 0))
    state.apply(0, ("peek", 1, 2))  # the Matón's look is in the log, not on the table
    view = state.view(0, recall=False)
    assert view["districts"] == [["back"] * 4, ["back"] * 4]
    assert view["held"] is None
    assert view["discard"] == ["maton"]  # face-up cards stay face up


def test_memory_aid_on_a_human_seat_sees_what_it_has_seen():
    assert GAME.human_recall(options(memory_aid=True)) is True
    state = position(
        [
            ["witness-2", "witness-3", "witness-4", "witness-5"],
            ["witness-6", "witness-7", "witness-8", "witness-9"],
        ],
        known={0: [(0, 1), (1, 2)], 1: [(1, 0)]},
    )
    assert state.view(0)["districts"] == [
        ["back", "witness-3", "back", "back"],
        ["back", "back", "witness-8", "back"],
    ]
    assert state.view(1)["districts"] == [["back"] * 4, ["witness-6", "back", "back", "back"]]
    assert state.view(None)["districts"] == [["back"] * 4, ["back"] * 4]


def test_recall_follows_a_card_through_a_blind_swap():
    # CONDUCTORA swaps "sin que nadie las vea", but everyone sees which two places moved: a
    # seat that knew a card knows where it went.
    state = position(
        [
            ["witness-2", "witness-3", "witness-4", "witness-5"],
            ["conductora", "witness-7", "witness-8", "witness-9"],
        ],
        deck=["witness-10"],
        active=1,
        known={0: [(0, 1), (1, 2)]},
    )
    play(state, (1, ("draw",)), (1, ("swap", 0)), (1, ("pick", 0, 1)), (1, ("switch", 1, 2)))
    assert state.view(0)["districts"] == [
        ["back", "witness-8", "back", "back"],
        ["back", "back", "witness-3", "back"],
    ]
    # Seat 1 knows only the card it drew; the two it moved stay unknown to it.
    assert state.view(1)["districts"] == [["back"] * 4, ["witness-10", "back", "back", "back"]]


def test_recall_follows_a_given_card_into_the_other_district():
    # ELIMINAR TESTIGOS: the snapper gives one of its own cards "bocabajo y sin mirarla"; if it
    # knew that card, it still knows it where it now lies, and the receiver learns nothing.
    state = position(
        [
            ["witness-2", "witness-3", "witness-4", "witness-7"],
            ["witness-6", "witness-8", "witness-9", "witness-10"],
        ],
        deck=["witness-5"],
        discard=["witness-7"],
        phase="snap",
        window=7,
        eligible=[1, 0],
        known={1: [(1, 1)]},
    )
    play(state, (1, ("snap", 0, 3)), (1, ("give", 1)))
    assert state.view(1)["districts"][0][3] == "witness-8"
    assert state.view(0)["districts"][0][3] == "back"


def test_recall_forgets_cards_shuffled_back_into_the_draw_pile():
    # Ruling (draw pile exhausted): the discard pile but its top is shuffled into a new draw
    # pile; a card a seat once knew comes back as an unknown card.
    state = position(
        [
            ["witness-5", "witness-3", "witness-4", "witness-7"],
            ["witness-6", "witness-8", "witness-9", "witness-10"],
            [],
        ],
        deck=["witness-2", "witness-2"],
        leftover=2,
        known={0: [(0, 0)]},
    )
    quiet_turn(state, 0, 0)  # seat 0 plays its Witness 5: discard [5]
    quiet_turn(state, 1, 0)  # seat 1 plays its Witness 6: discard [5, 6], draw pile empty
    play(state, (2, ("draw",)))  # the 5 is reshuffled alone into the draw pile and drawn
    assert state.view(2)["held"] == "witness-5"
    state.apply(2, ("swap", 0))
    assert faces(state, 2)[0] == "witness-5"
    assert state.view(2)["districts"][2][0] == "witness-5"  # the drawer saw it
    assert state.view(0)["districts"][2][0] == "back"  # seat 0 lost track of it


def test_a_spectator_sees_only_backs_and_the_discard_pile():
    state = position(
        [
            ["witness-2", "witness-3", "witness-4", "witness-5"],
            ["witness-6", "witness-7", "witness-8", "witness-9"],
        ],
        deck=["witness-10"],
        discard=["capo"],
        known={0: [(0, 0)], 1: [(0, 0)]},
    )
    state.apply(0, ("draw",))
    view = state.view(None)
    assert view["districts"] == [["back"] * 4, ["back"] * 4]
    assert view["held"] == "back"
    assert view["discard"][-1] == "capo"
