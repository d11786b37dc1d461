"""Backroom: five games of bribery and conspiracy, their engine, bots, and an online table."""

__version__ = "0.1.0"
