"""Hearts: a pure-Python rules engine and bots with a pygame-ce table."""

__version__ = "0.1.0"
