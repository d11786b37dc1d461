"""The hidden Illuminati (rulebook, "Reglas avanzadas", "ILLUMINATI OCULTOS"; ruling 38): the
card face down, its claimed numbers, its abilities only face up, accusations, and what the
other seats may see or resample."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from backroom.games.illuminati import GAME
from backroom.games.illuminati.attack import needed, terms
from backroom.games.illuminati.cards import CARD_OF, FACE, ILLUMINATI, INCOME, PASS_INCOME, TRANSFER
from backroom.games.illuminati.concealment import (
    HIDDEN_FACE,
    INCOME_FLOOR,
    OPEN_EVENTS,
    POWER_FLOOR,
    bound,
    conceals,
    fits,
    power_used,
    transfer_used,
)
from backroom.games.illuminati.state import IlluminatiState
from tests.helpers import event, refuse
from tests.test_conformance import random_game

from .conftest import position
from .test_catalogs import LANGUAGES, catalog, fields

FACE_DOWN = {"hidden_illuminati": "face_down"}
EXAGGERATING = {"hidden_illuminati": "exaggerating"}


def hidden(roots: list[str], mode: str = "face_down", **kwargs) -> IlluminatiState:
    state = position(roots, **kwargs)
    state.hidden_mode = mode
    return state


def concealed_faces(state: IlluminatiState, viewer: int | None) -> set[str]:
    return {FACE[state.illuminati[s]] for s in range(state.n) if s != viewer and conceals(state, s)}


def test_hidden_illuminati_other_seats_see_a_face_down_card_with_only_claimed_numbers():
    # "¡Los jugadores mantienen sus Grupos de Illuminati boca abajo! Sólo el propio jugador sabe
    # qué Grupo controla."
    state = hidden(
        ["network", "gnomes_of_zurich"], structures={1: [("the_mafia", "gnomes_of_zurich", "right")]}
    )
    mine, theirs = state.view(0)["players_info"]
    assert mine["illuminati"] == "network" and theirs["illuminati"] == HIDDEN_FACE
    assert theirs["structure"][0]["card"] == HIDDEN_FACE and theirs["structure"][1]["master"] == HIDDEN_FACE
    assert theirs["face_down"] == {
        "identified": False,
        "power": POWER_FLOOR,
        "income": INCOME_FLOOR,
        "ruled_out": [],
    }
    assert "gnomes_of_zurich" not in json.dumps(state.view(0)) + json.dumps(state.view(None))


def test_hidden_illuminati_take_the_claimed_income_never_more_than_printed():
    # "Los jugadores sólo pueden usar el Poder, los Ingresos y la aptitud especial de su Grupo,
    # pero no tienen por qué usar *todo* su Poder o sus Ingresos"
    state = hidden(["gnomes_of_zurich", "network"])
    claims = [a for a in state.legal_actions(0) if a[0] == "claim" and a[1] == "income"]
    gnomes = CARD_OF["gnomes_of_zurich"]
    assert claims == [("claim", "income", n) for n in range(INCOME_FLOOR + 1, INCOME[gnomes] + 1)]
    assert refuse(state, 0, ("claim", "income", 13)) == "illuminati.error.cannot_claim"
    events = state.apply(0, ("claim", "income", 10))
    assert event(events, "claimed_income").params == {"seat": 0, "amount": 10}
    assert refuse(state, 0, ("claim", "income", 9)) == "illuminati.error.cannot_claim"  # only upwards
    state.apply(0, ("end",))  # nothing done but a claim: the 5 MB of a turn passed
    events = state.apply(1, ("end",))
    assert state.money[gnomes] == PASS_INCOME + 10
    assert {"seat": 0, "card": HIDDEN_FACE, "mb": 10} in [e.params for e in events if e.kind == "income"]


def test_hidden_illuminati_attack_with_the_claimed_power():
    # "no tienen por qué usar *todo* su Poder": the face-down card attacks with the Power its
    # player claimed; the number needed, public, shows only that.
    state = hidden(["bavarian_illuminati", "network"], uncontrolled=["the_mafia"])
    state.apply(0, ("attack", "control", "the_mafia"))
    state.apply(0, ("attacker", "bavarian_illuminati"))
    low = needed(state)
    assert state.view(1)["attack"]["attacker"] == HIDDEN_FACE
    state.shown_power[0] = 10
    assert needed(state) == low + 10 - POWER_FLOOR


def test_hidden_illuminati_alternative_rule_exaggerates_by_one_until_identified():
    # "*Regla alternativa:* un Illuminati sin identificar puede “exagerar” su Poder y/o Ingresos
    # en 1 punto hasta que sea identificado."
    state = hidden(["servants_of_cthulhu", "network"], "exaggerating")
    assert ("claim", "power", 10) in state.legal_actions(0) and (
        "claim",
        "power",
        11,
    ) not in state.legal_actions(0)
    assert ("claim", "income", 8) in state.legal_actions(0)
    state.apply(0, ("claim", "income", 8))
    state.apply(0, ("reveal",))
    assert state.root_income(0) == INCOME[CARD_OF["servants_of_cthulhu"]]


def test_hidden_illuminati_abilities_that_act_by_themselves_need_the_card_face_up():
    # "ni revelar su aptitud especial": the Network draws one card while face down, two once
    # turned up; the Servants of Cthulhu's +2 to destroy counts only face up.
    groups = ["kkk", "kgb", "tabloids", "yuppies"]
    state = hidden(
        ["network", "servants_of_cthulhu"], active=1, uncontrolled=["the_mafia", "c_i_a"], deck=groups
    )
    deck = len(state.deck)
    state.apply(1, ("end",))
    assert len(state.deck) == deck - 1
    state.apply(0, ("reveal",))
    state.apply(0, ("end",))
    state.apply(1, ("end",))
    assert len(state.deck) == deck - 4
    state = hidden(["network", "servants_of_cthulhu"], active=1, uncontrolled=["the_mafia", "c_i_a"])
    state.apply(1, ("attack", "destroy", "the_mafia"))
    state.apply(1, ("attacker", "servants_of_cthulhu"))
    face_down = needed(state)
    state.identified[1] = True
    assert needed(state) == face_down + 2 + 9 - POWER_FLOOR


def test_hidden_illuminati_discordians_are_immune_only_face_up():
    state = hidden(
        ["network", "discordian_society"],
        structures={
            0: [("c_i_a", "network", "right")],
            1: [("punk_rockers", "discordian_society", "right")],
        },
    )
    # "Ningún Grupo Convencional o Gubernamental podrá atacar a la Estructura de Poder
    # Discordiana": an ability that acts by itself, so only once the card is face up.
    state.apply(0, ("attack", "neutralize", "punk_rockers"))
    assert ("attacker", "c_i_a") in state.legal_actions(0)
    state.identified[1] = True
    assert ("attacker", "c_i_a") not in state.legal_actions(0)


def test_hidden_illuminati_bavarian_privilege_and_ufos_second_attack_turn_the_card_up():
    # Using an ability identifies the card: its effect is seen on the table (ruling 38).
    state = hidden(
        ["bavarian_illuminati", "network"], uncontrolled=["the_mafia"], money={"bavarian_illuminati": 9}
    )
    state.apply(0, ("attack", "control", "the_mafia"))
    state.apply(0, ("attacker", "bavarian_illuminati"))
    events = state.apply(0, ("announce", "bavarian"))
    assert event(events, "identified").params == {"seat": 0, "card": "bavarian_illuminati"}
    assert state.view(1)["players_info"][0]["illuminati"] == "bavarian_illuminati"
    state = hidden(["ufos", "network"], uncontrolled=["the_mafia", "c_i_a"])
    state.used[CARD_OF["ufos"]] = 1
    state.apply(0, ("attack", "control", "c_i_a"))
    events = state.apply(0, ("attacker", "ufos"))
    assert event(events, "identified").params["card"] == "ufos"


def test_hidden_illuminati_accusation_right_turns_the_card_up_and_costs_an_action():
    # "Durante la fase de acción de su turno, un jugador puede realizar una acusación contra
    # otro jugador, como “Creo que eres Cthulhu”. Esto cuenta como una de sus dos acciones, pero
    # no cuenta como acción específica para ninguno de sus grupos."
    state = hidden(["network", "servants_of_cthulhu", "ufos"])
    assert ("accuse", 1, "network") not in state.legal_actions(0)  # one's own card
    events = state.apply(0, ("accuse", 1, "servants_of_cthulhu"))
    assert event(events, "accused_right").params == {
        "seat": 0,
        "target_seat": 1,
        "card": "servants_of_cthulhu",
    }
    assert state.actions_left == 1 and state.identified[1]
    assert state.view(2)["players_info"][1]["illuminati"] == "servants_of_cthulhu"
    assert not any(a[:2] == ("accuse", 1) for a in state.legal_actions(0))


def test_hidden_illuminati_accusation_wrong_does_nothing_but_the_table_heard_it():
    # "Una acusación incorrecta no hace nada"
    state = hidden(["network", "servants_of_cthulhu", "ufos"])
    events = state.apply(0, ("accuse", 1, "ufos"))
    assert event(events, "accused_wrong").params == {"seat": 0, "target_seat": 1, "card": "ufos"}
    assert state.actions_left == 1 and not state.identified[1]
    assert state.view(2)["players_info"][1]["face_down"]["ruled_out"] == ["ufos"]
    state.apply(0, ("accuse", 1, "gnomes_of_zurich"))
    assert refuse(state, 0, ("accuse", 2, "ufos")) == "illuminati.error.no_actions_left"


def test_hidden_illuminati_ufos_goal_stays_hidden_once_identified():
    # "Sin embargo, una vez identificados los OVNIs se juegan boca arriba, ¡pero su Objetivo
    # sigue oculto!"
    state = hidden(["ufos", "network"])
    state.goal_choice[0] = CARD_OF["gnomes_of_zurich"]
    state.apply(0, ("reveal",))
    assert state.view(1)["secret_goal"] is None
    goals = {state.resample(1, random.Random(i)).goal_choice[0] for i in range(40)}
    assert len(goals) > 1


def test_hidden_illuminati_everyone_writes_a_goal_so_the_ufos_are_not_named():
    # Ruling 38: were only the UFOs asked for their goal, the table would know who they are.
    for seed in range(8):
        state, _ = GAME.start(4, FACE_DOWN, seed=seed)
        asked = []
        while state.phase == "choose":
            seat = state.actors()[0]
            asked.append(seat)
            state.apply(seat, state.legal_actions(seat)[0])
        assert sorted(asked) == [0, 1, 2, 3]


def test_hidden_illuminati_gift_to_face_down_gnomes_is_not_refused():
    # Ruling 15 refuses a gift that hands the Gnomes their goal; nobody can know face-down
    # Gnomes, so a gift to them tells nothing (ruling 38).
    state = hidden(["network", "gnomes_of_zurich"], money={"network": 10, "gnomes_of_zurich": 145})
    assert ("give_money", 1, 10) in state.legal_actions(0)
    state.identified[1] = True
    assert ("give_money", 1, 10) not in state.legal_actions(0)


def test_hidden_illuminati_that_must_make_a_second_attack_this_turn_is_resampled_as_the_ufos():
    # "Ningún Grupo, excepto los OVNIs, puede atacar más de una vez por turno": the table saw the
    # face-down card attack once and its player declare an attack only it can make, so it is
    # the UFOs. A resample that drew another card left that attack with no attacker.
    state = hidden(["ufos", "network"], uncontrolled=["kkk"])
    state.used[CARD_OF["ufos"]] = 1
    state.apply(0, ("attack", "control", "kkk"))
    assert state.legal_actions(0) == [("attacker", "ufos")]
    for k in range(30):
        other = state.resample(1, random.Random(k))
        assert FACE[other.illuminati[0]] == "ufos"
        assert other.legal_actions(0) == [("attacker", "ufos")]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 5, 8]), exaggerating=st.booleans())
# Seed 411: a White Collar Crime aimed at a face-down card, waiting for Secrets, was shown whole.
@example(seed=411, players=3, exaggerating=False)
def test_hidden_illuminati_views_and_public_events_never_name_a_face_down_card(seed, players, exaggerating):
    options = EXAGGERATING if exaggerating else FACE_DOWN
    for state, events in random_game(GAME, options, players, seed):
        for e in events:
            if e.to is None and e.kind not in OPEN_EVENTS:
                assert not concealed_faces(state, None) & set(map(str, _values(e.params)))
        for viewer in range(players):
            view = state.view(viewer)
            view["secret_goal"] = None
            for info in view["players_info"]:
                if info["face_down"]:
                    info["face_down"]["ruled_out"] = []
            text = json.dumps(view)
            assert not any(f'"{face}"' in text for face in concealed_faces(state, viewer))


def _values(params: dict) -> list:
    out: list = []
    for value in params.values():
        out += value if isinstance(value, list) else [value]
    return out


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 6, 8]), exaggerating=st.booleans())
def test_hidden_illuminati_resample_redraws_face_down_cards_within_public_constraints(
    seed, players, exaggerating
):
    options = EXAGGERATING if exaggerating else FACE_DOWN
    rng = random.Random(seed)
    for step, (state, _events) in enumerate(random_game(GAME, options, players, seed)):
        if step % 7 or state.is_over:
            continue
        seat = rng.randrange(players)
        other = state.resample(seat, rng)
        other.check()
        alive = [other.illuminati[s] for s in range(players) if other.alive[s]]
        assert len(set(alive)) == len(alive)
        for s in range(players):
            if s == seat or not conceals(state, s):
                assert other.illuminati[s] == state.illuminati[s]
            else:
                assert fits(state, s, other.illuminati[s])
                assert other.money[other.illuminati[s]] == state.money[state.illuminati[s]]
        assert sorted(other.out + alive) == list(ILLUMINATI)


def test_hidden_illuminati_actions_events_and_errors_have_text_in_every_catalog():
    state = hidden(["network", "servants_of_cthulhu", "ufos"])
    shown = [state.label(a) for a in state.legal_actions(0) if a[0] in ("accuse", "claim", "reveal")]
    kinds = ("accuse", "claim.power", "claim.income", "reveal")
    assert {m.key for m in shown} == {f"illuminati.action.{k}" for k in kinds}
    messages = [(m.key, set(m.params)) for m in shown]
    for kind in ("accused_right", "accused_wrong", "identified", "claimed_power", "claimed_income"):
        messages.append((f"illuminati.event.{kind}", {"seat", "target_seat", "card", "amount"}))
    state.identified[0] = True
    for refused in (("claim", "power", 7), ("reveal",)):
        messages.append((state.why_illegal(0, refused), set()))
    for lang in LANGUAGES:
        book = catalog(lang)
        for key, params in messages:
            assert key in book and fields(book[key]) <= params, (lang, key)


def test_hidden_illuminati_resample_draws_only_what_claims_and_accusations_allow():
    # Ruling 38: a seat's resample redraws the other face-down cards among those it cannot rule
    # out; only the Gnomes have an income of 12, so a claim of 12 leaves them alone.
    state = hidden(["network", "servants_of_cthulhu", "ufos", "discordian_society"])
    drawn = {state.resample(0, random.Random(i)).illuminati[1] for i in range(60)}
    assert CARD_OF["network"] not in drawn and len(drawn) > 3
    state.ruled_out[1] = 1 << CARD_OF["ufos"]
    state.identified[3] = True
    drawn = {state.resample(0, random.Random(i)).illuminati[1] for i in range(60)}
    assert not drawn & {CARD_OF["ufos"], CARD_OF["network"], CARD_OF["discordian_society"]}
    state = hidden(["network", "servants_of_cthulhu", "gnomes_of_zurich"])
    state.shown_income[2] = 12
    gnomes = CARD_OF["gnomes_of_zurich"]
    for i in range(20):
        other = state.resample(0, random.Random(i))
        assert other.illuminati[2] == gnomes and other.illuminati[1] != gnomes


def test_hidden_illuminati_an_offer_is_not_refused_for_a_goal_only_its_owner_knows():
    # "Regalar la partida" is judged on what the proposer can see (ruling 29): refusing an offer
    # of 10 MB to face-down Gnomes at 145 MB would tell the proposer who they are.
    state = hidden(["network", "gnomes_of_zurich"], money={"network": 10, "gnomes_of_zurich": 145})
    state.goal_choice = [CARD_OF["network"], CARD_OF["gnomes_of_zurich"]]  # their printed goals
    state.apply(0, ("offer", 1))
    state.apply(0, ("offer_money", "give", 10))
    assert ("propose",) in state.legal_actions(0)
    state.identified[1] = True
    assert ("propose",) not in state.legal_actions(0)


def _power_claims(state: IlluminatiState, seat: int) -> list[int]:
    return [a[2] for a in state.legal_actions(seat) if a[:2] == ("claim", "power")]


@pytest.mark.parametrize("secret", [False, True])
@pytest.mark.parametrize("mode", ["face_down", "exaggerating"])
@pytest.mark.parametrize("card", [FACE[c] for c in ILLUMINATI])
def test_hidden_illuminati_power_claim_is_at_most_the_lesser_of_power_and_transferable_power(
    card, mode, secret
):
    # "no tienen por qué usar *todo* su Poder": one number claimed, for attacking and aiding
    # (ruling 38), so never more than the lesser of Power and Transferable Power ("el Poder" is
    # the first number: ruling 34), one more exaggerating. Only the UFOs with secret goals
    # (7/6) have two different numbers: they claim at most 6 (7 exaggerating).
    other = "network" if card != "network" else "gnomes_of_zurich"
    state = hidden([card, other], mode)
    state.secret_goals = secret
    c = CARD_OF[card]
    extra = 1 if mode == "exaggerating" else 0
    most = min(state.power(c), TRANSFER[c]) + extra
    if card == "ufos":
        assert most == 6 + extra
    else:
        assert most == state.power(c) + extra
    assert _power_claims(state, 0) == list(range(POWER_FLOOR + 1, most + 1))
    assert refuse(state, 0, ("claim", "power", most + 1)) == "illuminati.error.cannot_claim"


def test_hidden_illuminati_face_down_ufos_with_secret_goals_reach_power_seven_by_turning_up():
    # Ruling 34: "Aumenta el Poder de los OVNIs en 1 punto", and "el Poder" is the first number,
    # so their Transferable Power stays 6; ruling 38: the claim is at most 6 face down, and
    # "ni revelar su aptitud especial": turned up, the card attacks with 7 and aids with 6.
    state = hidden(
        ["ufos", "network"], structures={0: [("the_mafia", "ufos", "right")]}, uncontrolled=["kkk"]
    )
    state.secret_goals = True
    ufos = CARD_OF["ufos"]
    assert _power_claims(state, 0) == []  # 6, the least of any Illuminati, is used unclaimed
    assert (power_used(state, ufos), transfer_used(state, ufos)) == (6, 6)
    state.apply(0, ("reveal",))
    assert (power_used(state, ufos), transfer_used(state, ufos)) == (7, TRANSFER[ufos]) == (7, 6)


@pytest.mark.parametrize("mode", ["face_down", "exaggerating"])
def test_hidden_illuminati_face_down_ufos_with_secret_goals_aid_with_the_power_claimed(mode):
    # The aid of a face-down card is its claim, so the table never sees an aid below a claim
    # (which only the UFOs, Power 7 and Transferable Power 6 with secret goals, could show).
    state = hidden(
        ["ufos", "network"], mode, structures={0: [("the_mafia", "ufos", "right")]}, uncontrolled=["kkk"]
    )
    state.secret_goals = True
    most = 7 if mode == "exaggerating" else 6
    assert max(_power_claims(state, 0), default=POWER_FLOOR) == most
    if most > POWER_FLOOR:
        state.apply(0, ("claim", "power", most))
    state.apply(0, ("attack", "control", "kkk"))
    state.apply(0, ("attacker", "the_mafia"))
    state.apply(0, ("aid", "ufos"))
    aid = [t for t in terms(state) if t[0] == "aid"]
    assert aid == [("aid", most, CARD_OF["ufos"], 0)]
    assert aid[0][1] == state.view(1)["players_info"][0]["face_down"]["power"]


@pytest.mark.parametrize("secret", [False, True])
def test_hidden_illuminati_power_claim_of_seven_rules_out_the_ufos_in_a_resample(secret):
    # The resample rules cards out by the bound the claim had (``fits``): a claim of 7 is out of
    # the face-down UFOs' reach with secret goals too (their claim stops at 6), so a seat that
    # saw it never draws them; a claim of 6 leaves them possible.
    state = hidden(["network", "servants_of_cthulhu", "discordian_society"])
    state.secret_goals = secret
    state.shown_power[1] = 7
    drawn = {state.resample(0, random.Random(i)).illuminati[1] for i in range(60)}
    assert CARD_OF["ufos"] not in drawn and len(drawn) > 2
    state.shown_power[1] = 6
    drawn = {state.resample(0, random.Random(i)).illuminati[1] for i in range(60)}
    assert CARD_OF["ufos"] in drawn


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 5]), exaggerating=st.booleans())
def test_hidden_illuminati_with_secret_goals_resample_keeps_views_legal_actions_and_claim_bounds(
    seed, players, exaggerating
):
    # Both options on: the UFOs' claim bound (ruling 34, 38) is the one the resample uses, so a
    # seat's view and legal actions do not change when the others' face-down cards are redrawn,
    # and no drawn card has a claim its bound would not have allowed.
    options = {**(EXAGGERATING if exaggerating else FACE_DOWN), "secret_goals": True}
    rng = random.Random(seed)
    for step, (state, _events) in enumerate(random_game(GAME, options, players, seed)):
        for s in range(players):
            if conceals(state, s):
                assert state.shown_power[s] <= bound(state, state.illuminati[s], "power")
        if step % 5 or state.is_over:
            continue
        seat = rng.randrange(players)
        other = state.resample(seat, rng)
        assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True)
        assert other.legal_actions(seat) == state.legal_actions(seat)
        for s in range(players):
            if s != seat and conceals(state, s):
                assert other.shown_power[s] <= bound(other, other.illuminati[s], "power")
                if other.illuminati[s] == CARD_OF["ufos"]:
                    assert other.shown_power[s] <= 6 + exaggerating
