"""Illuminati: the power structure as geometry ("Estructura de Poder", "Mover un Grupo",
captures with their puppets, "Deshacerse de Grupos", transfers), rule by rule.

Every position is built card by card; the arrows are those of ``cards.json`` (``ARROWS`` below,
transcribed from ``shared/rules/illuminati/cards.json``: incoming side, then outward sides).
"""

from __future__ import annotations

import pytest

from backroom.engine.errors import IllegalAction
from backroom.games.illuminati.geometry import CardArrows, Group, Placement, Side
from backroom.games.illuminati.structure import Structure

_SIDE: dict[str, Side] = {"T": "top", "R": "right", "B": "bottom", "L": "left"}
# Each group: name, then the printed side of its incoming arrow and of its outward arrows.
_TABLE = """
american_autoduel_association LR anti_nuclear_activists LT antiwar_activists L- big_media RTBL
boy_sprouts L- cfl_aio RTBL c_i_a RTBL california LTB chinese_campaign_donors RTB clone_arrangers LRB
comic_books LT congressional_wives LR convenience_stores LB copy_shops RL cycle_gangs L- democrats RBL
eco_guerrillas R- empty_vee RBL evil_geniuses_for_a_better_tomorrow R- f_b_i RTB fast_food_chains LB
federal_reserve LTR feminists LB fiendish_fluoridators LTR flat_earthers RL fnord_motor_company LR
fraternal_orders RT girlie_magazines RB goldfish_fanciers L- gun_lobby RBL hackers RT
health_food_stores LB hollywood LRB i_r_s RTB intellectuals L- international_cocaine_smugglers LTRB
international_communist_conspiracy RTBL junk_mail RT kgb RB kkk RB l_4_society RL libertarians LT
loan_sharks LR local_police_departments L- madison_avenue RBL militia RTL moonies LT moral_minority RB
morticians R- multinational_oil_companies LTRB nephews_of_god R- new_york RTBL nuclear_power_companies RL
orbital_mind_control_lasers LTR parent_teacher_agglomeration L- pentagon RTBL phone_phreaks L-
post_office RB professional_sports LRB psychiatrists R- punk_rockers L- recyclers RL republicans RTBL
robot_sea_monsters R- s_m_o_f RTB science_fiction_fans L- semiconscious_liberation_army L-
society_for_creative_anarchism R- south_american_nazis RTB survivalists R- tv_preachers RBL tabloids RT
texas LTR the_mafia RTBL the_men_in_black L- the_phone_company LRB the_united_nations LB
tobacco_liquor_companies RTL trekkies R- triliberal_commission RTB underground_newspapers RT
video_games RB yuppies RB
"""
_GROUPS = _TABLE.split()
BAVARIANS = "illuminati:bavarian_illuminati"
ALL_FOUR: tuple[Side, ...] = ("top", "right", "bottom", "left")
ARROWS: dict[str, CardArrows] = {
    f"group:{name}": CardArrows(_SIDE[sides[0]], tuple(_SIDE[s] for s in sides[1:] if s != "-"))
    for name, sides in zip(_GROUPS[::2], _GROUPS[1::2], strict=True)
} | {BAVARIANS: CardArrows(None, ALL_FOUR), "illuminati:ufos": CardArrows(None, ALL_FOUR)}

DEMOCRATS, WIVES, NAZIS = "group:democrats", "group:congressional_wives", "group:south_american_nazis"
KGB, CYCLE_GANGS, ANTIWAR = "group:kgb", "group:cycle_gangs", "group:antiwar_activists"
MAFIA, CIA, PENTAGON = "group:the_mafia", "group:c_i_a", "group:pentagon"


def hang(structure: Structure, card: str, master: str, arrow: Side) -> None:
    """Attach ``card`` on ``master``'s printed ``arrow``, turned the one way that fits."""
    (placement,) = [p for p in structure.placements(master, card) if p.arrow == arrow]
    structure.attach(placement, card)


def figure_1() -> Structure:
    """Figure 1: the Illuminati control the Democrats, the Congressional Wives and the South
    American Nazis; the Nazis control the KGB and the Cycle Gangs; the Democrats, the Antiwar
    Activists."""
    s = Structure(BAVARIANS, ARROWS)
    hang(s, DEMOCRATS, BAVARIANS, "left")
    hang(s, WIVES, BAVARIANS, "top")
    hang(s, NAZIS, BAVARIANS, "right")
    hang(s, KGB, NAZIS, "top")
    hang(s, CYCLE_GANGS, NAZIS, "bottom")
    hang(s, ANTIWAR, DEMOCRATS, "bottom")
    return s


