"""The ``backroom`` command as a person meets it: sentences for mistakes, never tracebacks."""

from __future__ import annotations

import argparse
import io
import json
import re
from unittest.mock import ANY

import pytest

from backroom.cli.main import build_parser, main, options_from
from backroom.games import all_games
from backroom.i18n import LANGUAGES, translate


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


def test_games_lists_every_game_with_player_counts(capsys):
    code, out = run(capsys, "games", "--lang", "en")
    assert code == 0
    assert "stool-pigeon" in out and "2–6" in out


def test_games_detail_shows_options_and_data_status(capsys):
    code, out = run(capsys, "games", "stool-pigeon", "--lang", "en")
    assert code == 0
    assert "memory_aid" in out
    assert "proposed default" in out  # the player count is a proposed default


def test_unknown_game_lists_the_known_ones(capsys):
    code, out = run(capsys, "play", "chess", "--lang", "en")
    assert code == 2
    assert "There is no game “chess”" in out and "stool-pigeon" in out
    assert "Traceback" not in out


def test_bad_player_count_gives_the_allowed_range(capsys):
    code, out = run(capsys, "simulate", "stool-pigeon", "--players", "9", "--games", "1", "--lang", "es")
    assert code == 2
    assert "de 2 a 6" in out


def test_bad_option_is_a_sentence(capsys):
    code, out = run(capsys, "play", "stool-pigeon", "--option", "round_limit=1", "--watch", "--lang", "fr")
    assert code == 2
    assert "entre 2 et 200" in out


@pytest.mark.parametrize("kind", ["heuristic:c=1", "random:c=1"])
def test_settings_for_a_bot_that_takes_none_are_named_as_such(capsys, kind):
    """It said there was no bot “heuristic:c=1” and listed heuristic among those available."""
    code, out = run(capsys, "simulate", "stool-pigeon", "--bots", kind, "--games", "2", "--lang", "en")
    assert code == 2
    assert f"The {kind.split(':')[0]} bot takes no settings (“c=1”): only ismcts does" in out


def test_unknown_bot_is_a_sentence(capsys):
    code, out = run(capsys, "simulate", "stool-pigeon", "--bots", "genius", "--games", "2", "--lang", "en")
    assert code == 2
    assert "There is no bot “genius”" in out


def test_play_to_the_end_choosing_the_first_option(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n" + "1\n" * 2000))
    save = tmp_path / "game.json"
    code, out = run(
        capsys,
        "play",
        "stool-pigeon",
        "--players",
        "3",
        "--bots",
        "heuristic,random",
        "--seed",
        "7",
        "--lang",
        "en",
        "--save",
        str(save),
    )
    assert code == 0
    assert "Please type a number" in out  # the stray "x" was answered, not crashed on
    assert "Results" in out and "Winner" in out
    assert json.loads(save.read_text())["game"] == "stool-pigeon"


def test_play_illegal_json_action_says_why_and_asks_again(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO('["draw"]\n["discard"]\nq\n'))
    code, out = run(capsys, "play", "stool-pigeon", "--players", "2", "--seed", "3", "--lang", "en")
    assert code == 0
    assert "The drawn card cannot be played directly" in out
    assert "Game abandoned" in out


@pytest.mark.parametrize(
    ("lang", "answer", "move"),
    [
        ("es", "Tu respuesta", "Tu jugada"),
        ("en", "Your answer", "Your move"),
        ("fr", "Votre réponse", "À vous de jouer"),
    ],
)
def test_play_titles_a_window_in_another_seats_turn_your_answer_and_ones_own_turn_your_move(
    capsys, monkeypatch, lang, answer, move
):
    # The heuristic bot's first turn asks the human to spend on its attacks; then the human's turn.
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 10 + "q\n"))
    code, out = run(
        capsys, "play", "illuminati", "--players", "2", "--bots", "heuristic", "--seed", "3", "--lang", lang
    )
    titles = re.findall(r"╭─+ (.+?) ─+╮", out)
    assert code == 0 and titles[0] == answer and titles[-1] == move, titles


