"""Illuminati: where a colliding puppet goes (rulebook: "Mover un Grupo"; ruling 33)."""

from __future__ import annotations

from tests.helpers import refuse

from .conftest import position


def test_the_controlling_player_chooses_where_a_colliding_puppet_goes():
    # "Si el mover un Grupo hace que algunos de los títeres choquen con otras cartas podrán
    # moverse a otras flechas de control, *siempre y cuando sigan bajo el control del mismo
    # amo*." Big Media moves to the Bavarians' top; its puppet collides and two of Big Media's
    # arrows are free: its player chooses (ruling 33).
    state = position(
        ["bavarian_illuminati", "ufos"],
        structures={
            0: [
                ("big_media", "bavarian_illuminati", "left"),
                ("american_autoduel_association", "big_media", "top"),
                ("anti_nuclear_activists", "bavarian_illuminati", "right"),
                ("cfl_aio", "anti_nuclear_activists", "top"),
            ]
        },
    )
    state.apply(0, ("move", "big_media", "bavarian_illuminati"))
    state.apply(0, ("place", "top"))
    assert state.phase == "settle" and state.legal_actions(0) == [("settle", "bottom"), ("settle", "left")]
    assert state.structures[0].placement("big_media").arrow == "left"  # nothing laid yet
    assert refuse(state, 0, ("settle", "top")) == "illuminati.error.cannot_settle"
    state.apply(0, ("settle", "left"))
    assert state.structures[0].placement("big_media").arrow == "top"
    assert state.structures[0].placement("american_autoduel_association").arrow == "left"
    assert state.phase == "action" and state.actions_left == 1 and state.s_choices == []
