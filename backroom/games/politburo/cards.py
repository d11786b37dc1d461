"""Politburó's components, read from ``deck.json`` (each entry with its provenance), and the
constants every other module imports from here, so that no two rule modules import each other.

Cards are ints ``0..97``: ``FACE[c]`` is the face a player sees (``"agresion-3"``,
``"guardaespaldas"``, ``"contraataque"``...), ``TYPE[c]`` its basic type (``-1`` for a special
card, cures included) and ``VALUE[c]`` the printed number of a Demagogia, Difamación or
Agresión. Candidates are ints ``0..14`` (their card numbers); offices ``0..4`` from the lowest
(Ministro de Industria) to the highest (Secretario General).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from backroom.engine.provenance import Message, legend, message, row

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "deck.json").read_text("utf-8"))
GAME_ID = "politburo"

# ------------------------------------------------------------------- basic types

DEMAGOGIA, DIFAMACION, AGRESION, GUARDAESPALDAS, VENGATIVO, FAVORITO, MANIPULADOR = range(7)
TYPES: tuple[str, ...] = tuple(t["type"] for t in DATA["basicCardTypes"])
assert TYPES == (
    "demagogia",
    "difamacion",
    "agresion",
    "guardaespaldas",
    "vengativo",
    "favorito",
    "manipulador",
)
OFFENSIVE = (DEMAGOGIA, DIFAMACION, AGRESION)
"""Played on any candidate, from the hand or from an activated candidate (R)."""
HEALTH_DEFENCE = (GUARDAESPALDAS, VENGATIVO)
LOYALTY_DEFENCE = (FAVORITO, MANIPULADOR)
"""Self-only cards that answer an attack on the candidate they are played on (R, FAQ)."""

# ------------------------------------------------------------------ special cards

SPECIALS: tuple[str, ...] = tuple(dict.fromkeys(s["id"] for s in DATA["specialCards"]))
CURE_HEALTH: int = next(s["healthRestored"] for s in DATA["specialCards"] if s["id"] == "cura")

INITIATIVE = frozenset(
    {
        "gran_purga",
        "atentado",
        "destitucion",
        "ascenso",
        "usurpacion",
        "popularidad",
        "plan_quinquenal",
        "revueltas",
        "industrializacion",
        "colectivizacion",
        "contrabando",
        "hospitalizacion",
        "cura",
    }
)
"""Special cards a player may play of their own accord (ruling 4): on their turn, and on
another's turn in the window at the end of that turn. The others answer an event:
Contraataque an Agresión, Traición a Difamación, Patriotismo Heroico an assassination."""

ON_CANDIDATE = ("atentado", "hospitalizacion", "cura", "ascenso")
"""Specials whose one argument is a candidate (``("special_on", face, candidate)``)."""
ON_OFFICE = ("destitucion", "usurpacion")
"""Specials whose argument is an office (``("special_office", face, office)``)."""
PLAIN = tuple(s for s in SPECIALS if s not in ON_CANDIDATE and s not in ON_OFFICE and s != "contrabando")
"""Specials played with no argument (``("special", face)``); Contrabando names a discard."""

# ------------------------------------------------------------------------- cards


def _cards() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    faces: list[str] = []
    types: list[int] = []
    values: list[int] = []
    for entry in DATA["basicDeck"]:
        kind = TYPES.index(entry["type"])
        value = abs(entry.get("value", 0))
        face = f"{entry['type']}-{value}" if value else entry["type"]
        faces += [face] * entry["count"]
        types += [kind] * entry["count"]
        values += [value] * entry["count"]
    for entry in DATA["specialCards"]:
        faces += [entry["id"]] * entry["count"]
        types += [-1] * entry["count"]
        values += [0] * entry["count"]
    return tuple(faces), tuple(types), tuple(values)


FACE, TYPE, VALUE = _cards()
FACE_OF = list(FACE).__getitem__
"""``FACE[c]`` as a function, made once, for ``map(FACE_OF, hand)``: on CPython 3.11 a list's
``__getitem__`` is a plain C method, some 200 machine instructions a card cheaper to call than a
tuple's, a slot wrapper (and ``FACE.__getitem__`` would make a new one at every use, some 500)."""
DECK_SIZE = len(FACE)
FACES: tuple[str, ...] = tuple(dict.fromkeys(FACE))
SPECIAL_MASK = sum(1 << c for c, t in enumerate(TYPE) if t < 0)
"""Every special card's bit: the cards that can never be assigned face down."""
BASIC_FACES: tuple[str, ...] = tuple(f for f in FACES if TYPE[FACE.index(f)] >= 0)
FACE_TYPE: dict[str, int] = {f: TYPE[FACE.index(f)] for f in FACES}
FACE_VALUE: dict[str, int] = {f: VALUE[FACE.index(f)] for f in FACES}
AGRESION_FACES = tuple(f for f in BASIC_FACES if FACE_TYPE[f] == AGRESION)
DEMAGOGIA_FACES = tuple(f for f in BASIC_FACES if FACE_TYPE[f] == DEMAGOGIA)
OFFENSIVE_FACES = tuple(f for f in BASIC_FACES if FACE_TYPE[f] in OFFENSIVE)


