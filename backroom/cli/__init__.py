"""The ``backroom`` command line."""