def refused(rule: str, structure: Structure, call, *args) -> None:  # type: ignore[no-untyped-def]
    """``call(*args)`` raises the structure rule ``rule`` and changes nothing."""
    before = structure.to_json()
    with pytest.raises(IllegalAction) as caught:
        call(*args)
    assert caught.value.key == f"illuminati.error.{rule}"
    assert structure.to_json() == before


# -- the cards and their arrows ---------------------------------------------------------------


def test_the_illuminati_card_is_the_centre_with_four_outward_arrows_and_none_inward():
    # "El centro de cualquier Estructura de Poder es la carta de Illuminati."
    s = Structure(BAVARIANS, ARROWS)
    assert s.cards() == [BAVARIANS] and s.cell(BAVARIANS) == (0, 0) and s.master(BAVARIANS) is None
    assert s.free_arrows(BAVARIANS) == list(ALL_FOUR) and s.distance(BAVARIANS) == 0


def test_a_structure_is_rooted_only_at_an_illuminati_card():
    with pytest.raises(IllegalAction) as caught:
        Structure(MAFIA, ARROWS)
    assert caught.value.key == "illuminati.error.not_illuminati"


def test_the_incoming_arrow_is_placed_against_the_controlling_group():
    # "Cuando la carta pasa a formar parte de una Estructura de Poder esta flecha se coloca
    # junto al grupo que la controla." The Nazis' incoming arrow is printed on their right
    # edge: on the Illuminati's right arrow they lie upside down (two quarter turns), so that
    # edge faces the Illuminati; their printed top arrow then points down the table.
    s = Structure(BAVARIANS, ARROWS)
    assert s.placements(BAVARIANS, NAZIS) == [
        Placement(BAVARIANS, "top", 1),
        Placement(BAVARIANS, "right", 2),
        Placement(BAVARIANS, "bottom", 3),
        Placement(BAVARIANS, "left", 0),
    ]
    s.attach(Placement(BAVARIANS, "right", 2), NAZIS)
    assert s.cell(NAZIS) == (1, 0) and s.rotation(NAZIS) == 2
    hang(s, KGB, NAZIS, "top")
    assert s.cell(KGB) == (1, 1) and s.master(KGB) == NAZIS


def test_a_card_may_lie_upside_down_or_sideways_as_long_as_the_arrows_line_up():
    # "No importa si una carta está al revés o de lado, siempre que las flechas se alineen
    # adecuadamente." The Mafia (incoming on the right) takes a different turn on each arrow.
    s = Structure(BAVARIANS, ARROWS)
    assert sorted(p.rotation for p in s.placements(BAVARIANS, MAFIA)) == [0, 1, 2, 3]
    refused("wrong_rotation", s, s.attach, Placement(BAVARIANS, "left", 2), MAFIA)


def test_a_puppet_goes_only_on_an_outward_arrow_of_its_master():
    s = figure_1()
    refused("no_such_arrow", s, s.attach, Placement(WIVES, "left", 0), MAFIA)  # Wives: right only
    assert s.placements(CYCLE_GANGS, MAFIA) == []  # no outward arrow, no puppet


def test_the_illuminati_are_never_placed_moved_or_dropped():
    s = figure_1()
    refused("illuminati_stay", s, s.attach, Placement(DEMOCRATS, "left", 0), "illuminati:ufos")
    refused("illuminati_stay", s, s.detach, BAVARIANS)
    refused("illuminati_stay", s, s.move, BAVARIANS, Placement(DEMOCRATS, "left", 0))


def test_an_unknown_card_or_one_already_controlled_is_refused():
    s = figure_1()
    refused("unknown_card", s, s.attach, Placement(WIVES, "right", 0), "group:spammers")
    refused("already_in_structure", s, s.attach, Placement(WIVES, "right", 0), KGB)
    refused("not_in_structure", s, s.attach, Placement(MAFIA, "top", 0), CIA)


# -- Figures 1 and 4: good and bad structures -------------------------------------------------


