"""Illuminati's components, read from ``cards.json`` (every value with its provenance, see
``SOURCES.md`` beside it), and the constants every other module imports from here, so that no
two rule modules import each other.

Cards are ints: the eight Illuminati ``0..7``, the 83 groups ``8..90``, the 15 special cards
``91..105`` (Interference twice). ``FACE[c]`` is the name a player sees (``"the_mafia"``),
shared by the two Interference cards; the power structures (``structure.py``) name cards by
face. Alignments are bits of ``ALIGN[c]``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from backroom.engine.provenance import Message, legend, message, sourced_row

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "cards.json").read_text("utf-8"))
GAME_ID = "illuminati"
MIN_PLAYERS, MAX_PLAYERS = 2, 8


def _slug(card_id: str) -> str:
    return card_id.split(":", 1)[1]


# ----------------------------------------------------------------------- the cards

_ILLUMINATI = DATA["illuminati"]
_GROUPS = DATA["groups"]
_SPECIALS = [s for s in DATA["specials"] for _ in range(s["count"])]
_ALL = [*_ILLUMINATI, *_GROUPS, *_SPECIALS]

NUM_ILLUMINATI = len(_ILLUMINATI)
NUM_CARDS = len(_ALL)
ILLUMINATI = tuple(range(NUM_ILLUMINATI))
GROUPS = tuple(range(NUM_ILLUMINATI, NUM_ILLUMINATI + len(_GROUPS)))
SPECIAL_CARDS = tuple(range(GROUPS[-1] + 1, NUM_CARDS))
assert (NUM_ILLUMINATI, len(GROUPS), len(SPECIAL_CARDS)) == (8, 83, 15)

FACE: tuple[str, ...] = tuple(_slug(c["id"]) for c in _ALL)
CARD_OF: dict[str, int] = {}
for _c in reversed(range(NUM_CARDS)):
    CARD_OF[FACE[_c]] = _c  # the first card of a face (Interference: the first of two)
ILLUMINATI_FACES = tuple(FACE[c] for c in ILLUMINATI)
GROUP_FACES = tuple(FACE[c] for c in GROUPS)
SPECIAL_FACES = tuple(dict.fromkeys(FACE[c] for c in SPECIAL_CARDS))
CONTROLLABLE = ILLUMINATI + GROUPS
"""Cards that can sit in a power structure and hold a treasury."""


def is_group(card: int) -> bool:
    return NUM_ILLUMINATI <= card < SPECIAL_CARDS[0]


def is_special(card: int) -> bool:
    return card >= SPECIAL_CARDS[0]


POWER: tuple[int, ...] = tuple(c.get("power", 0) or 0 for c in _ALL)
TRANSFER: tuple[int, ...] = tuple(c.get("transferable_power", 0) or 0 for c in _ALL)
RESISTANCE: tuple[int, ...] = tuple(c.get("resistance") or 0 for c in _ALL)
"""Illuminati have none: they cannot be attacked (rulebook, "Resistencia")."""
INCOME: tuple[int, ...] = tuple(c.get("income") or 0 for c in _ALL)
"""The I.R.S. has no printed income (it taxes, see ``IRS``); the Post Office's is -1."""

# -------------------------------------------------------------------- alignments

ALIGNMENTS = (
    "Government",
    "Communist",
    "Liberal",
    "Conservative",
    "Peaceful",
    "Violent",
    "Straight",
    "Weird",
    "Criminal",
    "Fanatic",
)
GOVERNMENT, COMMUNIST, LIBERAL, CONSERVATIVE, PEACEFUL, VIOLENT, STRAIGHT, WEIRD, CRIMINAL, FANATIC = (
    1 << i for i in range(len(ALIGNMENTS))
)
ALIGN: tuple[int, ...] = tuple(sum(1 << ALIGNMENTS.index(a) for a in c.get("alignments", [])) for c in _ALL)
OPPOSITE: dict[int, int] = {
    GOVERNMENT: COMMUNIST,
    COMMUNIST: GOVERNMENT,
    LIBERAL: CONSERVATIVE,
    CONSERVATIVE: LIBERAL,
    PEACEFUL: VIOLENT,
    VIOLENT: PEACEFUL,
    STRAIGHT: WEIRD,
    WEIRD: STRAIGHT,
    FANATIC: FANATIC,
}
"""Summary, "Alineaciones": Criminal has no opposite; Fanatic is the opposite of itself."""


