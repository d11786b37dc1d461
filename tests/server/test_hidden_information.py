"""Hidden information at the online table: a connection is told only what its seat may know.

The rule (docs/protocol.md, "Seats and tokens"): a seat sees only what the game's rules let it
see, in every interface: the view, the events, the legal actions and their labels of each
WebSocket update, the HTTP lobby (table status, list, record), error messages and logs. A
connection without a token is a spectator and gets the public view. The server caches views
and legal lists per seat and version, event texts per event and language, and labels
process-wide; these tests drive whole games of the three games with hidden cards (Stool
Pigeon, Slush Fund, Corruption) through several connections per seat, languages, spectators,
rejoins and restarts, and hold every message to the engine's own per-seat answer, computed
afresh (no cache) in the test.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.testclient import TestClient

from backroom.engine.events import Event
from backroom.engine.game import State
from backroom.games import get_game
from backroom.i18n import seat_name, translate
from backroom.server.live import RECENT_EVENTS
from tests.server.conftest import receive_until, send, wait_until_over, ws_path

Message = dict[str, Any]

HIDDEN_CARD_GAMES = {
    "stool-pigeon": {},  # memory aid off: human seats get transient private sights
    "slush-fund": {},
    "corruption": {"black_book": True},  # private looks, reaction windows of several seats
}
SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "agent"}, {"kind": "human", "name": "Zoé"}]
PLAYERS = len(SEATS)
CONNECTIONS = [(None, "en"), (0, "es"), (1, "en"), (2, "fr"), (0, "fr"), (None, "es")]
"""Who connects, in this order: a spectator first (its public view cached before any seat's),
each seat, a second connection of seat 0 in another language, a second spectator."""


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def names(lang: str, seats: list[Message]) -> tuple[str, ...]:
    return tuple(s.get("name") or seat_name(lang, i) for i, s in enumerate(seats))


def tokens_of(table: Message) -> list[str]:
    return [s["token"] for s in table["seats"] if "token" in s]


def create(client: TestClient, game_id: str, seats: list[Message], seed: int, **extra: Any) -> Message:
    body = {"game": game_id, "players": len(seats), "seats": seats, "seed": seed, "bot_delay": 0, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table: Message = response.json()
    return table


# ---------------------------------------------------------------- public views, by the rules


def assert_public_view_hides_every_hidden_card(game_id: str, view: Message) -> None:
    """What a spectator's view may show, from the rulebooks and independent of the engine's
    ``view``: no face-down card, no covered bribe, no hand, before the cards are revealed."""
    phase = view["phase"]
    if game_id == "stool-pigeon" and phase != "over":
        assert all(c in ("back", None) for d in view["districts"] for c in d), view["districts"]
        assert view["held"] in ("back", None)
    elif game_id == "slush-fund" and phase != "over":
        for row in view["piles"]:
            for pile in row:
                assert all(c is None for c in pile["cards"][:-1]), pile
                if pile["count"] > 1:
                    assert pile["money"] is None and pile["vp"] is None, pile
    elif game_id == "corruption":
        assert all(h["cards"] is None for h in view["hands"])
        if phase not in ("award", "over"):
            for play in view["plays"]:
                if not play["face_up"]:
                    assert play["card"] == "back" and play["value"] is None, play


# ------------------------------------------------- a table and its twin in the engine


@dataclass
class Watcher:
    """One WebSocket connection and what it was last told."""

    seat: int | None
    lang: str
    ws: Any
    latest: Message = field(default_factory=dict)


class Mirror:
    """A table at the server beside the same game in the engine. After every step each
    connection's message is checked against what the engine says its seat may see, computed
    afresh here, and no message carries the token of another seat."""

    def __init__(
        self, client: TestClient, game_id: str, options: Message, seed: int, stack: ExitStack
    ) -> None:
        self.client = client
        self.game_id = game_id
        rules = get_game(game_id)
        self.table = create(client, game_id, SEATS, seed, options=options)
        self.options = rules.resolve_options(options)
        self.recall = rules.human_recall(self.options)
        self.state: State
        self.state, setup = rules.start(PLAYERS, self.options, seed)
        self.history: list[list[Event]] = [setup]
        self.secrets: dict[str, tuple[str, int]] = {}
        """Every token at the tables in play, with its table and seat."""
        self.watchers: list[Watcher] = []
        self.version = 0
        self.stack = stack

    def join_all(self, secrets: dict[str, tuple[str, int]]) -> None:
        self.secrets = secrets
        for seat, lang in CONNECTIONS:
            ws = self.stack.enter_context(self.client.websocket_connect(ws_path(self.table, seat, lang)))
            watcher = Watcher(seat, lang, ws)
            welcome = self.receive(watcher)
            assert welcome == {
                "type": "welcome",
                "table": self.table["id"],
                "seat": seat,
                "game": self.game_id,
                "players": PLAYERS,
                "seeded": True,  # the test chose the seed, so every seat is told
                "hidden": False,
            }
            first = self.receive(watcher)
            self.check(watcher, first, self.recent_log(seat, lang))
            if seat is not None:  # a seat's arrival is told to everyone already there
                for other in self.watchers:
                    self.check(other, self.receive(other), [])
            self.watchers.append(watcher)

    def receive(self, watcher: Watcher) -> Message:
        text: str = watcher.ws.receive_text()
        for token, owner in self.secrets.items():
            if owner != (self.table["id"], watcher.seat):
                assert token not in text, f"the token of {owner} reached a connection of seat {watcher.seat}"
        message: Message = json.loads(text)
        return message

    def kind(self, seat: int | None) -> str:
        return "spectator" if seat is None else str(SEATS[seat]["kind"])

    def forgets(self, seat: int | None) -> bool:
        return self.kind(seat) == "human" and not self.recall

    def expected_view(self, seat: int | None) -> Message:
        if seat is None:
            return plain(self.state.view(None))
        recall = self.recall if self.kind(seat) == "human" else True
        return plain(self.state.view(seat, recall=recall))

    def entry(self, seat: int | None, event: Event, lang: str) -> Message:
        params = plain(event.to_json()["params"])
        entry: Message = {
            "kind": event.kind,
            "params": params,
            "text": translate(lang, f"{self.game_id}.event.{event.kind}", params, names(lang, SEATS)),
        }
        if self.forgets(seat) and event.to is not None:
            entry["transient"] = True
        return entry

    def recent_log(self, seat: int | None, lang: str) -> list[Message]:
        """The log a connection gets on joining or changing language: the last events it may
        see; for a human seat without memory aid, its private sights of the latest step only."""
        flat = [(step, e) for step, events in enumerate(self.history) for e in events][-RECENT_EVENTS:]
        latest = len(self.history) - 1
        out = []
        for step, event in flat:
            if not event.visible_to(seat):
                continue
            if self.forgets(seat) and event.to is not None and step < latest:
                continue
            out.append(self.entry(seat, event, lang))
        return out

    def check(self, watcher: Watcher, update: Message, expected_events: list[Message]) -> None:
        seat, lang, state = watcher.seat, watcher.lang, self.state
        assert update["type"] == "update", update
        assert update["version"] == self.version
        assert update["view"] == self.expected_view(seat), (seat, lang)
        actors = list(state.actors())
        assert update["actors"] == actors
        legal = state.legal_actions(seat) if seat is not None and seat in actors else []
        assert [tuple(a["action"]) for a in update["legal"]] == legal, (seat, lang)
        label_names = names(lang, SEATS)
        for item in update["legal"]:
            label = state.label(tuple(item["action"]))
            assert item["label"] == translate(lang, label.key, label.params, label_names), (seat, lang, item)
        assert update["events"] == expected_events, (seat, lang)
        outcome = state.outcome()
        if outcome is None:
            assert update["outcome"] is None
        else:
            assert {k: v for k, v in update["outcome"].items() if k != "text"} == plain(outcome.to_json())
        if seat is None:
            assert_public_view_hides_every_hidden_card(self.game_id, update["view"])
        watcher.latest = update

    def step(self, rng: random.Random) -> None:
        """One random legal action by one of the seats that may act, sent by its first connection."""
        state = self.state
        seat = rng.choice(state.actors())
        actor = next(w for w in self.watchers if w.seat == seat)
        action = rng.choice(actor.latest["legal"])["action"]
        send(actor.ws, {"type": "act", "action": action, "version": self.version, "id": f"a{self.version}"})
        ack = self.receive(actor)
        assert ack == {"type": "ack", "id": f"a{self.version}", "version": self.version + 1}
        events = state.apply(seat, tuple(action))
        self.history.append(events)
        self.version += 1
        for watcher in self.watchers:
            visible = [
                self.entry(watcher.seat, e, watcher.lang) for e in events if e.visible_to(watcher.seat)
            ]
            self.check(watcher, self.receive(watcher), visible)

    def change_language(self, index: int, lang: str) -> None:
        """A connection switches language: a full update with the recent log in it."""
        watcher = self.watchers[index]
        send(watcher.ws, {"type": "lang", "lang": lang})
        watcher.lang = lang
        self.check(watcher, self.receive(watcher), self.recent_log(watcher.seat, lang))


@pytest.mark.parametrize("game_id", list(HIDDEN_CARD_GAMES))
def test_every_connection_gets_exactly_its_seats_view_events_legal_actions_and_labels(
    make_client: Callable[..., TestClient], game_id: str
) -> None:
    """Two tables of one game with the same seat names (so they share the process-wide label
    cache), played in lockstep to the end; six connections each: spectators, every seat, and a
    second connection of seat 0 in another language. Midway a seat and a spectator change
    language (a refresh rebuilds the recent log). Every message matches the engine's answer for
    that connection's seat, kind and language, and carries no token."""
    client = make_client(rate=1000.0)
    rng = random.Random(game_id)
    with ExitStack() as stack:
        mirrors = [Mirror(client, game_id, HIDDEN_CARD_GAMES[game_id], seed, stack) for seed in (101, 202)]
        secrets = {s["token"]: (m.table["id"], s["seat"]) for m in mirrors for s in m.table["seats"]}
        assert len(secrets) == 2 * PLAYERS
        for mirror in mirrors:
            mirror.join_all(secrets)
        steps = 0
        while not all(m.state.is_over for m in mirrors):
            for mirror in mirrors:
                if not mirror.state.is_over:
                    mirror.step(rng)
            steps += 1
            if steps == 7:
                for mirror in mirrors:
                    mirror.change_language(1, "en")  # seat 0 (human) from Spanish to English
                    mirror.change_language(0, "fr")  # a spectator from English to French
            assert steps < 2000
    for mirror in mirrors:
        assert all(w.latest["outcome"]["text"] for w in mirror.watchers)


# ------------------------------------------------------------- spectators and rejoins


def test_a_seat_that_comes_back_without_its_token_is_a_spectator_and_sees_only_the_public_table(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(rate=1000.0)
    table = create(client, "stool-pigeon", [{"kind": "agent"}, {"kind": "agent"}], seed=7)
    state, _ = get_game("stool-pigeon").start(2, {}, 7)
    with client.websocket_connect(ws_path(table, 0)) as seat:
        joined = receive_until(seat, lambda m: m["type"] == "update")
        send(seat, {"type": "act", "action": ["draw"], "version": joined["version"], "id": "d"})
        drawn = receive_until(seat, lambda m: m["type"] == "update" and m["version"] == 1)
        state.apply(0, ("draw",))
        assert drawn["view"]["held"] not in ("back", None)  # the seat holds a card it sees
        assert {e["kind"] for e in drawn["events"]} >= {"drew"}
        # the same person, same version, without the token (the seat's view is cached now)
        with client.websocket_connect(f"/ws/{table['id']}?lang=en") as spectator:
            assert spectator.receive_json()["seat"] is None
            public = receive_until(spectator, lambda m: m["type"] == "update")
            assert public["version"] == 1
            assert public["view"] == plain(state.view(None))
            assert public["view"]["held"] == "back"
            assert public["actors"] == [0] and public["legal"] == []
            kinds = [e["kind"] for e in public["events"]]
            assert "draw" in kinds and not {"look_bottom", "drew"} & set(kinds)
            assert all(str(e["params"].get("card")) != drawn["view"]["held"] for e in public["events"])
            send(spectator, {"type": "act", "action": ["swap", 0], "version": 1, "id": "s"})
            assert receive_until(spectator, lambda m: m["type"] == "error")["code"] == "spectator"
            send(spectator, {"type": "lang", "lang": "es"})
            again = receive_until(spectator, lambda m: m["type"] == "update")
            assert again["view"] == public["view"] and again["legal"] == []
            assert not {"look_bottom", "drew"} & {e["kind"] for e in again["events"]}
            # the seat's own connection still gets its own view, not the public one
            send(seat, {"type": "lang", "lang": "fr"})
            own = receive_until(seat, lambda m: m["type"] == "update")
            assert own["view"] == drawn["view"] and own["legal"]


def private_kinds(update: Message) -> set[str]:
    return {e["kind"] for e in update["events"] if e["kind"] in ("look_bottom", "drew", "peeked")}


def test_without_memory_aid_a_human_gets_no_earlier_private_sight_again_on_language_change_or_rejoin(
    make_client: Callable[..., TestClient],
) -> None:
    """Stool Pigeon, memory aid off (the rulebook): a person's bottom row, drawn card and peeks
    reach them once, marked transient; their view never shows a remembered card; neither a
    language change nor a rejoin after a later action sends an earlier sight again; nobody else
    ever gets those sights."""
    client = make_client(rate=1000.0)
    seats = [{"kind": "human"}, {"kind": "agent"}]
    table = create(client, "stool-pigeon", seats, seed=7, options={"memory_aid": False})
    state, _ = get_game("stool-pigeon").start(2, {"memory_aid": False}, 7)
    with ExitStack() as stack:
        human = stack.enter_context(client.websocket_connect(ws_path(table, 0, "es")))
        first = receive_until(human, lambda m: m["type"] == "update")
        assert [e.get("transient") for e in first["events"] if e["kind"] == "look_bottom"] == [True]
        assert first["view"] == plain(state.view(0, recall=False))
        assert first["view"]["districts"][0] == ["back"] * 4  # the bottom row is not remembered for them
        assert state.view(0, recall=True)["districts"][0] != ["back"] * 4  # as it would be for an agent
        agent = stack.enter_context(client.websocket_connect(ws_path(table, 1)))
        spectator = stack.enter_context(client.websocket_connect(ws_path(table)))
        latest = {
            "human": receive_until(human, lambda m: m["type"] == "update" and m["seats"][1]["connected"]),
            "agent": receive_until(agent, lambda m: m["type"] == "update"),
        }
        sockets = {"human": human, "agent": agent}
        sights: list[str] = []
        # seat 0 plays its turn (and any Family step or window that follows) until seat 1 draws
        while True:
            actor = "human" if latest["human"]["legal"] else "agent"
            legal = [tuple(a["action"]) for a in latest[actor]["legal"]]
            if actor == "agent" and ("draw",) in legal:
                break
            action = next((a for a in legal if a[0] in ("pass", "swap")), legal[0])
            version = latest[actor]["version"]
            send(
                sockets[actor],
                {"type": "act", "action": list(action), "version": version, "id": f"{version}"},
            )
            state.apply(0 if actor == "human" else 1, action)
            for name, ws in sockets.items():
                latest[name] = receive_until(
                    ws, lambda m, v=version: m["type"] == "update" and m["version"] == v + 1
                )
            assert all(
                e.get("transient") for e in latest["human"]["events"] if e["kind"] in ("drew", "peeked")
            )
            sights += sorted(private_kinds(latest["human"]))
            assert latest["human"]["view"] == plain(state.view(0, recall=False))
            assert all(
                e["params"]["seat"] == 1 for e in latest["agent"]["events"] if e["kind"] in ("drew", "peeked")
            )
            public = receive_until(spectator, lambda m, v=version: m.get("version") == v + 1)
            assert private_kinds(public) == set()
        assert "drew" in sights
        version = latest["agent"]["version"]
        send(agent, {"type": "act", "action": ["draw"], "version": version, "id": "seat-1-draws"})
        state.apply(1, ("draw",))
        after = receive_until(human, lambda m: m["type"] == "update" and m["version"] == version + 1)
        assert private_kinds(after) == set()  # seat 1's drawn card is seat 1's alone
        assert after["view"] == plain(state.view(0, recall=False))
        send(human, {"type": "lang", "lang": "fr"})
        refreshed = receive_until(human, lambda m: m["type"] == "update")
        assert refreshed["version"] == version + 1
        assert private_kinds(refreshed) == set() and not any(e.get("transient") for e in refreshed["events"])
        assert {"draw", "swap"} <= {e["kind"] for e in refreshed["events"]}  # the public log is all there
        assert refreshed["view"] == after["view"]
    with client.websocket_connect(ws_path(table, 0)) as rejoined:
        back = receive_until(rejoined, lambda m: m["type"] == "update")
        assert back["version"] == version + 1
        assert private_kinds(back) == set() and back["view"] == plain(state.view(0, recall=False))
    # after a restart the table is rebuilt from its log: still nothing seen earlier
    restarted = make_client(rate=1000.0)
    with restarted.websocket_connect(ws_path(table, 0)) as reloaded:
        back = receive_until(reloaded, lambda m: m["type"] == "update")
        assert back["version"] == version + 1
        assert private_kinds(back) == set() and back["view"] == plain(state.view(0, recall=False))
    with restarted.websocket_connect(ws_path(table)) as watcher:
        public = receive_until(watcher, lambda m: m["type"] == "update")
        assert private_kinds(public) == set() and public["view"] == plain(state.view(None))


# ------------------------------------------------------------------------- HTTP


def play_some(client: TestClient, table: Message, players: int, moves: int, seed: int) -> int:
    """Play ``moves`` random actions through every seat's socket; returns the version reached."""
    rng = random.Random(seed)
    version = 0
    with ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(ws_path(table, s))) for s in range(players)]
        latest = [
            receive_until(ws, lambda m: m["type"] == "update" and all(s["connected"] for s in m["seats"]))
            for ws in sockets
        ]
        for _ in range(moves):
            seat = rng.choice(latest[0]["actors"])
            action = rng.choice(latest[seat]["legal"])["action"]
            send(sockets[seat], {"type": "act", "action": action, "version": version, "id": f"m{version}"})
            version += 1
            latest = [
                receive_until(ws, lambda m, v=version: m["type"] == "update" and m["version"] == v)
                for ws in sockets
            ]
    return version


