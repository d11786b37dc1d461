"""``backroom replay``: saved games shown again, action by action, in any language, and refused
with a sentence when a record is missing or damaged."""

from __future__ import annotations

import io
import json
import re

import pytest

from backroom.games import all_games
from tests.cli.test_cli import run
from tests.helpers import strongest_bot


def test_simulate_save_logs_then_replay(capsys, tmp_path):
    code, _ = run(capsys, "simulate", "stool-pigeon", "--games", "3", "--save-logs", str(tmp_path), "--json")
    assert code == 0
    logs = sorted(tmp_path.glob("game-*.json"))
    assert len(logs) == 3
    code, out = run(capsys, "replay", str(logs[0]), "--lang", "es")
    assert code == 0
    assert "Gana" in out


def test_replay_of_an_edited_record_says_which_action_it_cannot_play(capsys, tmp_path):
    run(capsys, "simulate", "stool-pigeon", "--games", "1", "--save-logs", str(tmp_path), "--json")
    log = tmp_path / "game-000000.json"
    data = json.loads(log.read_text(encoding="utf-8"))
    data["actions"][3][1] = ["bogus", 1]
    log.write_text(json.dumps(data), encoding="utf-8")
    code, out = run(capsys, "replay", str(log), "--lang", "en")
    assert code == 2
    assert "Action 4 of this record cannot be played: That action is not allowed now." in out
    assert "stool-pigeon.action.bogus" not in out


def test_replay_of_a_missing_file_is_a_sentence(capsys, tmp_path):
    code, out = run(capsys, "replay", str(tmp_path / "nope.json"), "--lang", "en")
    assert code == 2
    assert f"“{tmp_path / 'nope.json'}” does not exist." in out


def _variants():
    """Every game with each of its test variants, one replay test each."""
    return [
        pytest.param(g.id, v, id=f"{g.id}-{json.dumps(v, sort_keys=True)}")
        for g in all_games()
        for v in g.test_variants()
    ]


@pytest.mark.parametrize(("game_id", "variant"), _variants())
def test_replay_labels_each_action_with_the_position_before_it_in_every_game_and_variant(
    capsys, tmp_path, game_id, variant
):
    """Issue 12, bug 1: labelling with the state after the action crashed on Corruption logs
    (the bribe a reporter removed was gone)."""
    from backroom.games import get_game

    game = get_game(game_id)
    options = [f"--option={k}={json.dumps(v)}" for k, v in variant.items()]
    # At most five seats: the labels do not depend on the count, and eight-seat Illuminati games
    # (a very long one above all) would take a minute and a half of the suite.
    players, bots = str(min(game.max_players, 5)), f"{strongest_bot(game)},random"
    code, _ = run(
        capsys, "simulate", game_id, "--games", "4", "--players", players, "--bots", bots,
        "--seed", "3", "--save-logs", str(tmp_path), "--json", *options,
    )  # fmt: skip
    assert code == 0
    for log in sorted(tmp_path.glob("game-*.json")):
        code, out = run(capsys, "replay", str(log), "--lang", "en")
        assert code == 0, out
        assert "Traceback" not in out and "Could not do that" not in out


def test_replay_step_ends_cleanly_when_input_closes(capsys, tmp_path, monkeypatch):
    code, _ = run(capsys, "simulate", "stool-pigeon", "--games", "1", "--save-logs", str(tmp_path), "--json")
    assert code == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))  # one Enter, then the input is closed
    code, out = run(capsys, "replay", str(tmp_path / "game-000000.json"), "--step", "--lang", "en")
    assert code == 0
    assert "Replay stopped: the input has closed." in out
    assert "   2 " in out and "   3 " not in out  # the second action was shown, then it stopped


def test_a_replay_says_whose_view_it_shows_and_whose_each_private_event_is(capsys, tmp_path):
    run(capsys, "simulate", "stool-pigeon", "--games", "1", "--save-logs", str(tmp_path), "--json")
    record = str(tmp_path / "game-000000.json")
    _, out = run(capsys, "replay", record, "--seat", "2", "--lang", "en")
    assert "Seen by seat 2 (Bot 2 (random))" in out
    _, out = run(capsys, "replay", record, "--lang", "en")
    assert "Seen by everyone" in out
    assert "Bot 1 (random) → Your bottom row" in out and "Bot 2 (random) → Your bottom row" in out


def test_a_game_saved_in_spanish_replays_with_every_seat_named_in_french(capsys, monkeypatch, tmp_path):
    saved = tmp_path / "partida.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 12 + "q\n"))  # a few moves, the bots' too
    argv = ("play", "stool-pigeon", "--players", "3", "--bots", "heuristic,random", "--seed", "4")
    run(capsys, *argv, "--save", str(saved), "--lang", "es")
    _, out = run(capsys, "replay", str(saved), "--seat", "1", "--lang", "fr")
    assert "Vu par la place 1 (Joueur 1 (vous))" in out
    assert "Bot 2 (heuristique)" in out and "Bot 3 (au hasard)" in out
    assert "tú" not in out and "heurístico" not in out and "al azar" not in out
    _, out = run(capsys, "replay", str(saved), "--seat", "2", "--lang", "fr")
    assert "Vu par la place 2 (Bot 2 (heuristique))" in out
    assert "Joueur 1" in out and "(vous)" not in out  # seen by another seat, nobody is "you"


def test_a_record_saved_before_seats_kept_their_kinds_shows_the_names_it_holds(capsys, tmp_path):
    run(capsys, "simulate", "stool-pigeon", "--games", "1", "--save-logs", str(tmp_path), "--json")
    log = tmp_path / "game-000000.json"
    data = json.loads(log.read_text(encoding="utf-8"))
    del data["bots"]
    data["names"] = ["Ana", "Bot 2 (al azar)"]
    log.write_text(json.dumps(data), encoding="utf-8")
    _, out = run(capsys, "replay", str(log), "--seat", "2", "--lang", "fr")
    assert "Vu par la place 2 (Bot 2 (al azar))" in out and "Ana" in out


def test_a_french_replay_spaces_the_colon_after_each_player(capsys, tmp_path):
    run(capsys, "simulate", "stool-pigeon", "--games", "1", "--save-logs", str(tmp_path), "--json")
    _, out = run(capsys, "replay", str(tmp_path / "game-000000.json"), "--lang", "fr")
    assert re.search(r"^ +1 \S.* : ", out, re.MULTILINE)
    assert not re.search(r"^ +\d+ [^:]*\w: ", out, re.MULTILINE)


@pytest.mark.parametrize(("lang", "said"), [("en", "Replay stopped."), ("es", "Reproducción detenida.")])
def test_replay_step_stops_at_q_as_play_leaves_at_q(capsys, tmp_path, monkeypatch, lang, said):
    code, _ = run(capsys, "simulate", "stool-pigeon", "--games", "1", "--save-logs", str(tmp_path), "--json")
    assert code == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("\nq\n\n\n"))  # one Enter, then q
    code, out = run(capsys, "replay", str(tmp_path / "game-000000.json"), "--step", "--lang", lang)
    assert code == 0
    assert said in out and "   2 " in out and "   3 " not in out
