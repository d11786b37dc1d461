"""Errors raised through the research adapters read as English sentences, and still carry
their message key and parameters for programs (``backroom.engine.errors``)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from backroom.engine.errors import BadOptions, EngineError, IllegalAction, UnknownGame
from backroom.i18n import DEFAULT_LANGUAGE, translate
from tests.helpers import require


def raised(kind: type[EngineError], call: Callable[[], Any]) -> EngineError:
    with pytest.raises(kind) as caught:
        call()
    return caught.value


def assert_sentence(error: EngineError) -> None:
    """``str()`` is the catalog's English text, never the bare key."""
    text = str(error)
    assert text.startswith(translate(DEFAULT_LANGUAGE, error.key, error.params)), text
    assert error.key not in text


def test_pettingzoo_player_count_and_unknown_game_are_sentences():
    require("pettingzoo")
    from backroom.interop.pettingzoo import env

    count = raised(BadOptions, lambda: env("corruption", players=1).reset())
    assert count.key == "error.player_count" and count.params["value"] == 1
    assert_sentence(count)
    unknown = raised(UnknownGame, lambda: env("nosuch", players=4))
    assert unknown.key == "error.unknown_game" and unknown.params["game"] == "nosuch"
    assert_sentence(unknown)


def test_gymnasium_unknown_opponent_is_a_sentence():
    gymnasium = require("gymnasium")
    import backroom.interop.gym  # noqa: F401 (registers the ids)

    error = raised(BadOptions, lambda: gymnasium.make("backroom/Corruption-v0", opponents="nosuch"))
    assert error.key == "error.unknown_bot" and error.params["bot"] == "nosuch"
    assert_sentence(error)


def test_openspiel_player_count_and_a_move_after_the_end_are_sentences():
    pyspiel = require("pyspiel")
    import backroom.interop.openspiel  # noqa: F401 (registers the games)

    count = raised(BadOptions, lambda: pyspiel.load_game("backroom_corruption", {"players": 2}))
    assert count.key == "error.player_count" and count.params["value"] == 2
    assert_sentence(count)
    state = pyspiel.load_game("backroom_stool_pigeon", {"players": 2}).new_initial_state()
    while not state.is_terminal():
        chance = state.is_chance_node()
        state.apply_action(state.chance_outcomes()[0][0] if chance else state.legal_actions()[0])
    over = raised(IllegalAction, lambda: state.apply_action(0))
    assert over.key == "error.game_over"
    assert_sentence(over)
    # The sentence names no action, so the refused one follows it: a program's log says which.
    assert repr(over.params["action"]) in str(over)


def test_the_engine_and_games_load_no_translation_layer():
    """docs/architecture.md: the engine imports no translation code; until something that
    translates is loaded, an error reads as its key and parameters."""
    code = (
        "import sys\n"
        "from backroom.engine.errors import BadOptions\n"
        "from backroom.games import all_games\n"
        "all_games()\n"
        "assert 'backroom.i18n' not in sys.modules, 'the engine loaded the translation layer'\n"
        "print(BadOptions('error.player_count', value=1))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "error.player_count (value=1)"


def interop_bench(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """``python -m backroom.interop.bench ARGV``: its exit status and all it wrote."""
    require("numpy")
    from backroom.interop.bench import main

    try:
        code = main(list(argv))
    except SystemExit as done:
        code = int(done.code or 0)
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("nope", "--lang", "en"), "There is no game “nope”"),
        (("corruption", "--players", "2", "--lang", "en"), "corruption is played by 3 to 7 players, not 2."),
        (("corruption", "--players", "2", "--lang", "es"), "se juega de 3 a 7 personas, no 2."),
        (("corruption", "--seconds", "0", "--lang", "en"), "must last more than 0 seconds (got 0)"),
        (("corruption", "--adapters", "gym", "--lang", "en"), "There is no adapter loop “gym”"),
        (("corruption", "--players", "x", "--lang", "fr"), "argument --players : 'x' n’est pas"),
    ],
)
def test_the_adapters_bench_refuses_a_mistake_in_one_sentence_like_the_backroom_command(capsys, argv, said):
    code, out = interop_bench(capsys, *argv)
    assert code == 2
    assert said in out and "Traceback" not in out


def test_the_adapters_bench_says_how_long_it_will_take_and_keeps_the_json_apart(capsys):
    """It ran a minute by default (--seconds for each of nine loops) without a word."""
    require("gymnasium")
    from backroom.interop.bench import main

    assert main(["stool-pigeon", "--seconds", "0.02", "--adapters", "gymnasium", "--lang", "en"]) == 0
    out = capsys.readouterr()
    # three loops: the engine's, the API baseline of a Gymnasium seat, and the adapter's
    assert "Measuring stool-pigeon with 4 players for about 0.06 s on one core…" in out.err
    assert json.loads(out.out)["gymnasium"]["actions_per_second"] > 0


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["usage: python -m backroom.interop.bench", "players per game (default 4)", "default 5"]),
        ("es", ["uso: python -m backroom.interop.bench", "jugadores por partida (por defecto 4)"]),
    ],
)
def test_the_adapters_bench_help_names_its_command_and_says_what_each_option_does(
    capsys, monkeypatch, lang, said
):
    monkeypatch.setenv("COLUMNS", "200")
    code, out = interop_bench(capsys, "--help", "--lang", lang)
    assert code == 0
    assert [words for words in said if words not in out] == []
    assert "bench.py" not in out


@pytest.mark.parametrize(
    ("adapter", "missing"),
    [("pettingzoo", "numpy"), ("pettingzoo", "pettingzoo"), ("gym", "gymnasium"), ("openspiel", "pyspiel")],
)
def test_an_adapter_without_the_research_extra_says_what_to_install(adapter: str, missing: str) -> None:
    """Without the extra, importing an adapter stopped at a bare ``ModuleNotFoundError``; it is
    an ImportError still (code that tries the import catches it), one that says what to do."""
    code = (
        "import sys\n"
        f"sys.modules[{missing!r}] = None  # as if it were not installed\n"
        "try:\n"
        f"    import backroom.interop.{adapter}\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "pip install 'backroom[research]'" in out and missing in out
