"""The game-agnostic kernel: the contract every game fulfils, and the tools built on it.

Nothing here knows any one game, any I/O or any network. See ``docs/architecture.md``.
"""

from backroom.engine.actions import Action, action_from_json, action_to_json
from backroom.engine.chance import Chance
from backroom.engine.errors import BadOptions, EngineError, IllegalAction, UnknownGame
from backroom.engine.events import Event, Msg
from backroom.engine.game import Game, Manifest, Outcome, State
from backroom.engine.options import OptionSpec
from backroom.engine.record import Record, replay
from backroom.engine.spec import ActionSpace, ActionSpec, Param
from backroom.engine.window import Window, WindowRule

__all__ = [
    "Action",
    "ActionSpace",
    "ActionSpec",
    "BadOptions",
    "Chance",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "Manifest",
    "Msg",
    "OptionSpec",
    "Outcome",
    "Param",
    "Record",
    "State",
    "UnknownGame",
    "Window",
    "WindowRule",
    "action_from_json",
    "action_to_json",
    "replay",
]
