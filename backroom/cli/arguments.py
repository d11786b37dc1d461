"""argparse's own words (usage, headings, its error sentences) in the language of the command.

argparse writes them through gettext's ``_`` and ``ngettext``, which read the process locale
and compiled ``.mo`` files; ``speaking`` points those two names at Backroom's catalogs (keys
``argparse.*``) while the command line is built and read, then puts them back. The language
has to be known before the arguments are read, so ``language_in`` looks for ``--lang`` first.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from backroom.i18n import LANGUAGES, default_language, translate

MESSAGES = {
    "usage: ": "argparse.usage",
    "positional arguments": "argparse.positional_arguments",
    "options": "argparse.options",
    "show this help message and exit": "argparse.help",
    "show program's version number and exit": "argparse.version",
    "%(prog)s: error: %(message)s\n": "argparse.error",
    "argument %(argument_name)s: %(message)s": "argparse.argument",
    "invalid %(type)s value: %(value)r": "argparse.invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse.invalid_choice",
    "the following arguments are required: %s": "argparse.required",
    "unrecognized arguments: %s": "argparse.unrecognized",
    "expected one argument": "argparse.expected_one",
    "expected at most one argument": "argparse.expected_at_most_one",
    "expected at least one argument": "argparse.expected_at_least_one",
    "expected %s argument": "argparse.expected_n_one",
    "expected %s arguments": "argparse.expected_n",
    "ambiguous option: %(option)s could match %(matches)s": "argparse.ambiguous",
    "not allowed with argument %s": "argparse.not_allowed",
    "one of the arguments %s is required": "argparse.one_required",
    "ignored explicit argument %r": "argparse.ignored",
    # The argument types of ``serve`` (backroom/server/cli.py) speak through ``argparse._`` too.
    "not a whole number: %(value)r": "argparse.not_whole_number",
    "not a number: %(value)r": "argparse.not_a_number",
    "must be between %(low)s and %(high)s": "argparse.between",
    "must be between %(low)s and %(high)s seconds": "argparse.between_seconds",
    "not a duration: %(value)r (say 90s, 30m, 24h, 7d, or off)": "argparse.not_a_duration",
    "%(value)s is not a port: give one between 1 and 65535": "argparse.not_a_port",
    "not a list of CPUs: %(value)r (say 0,1 or 0-3)": "argparse.not_cpus",
    "an empty bot name in %(value)r: name a kind between commas": "argparse.empty_bot",
}
"""argparse's messages (Python 3.11 to 3.13) that a person can meet, and those of our own
argument types, by their gettext id; the translations keep the ``%`` placeholders, and leave
out ``%(type)s`` (an internal name such as ``int`` or ``player_list``)."""


def say(text: str, **params: object) -> str:
    """``text`` (a key of ``MESSAGES``) in the command line's language, for our own argument
    types: through argparse's own ``_``, which ``speaking`` points at our catalogs while the
    arguments are read."""
    words: Callable[[str], str] = vars(argparse)["_"]
    return words(text) % params


def language_in(argv: Sequence[str]) -> str:
    """The language the last ``--lang`` names in ``argv`` (before the command or after it: the
    one after wins, as argparse reads them), else the environment's."""
    chosen = default_language()
    for i, arg in enumerate(argv):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        if value in LANGUAGES:
            chosen = value
    return chosen


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """argparse's messages in ``lang`` inside the block."""

    def gettext(text: str) -> str:
        key = MESSAGES.get(text)
        return text if key is None else translate(lang, key)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return gettext(singular if n == 1 else plural)

    names = vars(argparse)
    saved = names["_"], names["ngettext"]
    names.update(_=gettext, ngettext=ngettext)
    try:
        yield
    finally:
        names["_"], names["ngettext"] = saved


class Given(argparse._StoreAction):
    """``store`` that also notes the option in the namespace's ``given`` (its first name), so
    that a command with several targets (``bench``) refuses an option meant for another one
    even when it was given its default value."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        super().__call__(parser, namespace, values, option_string)
        if self.option_strings:  # not a positional argument, always given
            namespace.given = {*getattr(namespace, "given", ()), self.option_strings[0]}


def bot_list(text: str) -> list[str]:
    """``heuristic,random`` → its kinds; an empty name (``heuristic,,random``) is a mistake."""
    kinds = [b.strip() for b in text.split(",")]
    if not all(kinds):
        raise argparse.ArgumentTypeError(
            say(
                "an empty bot name in %(value)r: name a kind between commas",
                value=text,
            )
        )
    return kinds


def player_list(text: str) -> list[int]:
    """``4,5`` → [4, 5]; argparse turns a ValueError into a usage message."""
    return [int(n) for n in text.split(",")]


def tcp_port(text: str) -> int:
    """A TCP port (0: any free one, as the tests use); anything else is one sentence from argparse
    instead of the socket module's OverflowError traceback."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("not a whole number: %(value)r", value=text)) from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            say("%(value)s is not a port: give one between 1 and 65535", value=value)
        )
    return value