def test_figure_1_masters_and_puppets_as_the_rulebook_lists_them():
    s = figure_1()
    assert s.puppets(BAVARIANS) == [WIVES, NAZIS, DEMOCRATS]  # clockwise from the printed top
    assert s.puppets(NAZIS) == [KGB, CYCLE_GANGS] and s.puppets(DEMOCRATS) == [ANTIWAR]
    assert s.cards() == [BAVARIANS, WIVES, NAZIS, KGB, CYCLE_GANGS, DEMOCRATS, ANTIWAR]
    assert [s.master(c) for c in (WIVES, KGB, ANTIWAR)] == [BAVARIANS, NAZIS, DEMOCRATS]


def test_figure_1_is_a_good_structure_leaving_several_control_arrows_free():
    # "es una buena Estructura porque deja libres varias flechas de control"
    s = figure_1()
    free = {card: s.free_arrows(card) for card in s.cards() if s.free_arrows(card)}
    assert free == {BAVARIANS: ["bottom"], WIVES: ["right"], KGB: ["bottom"], DEMOCRATS: ["left"]}


def test_figure_4_groups_get_in_each_others_way():
    # "Aunque los Illuminati tienen una flecha de control libre, está bloqueada por los
    # Activistas Pacifistas. Las Esposas de Congresistas tienen una flecha libre y pueden
    # controlar a otro Grupo, mientras que los Demócratas tienen dos flechas libres, pero sólo
    # pueden usar una, ¡la del lateral está bloqueada por las Esposas!" The same six groups:
    s = Structure(BAVARIANS, ARROWS)
    hang(s, DEMOCRATS, BAVARIANS, "top")  # at (0, -1), its lateral arrow toward (-1, -1)
    hang(s, CYCLE_GANGS, BAVARIANS, "right")
    hang(s, NAZIS, BAVARIANS, "left")  # at (-1, 0)
    hang(s, WIVES, NAZIS, "top")  # at (-1, -1): the cell beyond the Democrats' lateral arrow
    hang(s, KGB, NAZIS, "bottom")  # at (-1, 1)
    hang(s, ANTIWAR, KGB, "bottom")  # at (0, 1): the cell beyond the Illuminati's free arrow
    assert len(s.puppets(BAVARIANS)) == 3 and s.free_arrows(BAVARIANS) == []
    assert s.cells()[(0, 1)] == ANTIWAR and s.master(ANTIWAR) == KGB
    assert s.free_arrows(WIVES) == ["right"]
    assert s.puppets(DEMOCRATS) == [] and s.free_arrows(DEMOCRATS) == ["left"]  # one of two
    assert s.cells()[(-1, -1)] == WIVES
    refused("arrow_blocked", s, s.attach, Placement(BAVARIANS, "bottom", 0), MAFIA)


# -- free arrows: in use or blocked -----------------------------------------------------------


def test_an_arrow_in_use_carries_no_second_puppet():
    # "Si no tiene flecha, ya sea porque todas estén en uso o alguna esté bloqueada, no podrá
    # intentar controlar a otro Grupo."
    s = figure_1()
    refused("arrow_in_use", s, s.attach, Placement(NAZIS, "top", 0), MAFIA)
    assert s.free_arrows(NAZIS) == [] and s.placements(NAZIS, MAFIA) == []


def test_an_arrow_pointing_at_another_card_is_blocked():
    s = Structure(BAVARIANS, ARROWS)
    hang(s, NAZIS, BAVARIANS, "right")  # (1, 0); printed top arrow toward (1, 1)
    hang(s, PENTAGON, BAVARIANS, "bottom")  # (0, 1)
    hang(s, CIA, PENTAGON, "bottom")  # the Pentagon's printed bottom arrow points right: (1, 1)
    assert s.cell(CIA) == (1, 1)
    assert s.free_arrows(NAZIS) == ["bottom"]  # the top one is blocked by the C.I.A.
    refused("arrow_blocked", s, s.attach, Placement(NAZIS, "top", 3), KGB)


# -- distance from the Illuminati (the proximity modifier) -----------------------------------


