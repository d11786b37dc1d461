"""Options are validated by the kernel before a game sees them."""

import pytest

from backroom.engine.errors import BadOptions
from backroom.engine.options import OptionSpec, resolve_options

SPECS = (
    OptionSpec("memory_aid", False),
    OptionSpec("round_limit", 20, low=2, high=200),
    OptionSpec("variant", "standard", choices=("standard", "closed")),
)


def test_defaults_fill_what_is_not_given():
    assert resolve_options("g", SPECS, {"round_limit": 5}) == {
        "memory_aid": False,
        "round_limit": 5,
        "variant": "standard",
    }


@pytest.mark.parametrize(
    ("given", "key"),
    [
        ({"nope": 1}, "error.unknown_option"),
        ({"memory_aid": "yes"}, "error.option_not_bool"),
        ({"round_limit": "5"}, "error.option_not_int"),
        ({"round_limit": True}, "error.option_not_int"),
        ({"round_limit": 1}, "error.option_out_of_range"),
        ({"variant": "wild"}, "error.option_bad_choice"),
    ],
)
def test_bad_option_raises_with_a_key_naming_the_problem(given, key):
    with pytest.raises(BadOptions) as raised:
        resolve_options("g", SPECS, given)
    assert raised.value.key == key
    assert str(raised.value)  # a sentence, in English by default