def test_simulate_json_has_the_documented_keys(capsys):
    code, out = run(
        capsys,
        "simulate",
        "stool-pigeon",
        "--games",
        "60",
        "--players",
        "4",
        "--bots",
        "heuristic,random",
        "--seed",
        "1",
        "--json",
    )
    assert code == 0
    data = json.loads(out.strip().splitlines()[-1])
    for key in ("game", "games", "seed", "wins_by_seat", "mean_actions", "actions_per_second"):
        assert key in data
    assert data["games"] == 60 and sum(data["wins_by_seat"]) == pytest.approx(60)


def test_bench_json_is_the_whole_standard_output(capsys):
    code = main(["bench", "stool-pigeon", "--seconds", "0.2", "--json"])
    out = capsys.readouterr()
    assert code == 0
    data = json.loads(out.out)  # the progress line goes to standard error, not into the JSON
    assert "stool-pigeon" in out.err
    assert data["playouts"]["actions_per_second"] > 0
    assert data["clone_us"] > 0 and data["resample_us"] > 0


def test_bench_bots_times_each_kind_against_random_in_the_same_run(capsys):
    code = main(["bench", "stool-pigeon", "--seconds", "0.2", "--bots", "heuristic", "--json"])
    out = capsys.readouterr()
    assert code == 0
    rows = {row["bot"]: row for row in json.loads(out.out)["bots"]}
    assert list(rows) == ["random", "heuristic"]
    assert rows["random"]["random_per_bot"] == 1.0
    random_rate, heuristic = rows["random"]["actions_per_second"], rows["heuristic"]
    assert heuristic["random_per_bot"] == random_rate / heuristic["actions_per_second"]


def test_bench_refuses_an_unknown_bot_before_timing_anything(capsys):
    code, out = run(capsys, "bench", "stool-pigeon", "--bots", "nobot", "--lang", "en")
    assert code == 2
    assert "nobot" in out and "heuristic" in out
    assert "Measuring" not in out