def cards_of(faces: tuple[str, ...] | frozenset[str]) -> frozenset[int]:
    """The cards of ``faces``: a hand or a candidate holding none of them is passed over in C
    (``isdisjoint``) before any look at its faces."""
    return frozenset(c for c in range(len(FACE)) if FACE[c] in faces)


INITIATIVE_CARDS = cards_of(INITIATIVE)
OFFENSIVE_CARDS = cards_of(OFFENSIVE_FACES)
OFFICE_ANSWER_CARDS = cards_of((*ON_OFFICE, "ascenso"))
"""What may answer in the office window (``reactions.answers``)."""
ROUND_END_CARDS = cards_of((*DEMAGOGIA_FACES, "plan_quinquenal"))
"""What may be played at the end of the round (``legality.round_end_plays``)."""
CONTRABANDO_CARDS = cards_of(("contrabando",))
FACE_BITS: dict[str, int] = {f: sum(1 << c for c in range(len(FACE)) if FACE[c] == f) for f in FACES}
"""The cards of each face, as a bit mask of card ids."""
assert DECK_SIZE == 98 and len(FACE) - FACE.count("cura") == 96

# -------------------------------------------------------------- candidates, offices

CANDIDATES: tuple[str, ...] = tuple(c["name"] for c in DATA["candidates"])
NC = len(CANDIDATES)
PER_PLAYER: int = DATA["candidatesPerPlayer"]["value"]
START_HEALTH: int = DATA["startingHealth"]["value"]
START_LOYALTY: int = DATA["startingLoyalty"]["value"]
LOYALTY_MIN: int = DATA["loyaltyRange"]["min"]
LOYALTY_MAX: int = DATA["loyaltyRange"]["max"]
HEALTH_MAX: int = DATA["healthRange"]["max"]
HAND: int = DATA["handSize"]["base"]
MAX_ASSIGNED: int = DATA["maxAssignedCardsPerCandidate"]["value"]
ROUND_GAIN: int = DATA["endOfRoundLoyaltyGain"]["value"]
PLAN_GAIN = 3
"""Plan quinquenal: +3 at the end of the round instead of +1 (R, card 11-12)."""
ATENTADO_DAMAGE = 5
HOSPITAL_HEALTH = 5
REVUELTAS_LOSS = 2
INDUSTRY_DAMAGE = 2
CONTRABANDO_COST = 2
PURGE_LOYALTY = 4
REDRAW_EXTRA = 2
"""Turn option 2: discard the hand, draw seven, discard two (R): two more than the hand."""

OFFICES: tuple[str, ...] = tuple(o["id"] for o in DATA["offices"])
OFFICE_MIN: tuple[int, ...] = tuple(o["loyalty"] for o in DATA["offices"])
INDUSTRIA, INTERIOR, PROPAGANDA, NKVD, SECRETARIO = range(len(OFFICES))
assert OFFICES == ("industria", "interior", "propaganda", "nkvd", "secretario")

# ------------------------------------------------------------------ state codes

IN_PLAY, DEAD, SIBERIA, UNUSED = range(4)
FATES = ("in_play", "dead", "siberia", "unused")
"""A candidate's fate: in play, assassinated (health 0), sent to Siberia, or not dealt (fewer
than five players)."""

SETUP, TURN, REDRAW, TURN_END, ROUND_END, OVER = "setup", "turn", "redraw", "turn_end", "round_end", "over"
PHASES = (SETUP, TURN, REDRAW, TURN_END, ROUND_END, OVER)

