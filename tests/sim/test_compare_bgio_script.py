"""``scripts/compare-bgio`` answers ``--help`` and bad arguments before it installs anything:
the suite never needs npm, Node or the network (the comparison itself is run by hand)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "compare-bgio"


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The script alone in a fresh tree (no scripts/bgio, no node_modules), with a PATH that
    holds ``cat`` and nothing else: no npm, no node."""
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    shutil.copy(SCRIPT, scripts / "compare-bgio")
    bash = shutil.which("bash")
    cat = shutil.which("cat")
    assert bash is not None and cat is not None
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "cat").symlink_to(cat)
    return subprocess.run(
        [bash, str(scripts / "compare-bgio"), *args],
        capture_output=True,
        text=True,
        env={"PATH": str(tools)},
        timeout=30,
    )


def test_help_works_without_node_modules_or_npm(tmp_path: Path) -> None:
    done = _run(tmp_path, "--help")
    assert done.returncode == 0, done.stderr
    assert "usage: scripts/compare-bgio" in done.stdout
    assert not (tmp_path / "scripts" / "bgio").exists()


def test_an_unknown_argument_is_refused_before_anything_runs(tmp_path: Path) -> None:
    done = _run(tmp_path, "--tabels", "50")
    assert done.returncode == 2
    assert "unknown argument --tabels" in done.stderr
    assert not (tmp_path / "scripts" / "bgio").exists()