def same_and_opposite(attacker: int, defender: int) -> tuple[int, int]:
    """How many alignments of two alignment masks are identical, and how many are opposite.

    Two Fanatic groups count as opposite, not identical: "Dos grupos Fanáticos se consideran
    mutuamente opuestos" (ruling 3)."""
    same = bin(attacker & defender & ~FANATIC).count("1")
    opposite = sum(1 for bit, opp in OPPOSITE.items() if attacker & bit and defender & opp)
    return same, opposite


# ---------------------------------------------------------------------- abilities

CONTROL, NEUTRALIZE, DESTROY = "control", "neutralize", "destroy"
MODES = (CONTROL, NEUTRALIZE, DESTROY)


def _bonuses() -> tuple[tuple[int, frozenset[str], int, frozenset[int], int, bool], ...]:
    """Rows ``(card, modes, alignment mask, target cards, amount, any_attempt)``: an empty
    mask and no target cards means any target."""
    rows = []
    for card, entry in enumerate(_ALL):
        for ability in entry.get("abilities", []):
            if ability["kind"] != "bonus":
                continue
            target = ability["target"]
            mask = sum(1 << ALIGNMENTS.index(a) for a in target.get("alignments", []))
            names = {g["name"]: i for i, g in enumerate(_ALL)}
            cards = frozenset(names[n] for n in target.get("groups", []))
            rows.append(
                (
                    card,
                    frozenset(ability["on"]),
                    mask,
                    cards,
                    ability["amount"],
                    ability["scope"] == "any attempt",
                )
            )
    return tuple(rows)


BONUSES = _bonuses()
"""Every printed attack bonus: "cualquier intento" ones help every attack of the holder's
structure, the others only the card itself (rulebook, "Aptitudes especiales")."""

IRS = CARD_OF["i_r_s"]
IRS_TAX = 2
POST_OFFICE = CARD_OF["post_office"]
GUN_LOBBY = CARD_OF["gun_lobby"]
GUN_LOBBY_RESISTANCE = 10
GUN_LOBBY_AGAINST = LIBERAL | COMMUNIST | WEIRD
SURVIVALISTS = CARD_OF["survivalists"]
SURVIVALISTS_BONUS = 2
FEDERAL_RESERVE = CARD_OF["federal_reserve"]
RECYCLERS = CARD_OF["recyclers"]
RECYCLERS_COST = 5
"""The Recyclers: "Pay 5 MB out of this group's own treasury to draw one extra card on your
turn; not an action." (once a turn: ruling 26)."""

BAVARIANS = CARD_OF["bavarian_illuminati"]
BAVARIAN_PRIVILEGE_COST = 5
BERMUDA = CARD_OF["bermuda_triangle"]
DISCORDIANS = CARD_OF["discordian_society"]
DISCORDIAN_IMMUNE_TO = GOVERNMENT | STRAIGHT
GNOMES = CARD_OF["gnomes_of_zurich"]
NETWORK = CARD_OF["network"]
CTHULHU = CARD_OF["servants_of_cthulhu"]
ASSASSINS = CARD_OF["society_of_assassins"]
UFOS = CARD_OF["ufos"]

# ------------------------------------------------------------------- the summary

NEUTRALIZE_BONUS = 6
ALIGNMENT_BONUS = 4
PROXIMITY = (10, 5, 2)
"""Resistance (or power, for destroy) of a group 0, 1 or 2 groups away from its Illuminati
(summary: -10, -5, -2 to the roll)."""
AUTOMATIC_FAILURE = 11
"""A roll of 11 or 12 always fails."""
LOWEST_ROLL = 2
"""Two dice make at least 2: an attack that needs less cannot succeed."""
RATE_ATTACKER, RATE_DEFENDING_GROUP, RATE_DEFENDER_ILLUMINATI, RATE_OTHERS = 1, 2, 1, 1
"""Each MB the attacker spends +1; the defending group -2; the defender's Illuminati -1;
other players +1 or -1 (summary, "Ataques")."""
PASS_INCOME = 5
"""A player who takes no action at all takes 5 MB (summary, "Pasar turno")."""
ACTIONS_PER_TURN = 2
FREE_TRANSFERS = 2
UNCONTROLLED_AT_START = 4
UNCONTROLLED_REFILL = 2
"""Issue 14: the uncontrolled area is refilled to two groups at the end of a turn (ruling 2)."""
GOAL_BY_PLAYERS = {2: 13, 3: 13, 4: 12, 5: 10, 6: 9, 7: 8, 8: 8}
"""Summary, "Objetivos básicos": groups to control, the Illuminati included."""
EXTRA_INCOME_BY_PLAYERS = {7: 3, 8: 5}
"""Advanced rules, "Partidas de más jugadores": Illuminati income +3 MB at 7, +5 at 8."""
ELIMINATION_AFTER_TURN = 3
MAX_SPEND = 20
"""The most MB one raise may spend (ruling 6): larger sums are several raises."""
TURN_LIMIT = 60
"""Default safety bound on rounds (ruling 12)."""