def test_distance_counts_control_links_from_the_illuminati_as_the_summary_table_does():
    # "Los Illuminati controlan directamente al Grupo defensor. . . -10"; "a 1 Grupo de
    # distancia . . . -5"; "a 2 Grupos de distancia . . . -2"; "los Grupos alejados en más de
    # tres cartas de los Illuminati no obtienen ningún bonificador".
    s = figure_1()
    hang(s, MAFIA, KGB, "bottom")
    hang(s, CIA, MAFIA, "bottom")
    assert [s.distance(c) for c in (BAVARIANS, NAZIS, KGB, MAFIA, CIA)] == [0, 1, 2, 3, 4]


def test_distance_follows_the_chain_of_masters_not_the_table():
    s = Structure(BAVARIANS, ARROWS)
    hang(s, DEMOCRATS, BAVARIANS, "top")
    hang(s, NAZIS, BAVARIANS, "left")
    hang(s, WIVES, NAZIS, "top")  # touches the Democrats' cell, far along the chain
    assert s.distance(WIVES) == 2


# -- neutralised, destroyed and dropped groups ------------------------------------------------


def test_dropping_a_group_frees_its_puppets_too():
    # "Deshacerse de Grupos: quitar un grupo de tu Estructura de Poder y devolverlo a la zona no
    # controlada. Sus títeres quedarán también sin control."
    s = figure_1()
    assert s.detach(NAZIS) == [NAZIS, KGB, CYCLE_GANGS]
    assert s.cards() == [BAVARIANS, WIVES, DEMOCRATS, ANTIWAR]
    assert set(s.cells().values()) == set(s.cards()) and s.free_arrows(BAVARIANS) == ["right", "bottom"]


def test_a_neutralised_group_leaves_with_all_its_subordinates():
    # "Si el ataque tiene éxito, el Grupo objetivo y todos sus subordinados se sitúan en la zona
    # no controlada." Subordinates at every depth go, the group first.
    s = figure_1()
    hang(s, MAFIA, KGB, "bottom")
    assert s.detach(NAZIS) == [NAZIS, KGB, MAFIA, CYCLE_GANGS]


def test_a_destroyed_groups_subordinates_are_not_destroyed_but_go_uncontrolled():
    # "Sus Grupos subordinados no quedan destruidos, sino que pasan a ser no controlados." The
    # group itself is the first card returned; the rest are its subordinates.
    removed = figure_1().detach(DEMOCRATS)
    assert removed[0] == DEMOCRATS and removed[1:] == [ANTIWAR]


def test_a_card_not_in_the_structure_cannot_be_dropped():
    s = figure_1()
    refused("not_in_structure", s, s.detach, MAFIA)


def test_a_structure_hanging_from_one_illuminati_arrow_falls_to_one_neutralisation():
    # "Si todos tus Grupos dependen de una sola flecha de control de los Illuminati después del
    # tercer turno corres un grave peligro, ya que puedes ser eliminado con un solo ataque."
    s = Structure(BAVARIANS, ARROWS)
    hang(s, MAFIA, BAVARIANS, "right")
    hang(s, NAZIS, MAFIA, "left")
    hang(s, KGB, NAZIS, "top")
    hang(s, CIA, MAFIA, "top")
    assert s.detach(MAFIA) == [MAFIA, CIA, NAZIS, KGB] and s.cards() == [BAVARIANS]


# -- capturing a group with its puppets -------------------------------------------------------


def test_a_captured_groups_puppets_keep_their_position_toward_their_master():
    # "Si el Grupo capturado ya tiene sus propios títeres, también son capturados. Cuando se
    # sitúen en la Estructura de Poder del atacante deberán mantener la misma posición hacia su
    # amo que tenían en un principio."
    victim = figure_1()
    shape = victim.group(NAZIS)
    assert shape == Group(NAZIS, (("top", Group(KGB)), ("bottom", Group(CYCLE_GANGS))))
    captor = Structure("illuminati:ufos", ARROWS)
    hang(captor, MAFIA, "illuminati:ufos", "bottom")
    (placement,) = [p for p in captor.placements(MAFIA, NAZIS) if p.arrow == "left"]
    assert captor.graft(shape, placement) == []
    assert captor.puppets(NAZIS) == [KGB, CYCLE_GANGS]
    assert [captor.placement(c).arrow for c in (KGB, CYCLE_GANGS)] == ["top", "bottom"]  # type: ignore[union-attr]


