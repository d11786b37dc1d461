"""The backend options of ``backroom simulate`` as a person meets them: sentences for mistakes."""

from __future__ import annotations

import sys

import pytest

from backroom.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


def test_ray_backend_without_ray_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails as if it were absent
    code, out = run(capsys, "simulate", "stool-pigeon", "--games", "2", "--backend", "ray", "--lang", "en")
    assert code == 2
    assert "pip install 'backroom[cluster]'" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--address", "auto"], "use it with --backend ray"),
        (["--backend", "ray", "--save-logs", "logs"], "only with --backend local"),
        (["--workers", "0"], "at least 1"),
    ],
)
def test_backend_options_that_cannot_work_are_sentences(capsys, argv, words):
    code, out = run(capsys, "simulate", "stool-pigeon", "--games", "2", "--lang", "en", *argv)
    assert code == 2
    assert words in out and "Traceback" not in out
