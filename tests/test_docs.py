"""The README and the docs send readers only to files a clone has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
OUTSIDE = re.compile(r"`(?:\.\./)+[^`]*`|`shared/[^`]*`")
"""A folder beside the clone (``../shared/``), which only the authors' machines have."""
PATH = re.compile(
    r"`((?:\.\./)*(?:backroom|docs|tests|examples|scripts|shared)/[\w./-]+\.(?:py|md|json|txt|po|html|js))`"
)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_a_page_names_is_in_the_repository(page: Path) -> None:
    missing = [
        path
        for path in PATH.findall(page.read_text("utf-8"))
        if "<" not in path and not (ROOT / path).exists() and not (page.parent / path).exists()
    ]
    assert not missing, f"{page.name} names files a clone does not have: {missing}"
    assert not OUTSIDE.findall(page.read_text("utf-8")), f"{page.name} sends readers outside the repository"