def test_a_colliding_captured_puppet_is_re_placed_under_the_same_group():
    # "Si no es posible porque choquen con otras cartas que tenga el atacante, podrá recolocar
    # las cartas nuevas, siempre que sigan bajo el control del mismo Grupo." The Mafia arrives
    # on the UFOs' right arrow (cell (1, 0), turned 2); its C.I.A. on its printed top arrow
    # would land on (1, 1), where the UFOs' Pentagon lies: it moves to another Mafia arrow.
    captor = Structure("illuminati:ufos", ARROWS)
    hang(captor, PENTAGON, "illuminati:ufos", "bottom")  # (0, 1); its bottom arrow → (1, 1)
    hang(captor, KGB, PENTAGON, "bottom")
    shape = Group(MAFIA, (("top", Group(CIA)),))
    assert captor.graft(shape, Placement("illuminati:ufos", "right", 2)) == []
    assert captor.master(CIA) == MAFIA and captor.placement(CIA) == Placement(MAFIA, "bottom", 1)


def test_the_captor_chooses_where_a_colliding_captured_puppet_goes():
    captor = Structure("illuminati:ufos", ARROWS)
    hang(captor, PENTAGON, "illuminati:ufos", "bottom")
    hang(captor, KGB, PENTAGON, "bottom")
    shape = Group(MAFIA, (("top", Group(CIA)),))
    assert captor.graft(shape, Placement("illuminati:ufos", "right", 2), {CIA: "left"}) == []
    assert captor.placement(CIA) == Placement(MAFIA, "left", 2)


def test_the_captors_choice_settles_which_colliding_puppet_takes_the_last_free_arrow():
    # The Mafia arrives on the UFOs' right arrow, (1, 0), with the C.I.A. and the Yuppies on its
    # top and bottom arrows, whose cells (1, 1) and (1, -1) are taken: its left arrow, toward
    # (2, 0), is the only one free. Unchosen, the C.I.A. (first clockwise) takes it.
    captor = Structure("illuminati:ufos", ARROWS)
    hang(captor, PENTAGON, "illuminati:ufos", "bottom")
    hang(captor, KGB, PENTAGON, "bottom")  # (1, 1)
    hang(captor, "group:new_york", "illuminati:ufos", "top")
    hang(captor, WIVES, "group:new_york", "top")  # (1, -1)
    shape = Group(MAFIA, (("top", Group(CIA)), ("bottom", Group("group:yuppies"))))
    arrival = Placement("illuminati:ufos", "right", 2)
    unchosen = captor.clone()
    assert unchosen.graft(shape, arrival) == ["group:yuppies"] and unchosen.cell(CIA) == (2, 0)
    assert captor.graft(shape, arrival, {"group:yuppies": "left"}) == [CIA]
    assert captor.cell("group:yuppies") == (2, 0) and captor.master("group:yuppies") == MAFIA


def test_captured_groups_that_cannot_be_placed_go_free_with_their_puppets():
    # "Los Grupos nuevos que no puedan colocarse se liberan y pasan a ser no controlados." The
    # Nazis arrive with the C.I.A. (with its own Yuppies) and the Cycle Gangs; both of the
    # Nazis' cells beyond their arrows are taken, so neither puppet can stay.
    captor = Structure("illuminati:ufos", ARROWS)
    hang(captor, PENTAGON, "illuminati:ufos", "bottom")  # (0, 1); bottom arrow → (1, 1)
    hang(captor, MAFIA, "illuminati:ufos", "top")  # (0, -1), turned 1: top arrow → (1, -1)
    hang(captor, KGB, PENTAGON, "bottom")  # (1, 1)
    hang(captor, WIVES, MAFIA, "top")  # (1, -1)
    shape = Group(
        NAZIS, (("top", Group(CIA, (("left", Group("group:yuppies")),))), ("bottom", Group(CYCLE_GANGS)))
    )
    freed = captor.graft(shape, Placement("illuminati:ufos", "right", 2))
    assert freed == [CIA, "group:yuppies", CYCLE_GANGS]
    assert NAZIS in captor and captor.puppets(NAZIS) == []


def test_a_capture_is_refused_whole_when_a_card_of_the_group_is_already_controlled():
    s = figure_1()
    refused(
        "already_in_structure", s, s.graft, Group(MAFIA, (("top", Group(KGB)),)), Placement(WIVES, "right", 0)
    )


def test_a_group_shape_must_hang_by_printed_arrows():
    s = figure_1()
    forged = Group(MAFIA, (("right", Group(CIA)),))  # the Mafia has no printed right arrow
    refused("bad_group", s, s.graft, forged, Placement(WIVES, "right", 0))