# ------------------------------------------------------------------------- phases

CHOOSE, START, ACTION, ATTACK, SPEND, ROLLED, PLACE, PAYING, REDISTRIBUTE, OVER = (
    "choose",
    "start",
    "action",
    "attack",
    "spend",
    "rolled",
    "place",
    "transfer",
    "redistribute",
    "over",
)
DEAL, ANSWER, ARRIVE = "deal", "answer", "arrive"
COUNTER, REPLACE, SETTLE = "counter", "replace", "settle"
PHASES = (
    CHOOSE,
    START,
    ACTION,
    ATTACK,
    SPEND,
    ROLLED,
    PLACE,
    PAYING,
    REDISTRIBUTE,
    DEAL,
    ANSWER,
    ARRIVE,
    COUNTER,
    REPLACE,
    SETTLE,
    OVER,
)
"""``CHOOSE``: the UFOs choose their secret goal before the first turn; ``START``: the seats
holding specials are asked before income (ruling 21); ``ROLLED``: the dice are down, the seats
holding specials may answer them; ``PAYING``: a money transfer waits for its amount;
``REDISTRIBUTE``: the Gnomes or White Collar Crime move money freely, the Bermuda Triangle its
groups; ``DEAL``: a player builds an offer (on its turn, or in a window: ruling 30);
``ANSWER``: the other seat accepts, declines or counters it; ``ARRIVE``: the groups exchanged
are laid in their receivers' structures;
``COUNTER``: a special played waits while the others may cancel it with Secrets Man Was Not
Meant to Know; ``REPLACE``: a player whose pair of specials was hit may replace the one cancelled;
``SETTLE``: a player chooses the arrow of a puppet that collides as its group is laid."""
MAX_OFFERS = 2
"""Offers a player may make in a turn (``deals.py``: a bound, as for cancelled attacks)."""
GIFTS_OUT_OF_TURN = 2
"""Gifts and offers a seat may make in a turn's windows, out of the turn's actions (ruling 30:
a bound)."""
MAX_COUNTERS = 2
"""Counter-offers in one negotiation (ruling 29: a bound, so that two seats cannot answer each
other for ever)."""
SIDES = ("top", "right", "bottom", "left")


PHOTOS = "richard-pho/343-GroupC-illuminati:Illuminati/Card Assets Folder/"
"""Where the photos of the printed cards are (``cards.json``'s ``image`` source)."""


def data_status() -> list[dict[str, Any]]:
    """Every card of ``cards.json`` as rows ``{item, value, status, source, codes}``
    (``backroom.engine.provenance``): all were cross-checked against photos of the printed
    cards (``SOURCES.md``); a row's source is its card's photo."""
    rows = []
    for entry in _ALL[:NUM_ILLUMINATI] + _GROUPS + DATA["specials"]:
        if entry["type"] == "special":
            value = message("ui.data.times", count=entry["count"])
        else:
            numbers = {
                "power": entry.get("power"),
                "transfer": entry.get("transferable_power"),
                "resistance": "—" if entry.get("resistance") is None else entry["resistance"],
                "income": "—" if entry.get("income") is None else entry["income"],
            }
            alignments = [message(f"{GAME_ID}.alignment.{a}") for a in entry.get("alignments", [])]
            kind = "illuminati" if entry["type"] == "illuminati" else "group"
            value = message(f"{GAME_ID}.data.{kind}", **numbers, alignments=alignments or "—")
        status = "sourced" if entry["confidence"] == "cross-checked" else "proposed-default"
        first = entry["sources"][0]
        item = message(f"{GAME_ID}.card.{_slug(entry['id'])}")
        if first.startswith(PHOTOS) and first.endswith(PHOTO_NOTE):
            photo = first.removeprefix(PHOTOS).removesuffix(PHOTO_NOTE)
            rows.append(
                {
                    "item": item,
                    "value": value,
                    "status": status,
                    "source": message(f"{GAME_ID}.data.photo", file=photo),
                    "codes": ["image"],
                }
            )
        else:
            rows.append(sourced_row(GAME_ID, item, value, status, first, DATA["meta"]["sources"]))
    return rows


PHOTO_NOTE = " (photo of the printed card; read visually)"


def data_sources() -> dict[str, Message]:
    """What each source code of ``data_status`` stands for."""
    return legend(GAME_ID, DATA["meta"]["sources"])
