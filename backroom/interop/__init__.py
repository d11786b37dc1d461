"""Research adapters: every registered game as a PettingZoo AEC environment (``pettingzoo``),
a Gymnasium environment against Backroom's bots (``gym``) and an OpenSpiel game (``openspiel``),
all through ``table.Table``. They need the ``research`` extra (``pip install -e
'.[research]'``); nothing else in Backroom imports them. See ``docs/research.md``.
"""

import backroom.i18n  # noqa: F401 (engine errors read as English sentences: ``backroom.engine.errors``)
