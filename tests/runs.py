"""How wide a test's search is where it runs.

Natively a search-style check (random matches, mutated saves, generated examples) covers as much as the
suite's time allows. The same files also run inside Pyodide (``tests/pyodide/run.mjs``), where pure
Python is 2-3 times slower: there the checks show that WebAssembly CPython gives the same answers as the
native interpreter, which a smaller search shows as well, while the breadth of the search is the native
run's. Each smaller size still meets its check's own "this case came up" assertions.
"""

from __future__ import annotations

import sys
from typing import Final

IN_PYODIDE: Final = sys.platform == "emscripten"


def searched(native: int, *, in_pyodide: int) -> int:
    """How many cases a check tries: ``native`` natively, ``in_pyodide`` inside Pyodide."""
    return in_pyodide if IN_PYODIDE else native
