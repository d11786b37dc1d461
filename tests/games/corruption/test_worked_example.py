"""The rulebook's worked example (figures 1-4, "Asignación de Contratos"), reproduced play by play.

Four players (seats 0-3 are the rulebook's players 1-4); City Hall offers the Monument and the
Opera House, the County Seat the Stadium and the Metro (``subway``), the State Capitol the
University and the Airport. Two players play their first card in a Swiss account; the first
Swiss bribe at City Hall is player 1's $8,000. The figures' card-by-card layout is not in the
text, so the plays below are one layout consistent with every outcome the rulebook states:

- player 1's Swiss $8,000 counts $4,000 and goes to the Monument, not the Opera House;
- no hitman is played;
- the Opera House is cancelled by a district attorney and postponed;
- two reporters on the Airport: player 3 (played first) removes player 1's $10,000, then
  player 4 removes player 3's $10,000;
- the Monument goes to player 1, the Opera House to nobody, the Stadium to player 3, the Metro
  to player 4, the University and the Airport to player 2, who leads round two.
"""

from __future__ import annotations

from backroom.games.corruption.cards import FACES
from tests.helpers import kinds

from .conftest import contract, plays_of, position, run

BODIES = [["monument", "opera_house"], ["stadium", "subway"], ["university", "airport"]]

CORRUPTION_PHASE = [
    # Turn 1 (round one: each player's first card face up, Swiss ones face down).
    (0, "bribe-8000", "swiss:city"),
    (1, "bribe-6000", "swiss:state"),
    (2, "reporter", "airport"),
    (3, "bribe-10000", "subway"),
    # Turn 2 onwards: face down.
    (0, "bribe-10000", "airport"),
    (1, "bribe-10000", "university"),
    (2, "bribe-10000", "airport"),
    (3, "reporter", "airport"),
    (0, "attorney", "opera_house"),
    (1, "bribe-8000", "airport"),
    (2, "bribe-8000", "stadium"),
    (3, "bribe-1000", "monument"),
    (0, "bribe-6000", "stadium"),
    (1, "bribe-4000", "opera_house"),
    (2, "bribe-6000", "subway"),
    (3, "bribe-2000", "stadium"),
    (0, "bribe-4000", "subway"),
    (1, "bribe-2000", "monument"),
    (2, "bribe-2000", "opera_house"),
    (3, "bribe-6000", "subway"),
    (0, "bribe-2000", "stadium"),
    (1, "bribe-1000", "university"),
    (2, "bribe-1000", "stadium"),
    (3, "bribe-4000", "university"),
]


def test_worked_example_figures_1_to_4_every_stated_outcome():
    state = position(4, BODIES, leader=0)
    c = {cid: contract(state, cid) for names in BODIES for cid in names}

    # Figure 1: three bodies, two contracts each.
    assert [state.body_of[c[cid]] for names in BODIES for cid in names] == [0, 0, 1, 1, 2, 2]

    # Figure 2: the Corruption phase; the Swiss first cards stay face down, the others are up.
    run(state, CORRUPTION_PHASE[:-1])
    assert state.p_up[:4] == [False, False, True, True]
    assert not any(state.p_up[4:])
    events = run(state, CORRUPTION_PHASE[-1:])
    assert state.phase == "award"

    # Step 1: player 1 assigns the City Hall Swiss bribe (half of $8,000) to the Monument or the
    # Opera House; knowing the Opera House will be cancelled, the Monument.
    assert state.actors() == (0,)
    assert state.legal_actions(0) == [("assign", c["monument"]), ("assign", c["opera_house"])]
    events = state.apply(0, ("assign", c["monument"]))
    assigned = next(e for e in events if e.kind == "swiss_assigned")
    assert assigned.params["value"] == 4000 and assigned.params["card"] == "bribe-8000"
    # Player 2's State Capitol Swiss bribe: University or Airport.
    assert state.actors() == (1,)
    events = state.apply(1, ("assign", c["airport"]))

    # Step 2: no hitman. Step 3: the Opera House is cancelled by player 1's district attorney.
    assert "hitman_kills" not in kinds(events) and "hitman_leaves" not in kinds(events)
    assert "contract_cancelled" in kinds(events)
    assert state.cancelled == [c["opera_house"]]

    # Step 4: player 3's reporter (played first) removes player 1's $10,000 from the Airport.
    assert state.actors() == (2,)
    p1_ten = plays_of(state, 0, "bribe-10000", "airport")
    p3_ten = plays_of(state, 2, "bribe-10000", "airport")
    p2_eight = plays_of(state, 1, "bribe-8000", "airport")
    assert sorted(a[1] for a in state.legal_actions(2) if a[0] == "remove") == sorted(
        [p1_ten, p3_ten, p2_eight]
    )
    state.apply(2, ("remove", p1_ten))
    # Then player 4's reporter removes player 3's $10,000.
    assert state.actors() == (3,)
    assert sorted(a[1] for a in state.legal_actions(3) if a[0] == "remove") == sorted([p3_ten, p2_eight])
    events = state.apply(3, ("remove", p3_ten))

    # Step 5: Monument to player 1, Opera House to nobody, Stadium to player 3, Metro to
    # player 4, University and Airport to player 2.
    won = {
        e.params["contract"]["$"].rsplit(".", 1)[1]: e.params["seat"]
        for e in events
        if e.kind == "contract_won"
    }
    assert won == {"monument": 0, "stadium": 2, "subway": 3, "university": 1, "airport": 1}
    assert [r[1] for r in state.results if r[0] == c["opera_house"]] == ["cancelled"]
    assert state.won[0] == [c["monument"]]
    assert sorted(state.won[1]) == sorted([c["university"], c["airport"]])

    # Player 2 leads round two; the Opera House is still on the table, with six new contracts.
    assert state.round == 2
    assert state.leader == 1
    assert c["opera_house"] in state.table and len(state.table) == 7
    # Characters played left the game; bribes came back.
    assert [FACES[k] for k in state.spent[0]] == ["attorney"]
    assert [FACES[k] for k in state.spent[2]] == ["reporter"]
    assert len(state.hands[1]) == 10
