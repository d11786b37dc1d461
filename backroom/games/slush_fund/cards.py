"""The 90 game cards and the five politicians, read from ``deck.json`` (each entry with its
provenance), and the loader for a table's corrected deck file.

No public source gives the count of each card type, so the built-in counts are proposed
defaults; a group that owns the physical game can load its real counts with the ``deck_file``
option. A deck is therefore a value carried by each state (``Deck``), not a module constant:
card ``i`` of a game is ``deck.faces[i]``, and a replay or a saved position keeps its deck.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from backroom.engine.errors import BadOptions
from backroom.engine.files import FileProblem, read_json
from backroom.engine.provenance import Message, as_given, legend, message, row

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "deck.json").read_text("utf-8"))

MONEY, VP, SCANDAL, THIEF, SPY, TRANSFER, TIME = range(7)
TYPES: tuple[str, ...] = ("money", "vp", "scandal", "thief", "spy", "money_transfer", "time")
"""Card types as the data files spell them; the index is the kind code used in play."""

FIXED_FACES: dict[int, str] = {
    VP: "vp",
    SCANDAL: "scandal",
    THIEF: "thief",
    SPY: "spy",
    TRANSFER: "transfer",
    TIME: "time",
}
MONEY_STEP = 10_000
MONEY_MAX = 100_000
"""Money comes in multiples of $10K (R); catalogs name $10K to $100K, so a deck file may too."""

DECK_SIZE: int = DATA["game_cards_total"]["value"]
BASE_VP: int = DATA["politician_base_vp"]["value"]
SCANDAL_VP: int = DATA["scandal_vp"]["value"]
VP_CARD_VP: int = DATA["vp_card_vp"]["value"]
SCANDALS_TO_REMOVE: int = DATA["scandals_to_remove"]["value"]
TIME_TO_END: int = DATA["time_cards_to_end"]["value"]
POLITICIANS: tuple[str, ...] = tuple(p["id"] for p in sorted(DATA["politicians"], key=lambda p: p["rank"]))
"""Politician ids in rank order: index 0 is the President, who breaks ties first."""

CORNERS: dict[str, str] = next(lay["corners"] for lay in DATA["layouts"] if "corners" in lay)


def money_face(value: int) -> str:
    return f"money-{value // 1000}"


class Deck:
    """A deck composition and the per-card tables derived from it (shared, never mutated)."""

    __slots__ = ("entries", "faces", "kinds", "source", "values")

    def __init__(self, entries: tuple[tuple[int, int, int], ...], source: str) -> None:
        self.entries = entries
        """``(kind, value, count)`` in data-file order; ``value`` is dollars for money."""
        self.source = source
        """``"built-in"`` or the path of the table's deck file."""
        faces: list[str] = []
        kinds: list[int] = []
        values: list[int] = []
        for kind, value, count in entries:
            face = money_face(value) if kind == MONEY else FIXED_FACES[kind]
            faces += [face] * count
            kinds += [kind] * count
            values += [value if kind == MONEY else 0] * count
        self.faces: tuple[str, ...] = tuple(faces)
        self.kinds: tuple[int, ...] = tuple(kinds)
        self.values: tuple[int, ...] = tuple(values)

    def __len__(self) -> int:
        return len(self.faces)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "cards": [
                {"type": TYPES[k], **({"value": v} if k == MONEY else {}), "count": c}
                for k, v, c in self.entries
            ],
        }

    def composition(self) -> list[dict[str, Any]]:
        """Faces and counts, for views: what a player may know about the whole deck."""
        return [
            {"face": money_face(v) if k == MONEY else FIXED_FACES[k], "count": c} for k, v, c in self.entries
        ]


@cache
def make_deck(entries: tuple[tuple[int, int, int], ...], source: str) -> Deck:
    """One shared ``Deck`` per composition, so cloning and loading states stays cheap."""
    return Deck(entries, source)


BUILT_IN: Deck = make_deck(
    tuple(
        (TYPES.index(e["type"]), int(e.get("value", 0)) if e["type"] == "money" else 0, e["count"])
        for e in DATA["cards"]
    ),
    "built-in",
)