def test_version_prints_the_installed_release(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == "backroom 0.1.0"


def test_a_long_menu_is_chosen_in_steps_first_the_card_then_its_use(capsys, monkeypatch):
    """Corruption offers dozens of plays at once: the menu lists the cards, then one card's
    uses (0 goes back); a JSON action is still accepted."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n0\n1\n1\nq\n"))
    code, out = run(capsys, "play", "corruption", "--players", "5", "--seed", "3", "--lang", "en")
    assert code == 0
    assert "$1,000 bribe… (9 choices)" in out
    assert "back to the whole list" in out
    assert "you) plays $1,000 bribe under" in out
    assert "(half value)" not in out.split("Your choice")[0]  # no Swiss use before a card is chosen


@pytest.mark.parametrize(
    "argv",
    [
        ("simulate", "stool-pigeon", "--games", "40", "--players", "3"),
        ("tournament", "stool-pigeon", "--games", "20", "--bots", "random,heuristic"),
        ("bench", "stool-pigeon", "--seconds", "0.3"),
    ],
)
def test_figures_are_written_as_french_writes_them(capsys, argv):
    """Decimal commas, spaced thousands and ``27,8 %``: no English ``119.4``, ``14,887`` or
    ``27.8%`` in a French table or footer (the machine line quotes version numbers as they are)."""
    code, out = run(capsys, *argv, "--lang", "fr")
    assert code == 0
    figures = "\n".join(line for line in out.splitlines() if not line.startswith("Machine"))
    assert re.search(r"\d,\d", figures)  # some decimal figure was printed, the French way
    assert not re.search(r"\d\.\d", figures)
    assert not re.search(r"\d,\d{3}(?!\d)", figures)
    assert not re.search(r"\d%", figures)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_games_shows_every_id_and_option_default_whole_at_80_columns(capsys, monkeypatch, lang):
    """What is typed back (``stool-pigeon``, ``secret_goals=false``) is never cut."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out = run(capsys, "games", "--lang", lang)
    assert code == 0
    assert "…" not in out
    for option in ("secret_goals=false", "hidden_illuminati=off", "contracts_file=", "memory_aid=false"):
        assert option in out
    assert all(f"│ {game.id} " in out for game in all_games())


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_games_actions_are_shown_one_kind_a_line_not_as_one_flooding_line(capsys, monkeypatch, game):
    """Illuminati's 28,232 actions, every face listed, printed one line of 26,891 characters."""
    monkeypatch.setenv("COLUMNS", "200")
    code, out = run(capsys, "games", game.id, "--lang", "en")
    assert code == 0
    assert max(map(len, out.splitlines())) <= 200
    rows = [line for line in out.split(", by kind:\n", 1)[1].splitlines() if line.startswith("  ")]
    assert [spec.kind for spec in game.action_space(game.max_players).specs] == [
        r.split("(")[0].strip() for r in rows
    ]


def test_game_options_show_default_and_allowed_values_apart(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out = run(capsys, "games", "illuminati", "--lang", "en")
    assert code == 0
    assert re.search(r"│ round_limit\s+│ 60\s+│ 5–500\s+│", out)


def test_every_default_shown_is_taken_back_as_typed(capsys, monkeypatch):
    """``games`` showed ``memory_aid=False`` and ``'standard'``: typed as shown, ``False`` was
    refused ("takes true or false") and the quotes were part of the value."""
    monkeypatch.setenv("COLUMNS", "200")
    _, listing = run(capsys, "games", "--lang", "en")
    for game in all_games():
        _, detail = run(capsys, "games", game.id, "--lang", "en")
        for spec in game.options:
            cell = re.search(rf"│ {spec.name}\s+│ (\S+)\s+│", detail)
            assert cell is not None, spec.name
            typed = cell.group(1).replace('""', "")
            assert f"│ {spec.name}={typed} " in listing
            assert options_from([f"{spec.name}={typed}"]) == {spec.name: spec.default}


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_question_mark_at_the_prompt_gives_the_rules_in_short(capsys, monkeypatch, game):
    """``?`` printed the game's one-line summary, which for Illuminati says nothing of a turn."""
    monkeypatch.setenv("COLUMNS", "100000")  # one line a paragraph, to find the text whole
    monkeypatch.setattr("sys.stdin", io.StringIO("?\nq\n"))
    _, out = run(capsys, "play", game.id, "--seed", "1", "--lang", "en")
    rules = translate("en", f"{game.id}.rules")
    assert rules.splitlines()[0] in out


def test_illuminati_gifts_are_chosen_in_steps_first_whom_then_how_much(capsys, monkeypatch):
    argv = ("play", "illuminati", "--players", "4", "--seed", "1", "--lang", "en")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    _, out = run(capsys, *argv)
    entry = re.search(r"(\d+)\s+Give money to Bot 2 \(heuristic\)… \((\d+) choices\)", out)
    assert entry is not None
    assert "Give 1 MB to" not in out  # no single gift in the first step
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{entry[1]}\nq\n"))
    _, out = run(capsys, *argv)
    assert "Give 1 MB to Bot 2 (heuristic)" in out
    assert f"Your choice (0–{entry[2]})" in out  # 0 goes back, and the prompt says so
    assert re.search(r"0\s+back to the whole list", out)  # not "to every card": these are sums of money


def test_bot_kinds_are_named_in_the_chosen_language(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    _, out = run(
        capsys, "play", "stool-pigeon", "--players", "3", "--bots", "heuristic,random", "--lang", "es"
    )
    assert "Bot 2 (heurístico)" in out and "Bot 3 (al azar)" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            (
                "simulate",
                "stool-pigeon",
                "--players",
                "2",
                "--games",
                "10",
                "--bots",
                "heuristic,random,ismcts",
            ),
            "3 bot kinds for 2 bot seats",
        ),
        (
            ("report", "stool-pigeon", "--players", "2", "--bots", "heuristic,random,ismcts"),
            "3 bot kinds for 2",
        ),
        (
            ("play", "stool-pigeon", "--players", "4", "--bots", "heuristic,random,random,random,random"),
            "5 bot kinds for 3 bot seats",
        ),
        (
            ("play", "stool-pigeon", "--players", "2", "--bots", "heuristic,random"),
            "2 bot kinds for 1 bot seat:",
        ),
    ],
)
def test_more_bot_kinds_than_seats_is_refused_not_dropped(capsys, tmp_path, monkeypatch, argv, said):
    monkeypatch.chdir(tmp_path)
    code, out = run(capsys, *argv, "--lang", "en")
    assert code == 2
    assert said in out and "Traceback" not in out
    assert list(tmp_path.iterdir()) == []  # no report.html, no record