TABLE_KEYS = {
    *("id", "game", "players", "options", "version", "status", "seats", "outcome", "seeded", "hidden"),
    *("timers", "rematch", "rematch_of"),
}
SEAT_KEYS = {"seat", "name", "kind", "connected", "autoplay"}
LISTED_KEYS = {
    *("id", "game", "players", "open_seats", "free_seats", "status", "created"),
    *("rematch", "rematch_of"),
}


@pytest.mark.parametrize("game_id", list(HIDDEN_CARD_GAMES))
def test_http_status_list_and_record_reveal_no_seed_token_or_state_while_the_game_is_on(
    make_client: Callable[..., TestClient], game_id: str
) -> None:
    """``GET /api/tables/{id}`` and ``GET /api/tables`` say who sits where and how far the game
    is, nothing more; the record (seed and log: every hidden card) is refused until the end,
    also by a restarted server that rebuilt the table from its log."""
    client = make_client(rate=1000.0)
    seed = 8_364_912_750_113
    seats = [{"kind": "agent"}, {"kind": "human"}, {"kind": "agent"}]
    table = create(client, game_id, seats, seed, options=HIDDEN_CARD_GAMES[game_id])
    version = play_some(client, table, 3, 8, seed=3)
    secrets = [str(seed), *tokens_of(table)]
    for restarted in (False, True):
        server = make_client(rate=1000.0) if restarted else client
        response = server.get(f"/api/tables/{table['id']}")
        detail = response.json()
        assert set(detail) == TABLE_KEYS and all(set(s) == SEAT_KEYS for s in detail["seats"])
        assert detail["options"] == get_game(game_id).resolve_options(HIDDEN_CARD_GAMES[game_id])
        # nobody is at the table now: in play, but idle
        assert detail["version"] == version and detail["status"] == "idle" and detail["outcome"] is None
        listing = server.get("/api/tables")
        assert all(set(t) == LISTED_KEYS for t in listing.json()["tables"])
        record = server.get(f"/api/tables/{table['id']}/record?lang=es")
        assert record.status_code == 409 and record.json()["error"]["code"] == "not_over"
        assert record.json()["error"]["message"] == translate("es", "server.error.not_over")
        for text in (response.text, listing.text, record.text):
            assert not any(secret in text for secret in secrets)


def test_the_record_of_a_finished_table_is_served_also_after_a_restart(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()
    bots = create(client, "stool-pigeon", [{"kind": "bot"}, {"kind": "bot"}], seed=42)
    wait_until_over(client, bots)
    for restarted in (False, True):
        server = make_client() if restarted else client
        record = server.get(f"/api/tables/{bots['id']}/record")
        assert record.status_code == 200 and record.json()["seed"] == 42
