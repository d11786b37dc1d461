"""Batch play: single games between bots, many games across processes, benchmarks."""

import backroom.i18n  # noqa: F401 (engine errors read as English sentences: ``backroom.engine.errors``)