def test_fewer_bot_kinds_than_seats_still_cycle_over_them(capsys):
    code, out = run(
        capsys,
        "simulate",
        "stool-pigeon",
        "--players",
        "3",
        "--games",
        "3",
        "--bots",
        "heuristic,random",
        "--json",
    )
    assert code == 0
    assert set(json.loads(out)["win_rate_by_bot"]) == {"heuristic", "random"}


@pytest.mark.parametrize(("typed", "code"), [("q\n", 0), ("", 1)])
def test_leaving_with_q_succeeds_and_input_ending_before_the_game_fails(capsys, monkeypatch, typed, code):
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert run(capsys, "play", "stool-pigeon", "--players", "4", "--seed", "3", "--lang", "en") == (code, ANY)


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("report", ["replacing any file there", "(default: report.html)"]),
        ("bench", ["seats per game", "seconds of timing", "one JSON object"]),
    ],
)
def test_help_says_what_each_option_does_and_its_default(capsys, monkeypatch, command, said):
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert all(words in out for words in said)


@pytest.mark.parametrize(
    "argv",
    [
        ("play", "stool-pigeon", "--watch"),
        ("simulate", "stool-pigeon", "--games", "1"),
        ("tournament", "stool-pigeon", "--games", "1", "--bots", "random,heuristic"),
        ("bench", "stool-pigeon", "--seconds", "0.1"),
    ],
)
def test_zero_players_is_refused_with_the_range_not_taken_for_the_default(capsys, argv):
    code, out = run(capsys, *argv, "--players", "0", "--lang", "en")
    assert code == 2
    assert "2 to 6 players, not 0" in out


def test_watching_does_not_offer_keys_that_nothing_reads(capsys):
    code, out = run(
        capsys, "play", "stool-pigeon", "--watch", "--players", "2", "--seed", "3", "--lang", "en"
    )
    assert code == 0
    assert "Deal seed 3" in out and "q to quit" not in out


@pytest.mark.parametrize("typed", ["²", "1" * 5000, "٣"])
def test_a_digit_that_is_no_menu_number_is_answered_not_fatal(capsys, monkeypatch, typed):
    """A "²" (a key of its own on French keyboards) passes str.isdigit() but not int(); 5,000
    digits pass neither int()'s limit nor the menu: each is asked again, the game goes on."""
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{typed}\nq\n"))
    code, out = run(capsys, "play", "stool-pigeon", "--players", "2", "--seed", "3", "--lang", "en")
    assert code == 0
    assert "Please type a number from 1 to 2" in out and "Game abandoned" in out


def test_json_nested_too_deep_to_read_is_answered_not_a_traceback(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("[" * 100_000 + "\nq\n"))
    code, out = run(capsys, "play", "stool-pigeon", "--players", "2", "--seed", "3", "--lang", "en")
    assert code == 0
    assert "Please type a number from 1 to 2" in out and "Game abandoned" in out