# -- moving a group ---------------------------------------------------------------------------


def test_a_group_moves_to_a_free_arrow_of_another_group_with_its_puppets():
    # "moviendo un Grupo a una flecha de control libre. Esta flecha puede estar en su Grupo amo
    # o en cualquier otro que controle el jugador. Si el Grupo a mover tiene títeres se moverán
    # con él (así como los títeres de estos, etc.)."
    s = figure_1()
    hang(s, MAFIA, KGB, "bottom")
    (placement,) = [p for p in s.placements(WIVES, NAZIS) if p.arrow == "right"]
    assert s.move(NAZIS, placement) == []
    assert s.master(NAZIS) == WIVES and s.puppets(NAZIS) == [KGB, CYCLE_GANGS] and s.master(MAFIA) == KGB
    assert s.distance(MAFIA) == 4 and len(s.cells()) == len(s.cards()) == 8


def test_every_move_lists_the_groups_and_the_free_arrows_of_any_card_outside_the_group():
    # "Esta flecha puede estar en su Grupo amo o en cualquier otro que controle el jugador."
    s = figure_1()
    moves = s.moves()
    assert (NAZIS, Placement(WIVES, "right", 1)) in moves  # under another group
    assert (WIVES, Placement(BAVARIANS, "bottom", 1)) in moves  # another arrow of its master
    assert not any(card == NAZIS and place.master in (NAZIS, KGB, CYCLE_GANGS) for card, place in moves)
    assert {card for card, _place in moves} == set(s.cards()[1:])  # Figure 1 leaves room for each


def test_a_group_may_move_to_another_arrow_of_its_own_master():
    s = figure_1()
    (placement,) = s.placements(BAVARIANS, WIVES)
    assert placement.arrow == "bottom"
    s.move(WIVES, placement)
    assert s.placement(WIVES) == placement and s.free_arrows(BAVARIANS) == ["top"]


def test_a_group_cannot_move_under_itself_or_its_own_puppets():
    s = figure_1()
    assert s.placements(KGB, NAZIS) == []
    refused("master_in_group", s, s.move, NAZIS, Placement(KGB, "bottom", 0))


def test_a_group_cannot_move_onto_an_arrow_in_use_or_blocked():
    s = figure_1()
    refused("arrow_in_use", s, s.move, WIVES, Placement(BAVARIANS, "top", 2))  # where it is
    refused("arrow_in_use", s, s.move, WIVES, Placement(NAZIS, "top", 0))


def test_moved_puppets_that_collide_are_re_placed_under_the_same_master():
    # "Las cartas no pueden quedar montadas. Si el mover un Grupo hace que algunos de los
    # títeres choquen con otras cartas podrán moverse a otras flechas de control, siempre y
    # cuando sigan bajo el control del mismo amo." The Mafia moves from the Illuminati's top
    # arrow to their right one; its C.I.A. (on its printed top arrow) would land on (1, 1),
    # where the Pentagon's KGB lies: it goes to the Mafia's first free arrow instead.
    s = Structure(BAVARIANS, ARROWS)
    hang(s, MAFIA, BAVARIANS, "top")
    hang(s, CIA, MAFIA, "top")
    hang(s, PENTAGON, BAVARIANS, "bottom")
    hang(s, KGB, PENTAGON, "bottom")  # (1, 1)
    assert s.move(MAFIA, Placement(BAVARIANS, "right", 2)) == []
    assert s.placement(CIA) == Placement(MAFIA, "bottom", 1) and s.cell(CIA) == (1, -1)


def test_the_owner_chooses_where_a_colliding_puppet_goes():
    s = Structure(BAVARIANS, ARROWS)
    hang(s, MAFIA, BAVARIANS, "top")
    hang(s, CIA, MAFIA, "top")
    hang(s, PENTAGON, BAVARIANS, "bottom")
    hang(s, KGB, PENTAGON, "bottom")
    assert s.move(MAFIA, Placement(BAVARIANS, "right", 2), {CIA: "left"}) == []
    assert s.placement(CIA) == Placement(MAFIA, "left", 2) and s.cell(CIA) == (2, 0)