# Reaction windows (``state.react``), each asking exactly the seats that can answer:
BETRAY = "betray"  # the player of a Difamación: add Traición?
ATTACK = "attack"  # an Agresión is about to hit: the target's owner may defend
DEFAME = "defame"  # a Difamación is about to hit: the target's owner may defend
DYING = "dying"  # a candidate's health dropped to 0: its owner may play a cure
MURDERED = "murdered"  # a candidate was assassinated: its owner may play Patriotismo Heroico
OFFICE = "office"  # an office changed hands: Destitución, Usurpación, Ascenso
REACTIONS = (BETRAY, ATTACK, DEFAME, DYING, MURDERED, OFFICE)

# Effects in play (``state.effects`` rows: [card, kind, seat, until, candidate], and for a
# Hospitalización the round its candidate had been activated in before, or 0):
POPULARIDAD, PATRIOTISMO, PLAN, HOSPITAL = range(4)


def cand(c: int) -> dict[str, Any]:
    """Candidate ``c`` inside an event or a label: its name as a message, and its number."""
    return {"$": f"{GAME_ID}.candidate.{c}", "index": c}


def cause(why: str) -> dict[str, str]:
    """Why a track moved, for an event: a card's name, or the end of the round, an office."""
    return {"$": f"{GAME_ID}.card.{why}" if why in FACES else f"{GAME_ID}.cause.{why}"}


ROUND_LIMIT = 60
"""Ruling 14: the default safety bound on the length of a game, in rounds."""


def data_status() -> list[dict[str, Any]]:
    """Every fact of ``deck.json`` as rows ``{item, value, status, source, codes}``
    (``backroom.engine.provenance``), named as the game names things."""
    rows: list[dict[str, Any]] = []

    def add(item: str, value: Message, entry: dict[str, Any], **params: Any) -> None:
        rows.append(
            row(GAME_ID, message(f"{GAME_ID}.data.item.{item}", **params), value, entry, DATA["sources"])
        )

    def times(entry: dict[str, Any]) -> Message:
        return message("ui.data.times", count=entry["count"])

    add("designer", message(f"{GAME_ID}.data.designer", text=DATA["designer"]["value"]), DATA["designer"])
    players = DATA["players"]
    add("players", message(f"{GAME_ID}.data.players", low=players["min"], high=players["max"]), players)
    add("candidates", message("ui.data.count", count=PER_PLAYER), DATA["candidatesPerPlayer"])
    add(
        "start",
        message(f"{GAME_ID}.data.health_loyalty", health=START_HEALTH, loyalty=START_LOYALTY),
        DATA["startingHealth"],
    )
    add("hand", message(f"{GAME_ID}.data.hand", base=HAND), DATA["handSize"])
    for o in DATA["offices"]:
        add(
            "office",
            message(f"{GAME_ID}.data.loyalty", value=o["loyalty"]),
            o,
            office=message(f"{GAME_ID}.office.{o['id']}"),
        )
    for t in DATA["basicCardTypes"]:
        effect = t["effect"] if "effect" in t else f"{t['stat']} {t['direction']}"
        name = f"{GAME_ID}.card.{t['type']}" if t["type"] in FACES else f"{GAME_ID}.data.type.{t['type']}"
        add("type", message(f"{GAME_ID}.data.effect.{t['type']}", text=effect), t, type=message(name))
    for c in DATA["basicDeck"]:
        face = f"{c['type']}-{abs(c['value'])}" if c.get("value") else c["type"]
        add("card", times(c), c, card=message(f"{GAME_ID}.card.{face}"))
    for sp in DATA["specialCards"]:
        card = message(f"{GAME_ID}.card.{sp['id']}")
        if sp["number"]:
            add("special", times(sp), sp, number=sp["number"], card=card)
        else:
            add("special_unnumbered", times(sp), sp, card=card)
    names = [message(f"{GAME_ID}.candidate.{i}") for i in range(len(CANDIDATES))]
    add("candidate_names", message(f"{GAME_ID}.data.names", names=names), DATA["candidates"][0])
    return rows


def data_sources() -> dict[str, Message]:
    """What each source code of ``data_status`` stands for."""
    return legend(GAME_ID, DATA["sources"])
