"""The snapshots' seconds-long work (Hard's hands, the coach's judgement, the daily deal's par), kept on disk
for the other processes of a test run: ``$HEARTS_SNAPSHOT_KEPT`` names the folder (``./build.sh test`` makes
it afresh for each run, so the native tests' workers and the browser tests' each read what the first worked
out). Unset, each process works everything out for itself.

The work is the same every time for the same code, so each piece is filed under the digest of the sources
that do it (the game's and this tool's) and of the interpreter, besides its own key: a folder kept from
other code is never read.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import hearts

FOLDER = "HEARTS_SNAPSHOT_KEPT"


@cache
def _sources() -> str:
    digest = hashlib.sha256(sys.version.encode())
    for root in (Path(hearts.__file__).parent, Path(__file__).parent):
        for path in sorted(root.rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _file(kind: str, key: object) -> Path | None:
    folder = os.environ.get(FOLDER)
    if not folder:
        return None
    name = hashlib.sha256(f"{_sources()}\0{kind}\0{key!r}".encode()).hexdigest()[:32]
    return Path(folder) / f"{kind}-{name}.pickle"


def recall(kind: str, key: object) -> object | None:
    """What another process of this run kept for ``kind`` and ``key``, or None."""
    path = _file(kind, key)
    if path is None or not path.is_file():
        return None
    known: object = pickle.loads(path.read_bytes())
    return known


def keep(kind: str, key: object, value: object) -> None:
    """Keep ``value`` for the run's other processes (written whole, then renamed into place, so a reader
    never meets half a file; two processes keeping the same piece write the same bytes)."""
    path = _file(kind, key)
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, delete=False, suffix=".part") as part:
        part.write(pickle.dumps(value))
    os.replace(part.name, path)


def recall_into(memo: dict[Any, Any], kind: str, key: object, of: type) -> None:
    """Put into ``memo`` what another process kept for ``kind`` and ``key`` (an ``of``), unless ``memo`` has
    it already or nothing was kept."""
    if key not in memo and isinstance(known := recall(kind, key), of):
        memo[key] = known