def test_a_choice_for_a_puppet_that_does_not_collide_or_onto_a_blocked_arrow_is_refused():
    s = Structure(BAVARIANS, ARROWS)
    hang(s, MAFIA, BAVARIANS, "top")
    hang(s, CIA, MAFIA, "top")
    hang(s, PENTAGON, BAVARIANS, "bottom")
    hang(s, KGB, PENTAGON, "bottom")
    refused("not_displaced", s, s.move, MAFIA, Placement(BAVARIANS, "left", 0), {CIA: "left"})
    refused("arrow_blocked", s, s.move, MAFIA, Placement(BAVARIANS, "right", 2), {CIA: "top"})
    refused("no_such_arrow", s, s.move, MAFIA, Placement(BAVARIANS, "right", 2), {CIA: "right"})


def test_a_moved_puppet_that_cannot_be_re_placed_is_lost_with_its_puppets():
    # "Cualquier títere que no pueda ser recolocado se pierde. Pasa, junto a sus títeres, a la
    # zona no controlada." The Nazis move to the Illuminati's right arrow (1, 0): their KGB
    # (with the Yuppies) would land on (1, 1) and their Cycle Gangs on (1, -1), both taken.
    s = Structure(BAVARIANS, ARROWS)
    hang(s, NAZIS, BAVARIANS, "left")
    hang(s, KGB, NAZIS, "top")
    hang(s, "group:yuppies", KGB, "bottom")
    hang(s, CYCLE_GANGS, NAZIS, "bottom")
    hang(s, PENTAGON, BAVARIANS, "bottom")
    hang(s, CIA, PENTAGON, "bottom")  # (1, 1)
    hang(s, MAFIA, BAVARIANS, "top")
    hang(s, WIVES, MAFIA, "top")  # (1, -1)
    assert s.move(NAZIS, Placement(BAVARIANS, "right", 2)) == [KGB, "group:yuppies", CYCLE_GANGS]
    assert s.puppets(NAZIS) == [] and KGB not in s and len(s.cells()) == len(s) == 6


def test_a_moving_group_does_not_block_itself():
    # The group is lifted before it is laid again: an arrow pointing at one of its own cards
    # is free for it. The Wives (on the Nazis' top arrow, (1, 1)) move onto the Illuminati's
    # bottom arrow, (0, 1), beside where they were.
    s = Structure(BAVARIANS, ARROWS)
    hang(s, NAZIS, BAVARIANS, "right")
    hang(s, WIVES, NAZIS, "top")
    assert s.cell(WIVES) == (1, 1)
    (placement,) = [p for p in s.placements(BAVARIANS, WIVES) if p.arrow == "bottom"]
    s.move(WIVES, placement)
    assert s.cell(WIVES) == (0, 1) and s.master(WIVES) == BAVARIANS


def test_the_bermuda_triangle_lays_the_same_cards_out_anew():
    # "el jugador del Triángulo de las Bermudas puede reorganizar libremente su Estructura de
    # Poder al final de cada turno." Figure 1 becomes Figure 4's layout, card for card.
    s = figure_1()
    layout = Structure(BAVARIANS, ARROWS)
    for card, master, arrow in [
        (DEMOCRATS, BAVARIANS, "top"),
        (CYCLE_GANGS, BAVARIANS, "right"),
        (NAZIS, BAVARIANS, "left"),
        (WIVES, NAZIS, "top"),
        (KGB, NAZIS, "bottom"),
        (ANTIWAR, KGB, "bottom"),
    ]:
        hang(layout, card, master, arrow)
    s.relayout(layout.to_json())
    assert s == layout and s.master(ANTIWAR) == KGB


def test_a_new_layout_must_hold_the_same_cards():
    s = figure_1()
    fewer = figure_1()
    fewer.detach(ANTIWAR)
    refused("not_same_cards", s, s.relayout, fewer.to_json())
    other = Structure("illuminati:ufos", ARROWS)
    refused("not_same_cards", s, s.relayout, other.to_json())


def test_a_new_layout_may_leave_out_only_the_cards_lost():
    # "Cualquier títere que no pueda ser recolocado *se pierde*." (the Bermuda Triangle, ruling 23)
    s, fewer = figure_1(), figure_1()
    fewer.detach(ANTIWAR)
    refused("not_same_cards", s, s.relayout, fewer.to_json(), [KGB])
    s.relayout(fewer.to_json(), [ANTIWAR])
    assert s == fewer and ANTIWAR not in s