def deck_from_json(data: Any) -> Deck:
    """A deck saved in a state (``Deck.to_json``); checked like a deck file."""
    if not isinstance(data, dict) or not isinstance(data.get("source"), str):
        raise ValueError("a deck is an object with a source and a list of cards")
    try:
        return parse_cards(data.get("cards"), data["source"])
    except BadOptions as exc:
        raise ValueError(f"bad deck: {exc.key} {exc.params}") from exc


def load_deck_file(path: str) -> Deck:
    """The deck a table loads from ``path``: a JSON object whose ``cards`` list has entries
    ``{"type": ..., "value": ... (money only), "count": ...}`` (our ``deck.json`` is one).

    Every problem raises ``BadOptions`` with its own message key, naming the option, the file
    and the entry, so the person fixing the file reads what is wrong in their language.
    """
    try:
        data = read_json(path)
    except FileProblem as exc:
        if exc.key == "error.file.not_json":
            where = {"line": exc.params["line"], "column": exc.params["column"]}
            raise BadOptions(
                "slush-fund.error.deck_file_not_json", option="deck_file", path=path, **where
            ) from exc
        reason = {"$": exc.key, **exc.params}  # the file problem's own sentence, in the reader's language
        raise BadOptions(
            "slush-fund.error.deck_file_unreadable", option="deck_file", path=path, reason=reason
        ) from exc
    if not isinstance(data, dict):
        raise BadOptions("slush-fund.error.deck_file_shape", option="deck_file", path=path)
    return parse_cards(data.get("cards"), path)


def parse_cards(cards: Any, source: str) -> Deck:
    """Check a list of card entries and build the deck; the total must be the 90 cards (R)."""
    if not isinstance(cards, list) or not cards:
        raise BadOptions("slush-fund.error.deck_file_shape", option="deck_file", path=source)
    entries: list[tuple[int, int, int]] = []
    seen: set[str] = set()
    for number, entry in enumerate(cards, start=1):
        where = {"option": "deck_file", "path": source, "entry": number}
        if not isinstance(entry, dict):
            raise BadOptions("slush-fund.error.deck_file_shape", option="deck_file", path=source)
        kind_name = entry.get("type")
        if kind_name not in TYPES:
            raise BadOptions(
                "slush-fund.error.deck_file_unknown_type",
                **where,
                type=str(kind_name),
                known=", ".join(TYPES),
            )
        kind = TYPES.index(kind_name)
        count = entry.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= DECK_SIZE:
            raise BadOptions("slush-fund.error.deck_file_bad_count", **where, count=str(count))
        value = 0
        if kind == MONEY:
            printed = entry.get("value")
            if (
                isinstance(printed, bool)
                or not isinstance(printed, int)
                or printed % MONEY_STEP
                or not MONEY_STEP <= printed <= MONEY_MAX
            ):
                raise BadOptions("slush-fund.error.deck_file_bad_money", **where, value=str(printed))
            value = printed
        elif kind == VP and entry.get("value", VP_CARD_VP) != VP_CARD_VP:
            raise BadOptions("slush-fund.error.deck_file_bad_vp", **where, value=str(entry.get("value")))
        face = money_face(value) if kind == MONEY else FIXED_FACES[kind]
        if face in seen:
            raise BadOptions("slush-fund.error.deck_file_duplicate", **where, face=face)
        seen.add(face)
        entries.append((kind, value, count))
    total = sum(c for _, _, c in entries)
    if total != DECK_SIZE:
        raise BadOptions(
            "slush-fund.error.deck_file_total",
            option="deck_file",
            path=source,
            total=total,
            expected=DECK_SIZE,
        )
    return make_deck(tuple(entries), source)


