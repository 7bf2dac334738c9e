"""The methods ``dataclasses`` writes for the game's classes, compiled ahead for the browser.

As each ``@dataclass`` class is made, ``dataclasses`` writes its methods (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, a frozen class's ``__setattr__`` and ``__delattr__``) as source text and compiles
that text. A ``.pyc`` cannot hold them: the text is written as the module runs. In WebAssembly this was
some 200 ms of every start, most of the time the game's modules took to import. So the site's build imports
every module of the game under the interpreter the site ships, keeps each text ``dataclasses`` wrote, and
packs the texts with their code, compiled and marshalled, beside the package (``tools/methods_ahead.mjs``).
At start, ``MethodsAhead`` has ``dataclasses`` run that code rather than compile the same text again.

The same text always compiles to the same code, so a text found in the table runs exactly as before; one
the table lacks (a class changed since the build) is compiled as before, and a table that is missing,
damaged or made by another interpreter is not used at all. ``dataclasses`` calls ``exec`` by its global
name, so an attribute of that name on the module comes before the builtin: that is the one hook. Standard
library only.
"""

from __future__ import annotations

import dataclasses
import marshal
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import CodeType
from typing import Any

TABLE = Path(__file__).with_name("methods_ahead.marshal")
"""Where the build puts the table (only into the site: the source tree has none)."""
HOOK = "exec"
"""The name ``dataclasses`` runs the text of each method by."""


def compiled(text: str) -> CodeType:
    """``text`` compiled as ``exec`` compiles a string from a module with no ``__future__`` imports."""
    return compile(text, "<string>", "exec", dont_inherit=True)


def table_of(texts: Iterable[str]) -> bytes:
    """The table for ``texts``: each with its code, marshalled, under this interpreter's exact version
    (marshal's format and the code inside are this interpreter's own)."""
    return marshal.dumps({"hexversion": sys.hexversion, "codes": {text: compiled(text) for text in texts}})


def codes_in(data: bytes) -> dict[str, CodeType]:
    """The texts and their code in the table ``data``; none if it is damaged or was made by another
    interpreter."""
    try:
        table = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict) or table.get("hexversion") != sys.hexversion:
        return {}
    codes = table.get("codes")
    if not isinstance(codes, dict):
        return {}
    return {
        text: code for text, code in codes.items() if isinstance(text, str) and isinstance(code, CodeType)
    }


class MethodsAhead:
    """Runs the code in a table for the texts ``dataclasses`` writes, once installed; counts what it ran
    and what it had to compile."""

    def __init__(self, codes: Mapping[str, CodeType]) -> None:
        self.codes = codes
        self.ran = 0
        """Methods whose code came from the table."""
        self.compiled = 0
        """Methods whose text the table lacked, compiled as before."""

    @classmethod
    def from_file(cls, path: Path = TABLE) -> MethodsAhead:
        """The table at ``path`` (empty when there is none or it cannot be used)."""
        try:
            data = path.read_bytes()
        except OSError:
            return cls({})
        return cls(codes_in(data))

    def exec(self, source: Any, globals: dict[str, Any] | None = None, locals: Any = None) -> None:
        """What ``dataclasses`` calls ``exec``: the table's code for ``source`` where it has it."""
        code = self.codes.get(source) if isinstance(source, str) else None
        if code is None:
            self.compiled += 1
            exec(source, globals, locals)
        else:
            self.ran += 1
            exec(code, globals, locals)

    @property
    def is_installed(self) -> bool:
        return getattr(dataclasses, HOOK, None) == self.exec

    def install(self) -> MethodsAhead:
        """Have ``dataclasses`` run the table's code from now on (not when the table is empty); itself."""
        if self.codes:
            setattr(dataclasses, HOOK, self.exec)
        return self

    def uninstall(self) -> None:
        if self.is_installed:
            delattr(dataclasses, HOOK)


@contextmanager
def recording() -> Iterator[list[str]]:
    """The texts ``dataclasses`` writes while the block runs, in the order written, each once (for the
    build, which makes the table from them)."""
    texts: dict[str, None] = {}

    def record(source: Any, globals: dict[str, Any] | None = None, locals: Any = None) -> None:
        if isinstance(source, str):
            texts.setdefault(source)
        exec(source, globals, locals)

    written: list[str] = []
    setattr(dataclasses, HOOK, record)
    try:
        yield written
    finally:
        delattr(dataclasses, HOOK)
        written.extend(texts)