@pytest.mark.parametrize(("lang", "said"), [("es", "número de asientos"), ("fr", "nombre de places")])
def test_play_help_speaks_the_players_language(capsys, monkeypatch, lang, said):
    """A Spanish or French player reading `backroom play --help` meets no English sentence."""
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", lang])
    out = capsys.readouterr().out
    assert said in out
    english = ("number of seats", "your seat", "Play a game", "language of")
    assert not [words for words in english if words in out]


def test_french_help_headings_put_a_space_before_their_colon(capsys, monkeypatch):
    """French puts a space before a colon, as the usage line does ("utilisation : "); argparse
    writes a heading's colon right after the heading, so "options:" read as English typography."""
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", "fr"])
    lines = capsys.readouterr().out.splitlines()
    assert "utilisation : " in lines[0]
    assert "arguments positionnels :" in lines and "options :" in lines
    assert not [line for line in lines if line.endswith(("s:", "positionnels:"))]


def english_helps(command: str | None) -> list[str]:
    """Every help text and description ``backroom [command] --help`` shows, in English."""
    parser = build_parser("en")
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    if command is None:
        return [parser.description or "", *(a.help or "" for a in commands._choices_actions)]
    chosen = commands.choices[command]
    return [chosen.description or "", *(a.help or "" for a in chosen._actions if a.help and a.dest != "help")]


@pytest.mark.parametrize("lang", ["es", "fr"])
@pytest.mark.parametrize(
    "command", [None, "games", "play", "simulate", "tournament", "report", "replay", "bench", "serve"]
)
def test_every_help_speaks_the_players_language(capsys, monkeypatch, lang, command):
    """No option's help, no description of `backroom [command] --help` stays English in
    Spanish or French: each English text is missing from the translated page."""
    monkeypatch.setenv("COLUMNS", "100000")  # one line per option: an English text would show whole
    with pytest.raises(SystemExit):
        main([*([command] if command else []), "--help", "--lang", lang])
    out = capsys.readouterr().out
    english = [text for text in english_helps(command) if text]
    assert len(english) > 1
    assert [text for text in english if text in out] == []


def test_one_game_and_one_reshuffled_card_are_said_in_the_singular(capsys):
    code, out = run(capsys, "simulate", "stool-pigeon", "--games", "1", "--players", "2", "--lang", "en")
    assert code == 0 and "1 game of" in out and "1 games" not in out
    said = {lang: translate(lang, "stool-pigeon.event.reshuffle", {"count": 1}) for lang in LANGUAGES}
    assert said == {
        "en": "The draw pile is empty: 1 discarded card is shuffled into a new one.",
        "es": "El mazo se ha agotado: se baraja 1 carta descartada para formar uno nuevo.",
        "fr": "La pioche est vide : 1 carte défaussée est mélangée pour en former une nouvelle.",
    }


def test_watching_with_a_seat_is_refused_rather_than_the_seat_ignored(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["play", "stool-pigeon", "--watch", "--seat", "2", "--lang", "en"])
    assert stopped.value.code == 2
    assert "argument --seat: not allowed with argument --watch" in capsys.readouterr().err


def test_a_player_learns_the_deal_seed_only_when_the_game_is_over_or_left(capsys, monkeypatch):
    """The seed deals every hidden card again (``play --seed N --watch`` in another terminal):
    shown at the start, it would let a player see the bots' cards."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3 + "q\n"))
    code, out = run(capsys, "play", "stool-pigeon", "--players", "3", "--seed", "41", "--lang", "en")
    assert code == 0
    left = out.index("Game abandoned.")
    assert out.index("Deal seed 41") > left and out.count("Deal seed") == 1


def test_a_run_whose_output_is_no_terminal_says_how_far_it_got_not_nothing(capsys):
    """No bar can be drawn into a log or a pipe: a line at each tenth of the games instead."""
    code = main(["simulate", "stool-pigeon", "--games", "40", "--players", "2", "--lang", "en"])
    said = capsys.readouterr().err.splitlines()
    progress = [line for line in said if line.startswith("Simulating")]
    assert code == 0 and progress and progress[-1].endswith(" 40/40")
    assert len(progress) <= 10