def data_status() -> list[dict[str, Any]]:
    """Every fact of ``deck.json`` as rows ``{item, value, status, source, codes}``
    (``backroom.engine.provenance``): what is sourced and what is a proposed default, for
    ``backroom games slush-fund`` and the rules help, named as the game names things."""
    rows: list[dict[str, Any]] = []

    def add(item: str, value: Message, entry: dict[str, Any], **params: Any) -> None:
        rows.append(
            row(GAME_ID, message(f"{GAME_ID}.data.item.{item}", **params), value, entry, DATA["sources"])
        )

    def vp(value: Any) -> Message:
        return message(f"{GAME_ID}.data.vp", value=value)

    add("designer", as_given(DATA["designer"]["value"]), DATA["designer"])
    publisher = DATA["publisher"]
    add(
        "publisher",
        message(f"{GAME_ID}.data.publisher", name=publisher["value"], year=str(publisher["year"])),
        publisher,
    )
    add(
        "players",
        message("ui.data.players", low=DATA["players"]["min"], high=DATA["players"]["max"]),
        DATA["players"],
    )
    minutes = DATA["playing_time_minutes"]
    add("playing_time", message(f"{GAME_ID}.data.minutes", count=minutes["value"]), minutes)
    add(
        "game_cards",
        message("ui.data.count", count=DATA["game_cards_total"]["value"]),
        DATA["game_cards_total"],
    )
    add("base_vp", vp(BASE_VP), DATA["politician_base_vp"])
    add("scandal", vp(SCANDAL_VP), DATA["scandal_vp"])
    add("vp_card", vp(f"+{VP_CARD_VP}"), DATA["vp_card_vp"])
    add("scandals_to_remove", message("ui.data.count", count=SCANDALS_TO_REMOVE), DATA["scandals_to_remove"])
    add("time_to_end", message("ui.data.count", count=TIME_TO_END), DATA["time_cards_to_end"])
    add("distribution_card", message(f"{GAME_ID}.data.distribution_card"), DATA["distribution_card"])
    for p in sorted(DATA["politicians"], key=lambda p: p["rank"]):
        add("politician", message(f"{GAME_ID}.politician.{p['id']}"), p, rank=p["rank"])
    for layout in DATA["layouts"]:
        players = "/".join(str(n) for n in layout["players"])
        if "corners" in layout:
            corners = {k: message(f"{GAME_ID}.politician.{v}") for k, v in layout["corners"].items()}
            add("corners", message(f"{GAME_ID}.data.corners", **corners), layout, players=players)
        else:
            add("layout", message(f"{GAME_ID}.data.shape.{layout['shape']}"), layout, players=players)
    for card in DATA["cards"]:
        face = message(f"{GAME_ID}.card.{card['face']}")
        add("card", message("ui.data.times", count=card["count"]), card, card=face)
    return rows


def data_sources() -> dict[str, Message]:
    """What each source code of ``data_status`` stands for."""
    return legend(GAME_ID, DATA["sources"])


GAME_ID = "slush-fund"
POLS = len(POLITICIANS)
CARDS_TO_TAKE = 3
"""Option (a) reveals three cards (one goes to the fund); option (b) takes three from the fund."""

# Phases: what the active seat is doing.
CHOOSE = "choose"  # draw three from the deck, or take a first card from the slush fund
TAKE = "take"  # option (b): taking the second and third cards from the slush fund
STASH = "stash"  # option (a): one of the three revealed cards goes into the slush fund
PLAY = "play"  # playing (or discarding) the held cards one at a time, in any order
SPY_LOOK = "spy_look"  # a Spy's second part: look at one opponent's pile (or not)
OVER = "over"
PHASES = (CHOOSE, TAKE, STASH, PLAY, SPY_LOOK, OVER)

POLITICIAN_ARGS: dict[str, tuple[int, ...]] = {
    "bribe": (2,),
    "scandal": (1,),
    "thief": (2,),
    "spy_move": (1, 2),
    "transfer": (1, 3),
    "transfer_copy": (1, 4),
    "look": (2,),
}
"""Where each action names a politician; a Thief and a look name a seat first, which must not
be read as a politician when an error explains why an action was refused."""

POLITICIAN_KEYS = tuple({"$": f"{GAME_ID}.politician.{p}"} for p in POLITICIANS)
"""Politician names inside event parameters, as translatable messages (plain JSON)."""


def politician_param(p: int) -> dict[str, str]:
    """Politician ``p``'s name for an event, a fresh dict (events own their parameters)."""
    return dict(POLITICIAN_KEYS[p])