# -- transfers between players ----------------------------------------------------------------


def test_a_transferred_group_is_placed_as_a_captured_one_and_the_receiver_may_free_its_own_cards():
    # "El jugador que reciba el Grupo debe situarlo inmediatamente en su Estructura de Poder
    # junto con sus títeres, como se explicó para los grupos movidos o capturados. Si no se
    # pueden evitar los choques el jugador debe solucionarlos eligiendo una o más cartas que
    # choquen, sin importar si son nuevas o no, y dejarlas no controladas."
    giver = figure_1()
    shape = giver.group(NAZIS)
    giver.detach(NAZIS)
    receiver = Structure("illuminati:ufos", ARROWS)
    hang(receiver, PENTAGON, "illuminati:ufos", "bottom")
    hang(receiver, MAFIA, "illuminati:ufos", "top")
    hang(receiver, CIA, PENTAGON, "bottom")  # (1, 1): the KGB's cell after the transfer
    hang(receiver, WIVES, MAFIA, "top")  # (1, -1): the Cycle Gangs'
    assert receiver.clone().graft(shape, Placement("illuminati:ufos", "right", 2)) == [KGB, CYCLE_GANGS]
    assert receiver.detach(CIA) == [CIA]  # the receiver frees an old card instead
    assert receiver.graft(shape, Placement("illuminati:ufos", "right", 2)) == [CYCLE_GANGS]
    assert receiver.master(KGB) == NAZIS


# -- copies and JSON --------------------------------------------------------------------------


def test_a_clone_is_independent_of_its_original():
    s = figure_1()
    twin = s.clone()
    twin.detach(NAZIS)
    hang(s, MAFIA, KGB, "bottom")
    assert NAZIS in s and NAZIS not in twin and MAFIA not in twin and twin != s
    assert twin.cards() == [BAVARIANS, WIVES, DEMOCRATS, ANTIWAR]


def test_json_round_trip_gives_an_equal_structure():
    s = figure_1()
    hang(s, MAFIA, KGB, "bottom")
    again = Structure.from_json(s.to_json(), ARROWS)
    assert again == s and again.to_json() == s.to_json() and again.cells() == s.cells()


@pytest.mark.parametrize(
    ("data", "rule"),
    [
        ([], "bad_structure"),
        ({"root": 3, "cards": []}, "bad_structure"),
        ({"root": BAVARIANS, "cards": "x"}, "bad_structure"),
        ({"root": BAVARIANS, "cards": [{"card": KGB}]}, "bad_structure"),
        (
            {"root": BAVARIANS, "cards": [{"card": KGB, "master": BAVARIANS, "arrow": "up", "rotation": 0}]},
            "bad_structure",
        ),
        (
            {
                "root": BAVARIANS,
                "cards": [{"card": KGB, "master": BAVARIANS, "arrow": "top", "rotation": True}],
            },
            "bad_structure",
        ),
        (
            {"root": BAVARIANS, "cards": [{"card": KGB, "master": BAVARIANS, "arrow": "top", "rotation": 0}]},
            "wrong_rotation",
        ),
        (
            {"root": BAVARIANS, "cards": [{"card": KGB, "master": MAFIA, "arrow": "top", "rotation": 1}]},
            "not_in_structure",
        ),
        ({"root": KGB, "cards": []}, "not_illuminati"),
    ],
)
def test_a_forged_structure_is_refused_with_the_rule_it_breaks(data, rule):
    with pytest.raises(IllegalAction) as caught:
        Structure.from_json(data, ARROWS)
    assert caught.value.key == f"illuminati.error.{rule}"


def test_a_decoded_structure_holds_at_most_one_entry_per_group_of_the_game():
    entry = {"card": KGB, "master": BAVARIANS, "arrow": "top", "rotation": 1}
    with pytest.raises(IllegalAction) as caught:
        Structure.from_json({"root": BAVARIANS, "cards": [entry] * 84}, ARROWS)
    assert caught.value.key == "illuminati.error.too_many_cards" and caught.value.params == {"limit": 83}
    with pytest.raises(IllegalAction) as caught:  # within the bound, the second entry is refused
        Structure.from_json({"root": BAVARIANS, "cards": [entry] * 83}, ARROWS)
    assert caught.value.key == "illuminati.error.already_in_structure"
