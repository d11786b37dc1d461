"""Batch play: single games between bots, many games across processes, benchmarks."""
