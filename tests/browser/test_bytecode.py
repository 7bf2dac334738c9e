"""The site carries Python's bytecode made by the interpreter it ships (tools/bytecode.mjs): the standard
library as bytecode alone, the game's modules with theirs beside them, and pygame-ce's wheel with a zip of
its modules' bytecode that the runtime unpacks beside it. Without it, Pyodide compiled
every module it and the game import from source, in WebAssembly, at every start (docs/PERFORMANCE.md).

The files are read here as the build wrote them. A .pyc's header (PEP 552) is the interpreter's magic
number, flags (1: a hash of the source, not checked when it loads), then that hash (SipHash keyed by the
magic number, which ``_imp.source_hash`` computes for any key), so a native CPython can tell whether each
one was compiled from the very source packed beside it."""

from __future__ import annotations

import _imp
import hashlib
import io
import json
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

import pytest

STDLIB = "cdn/0.9.3/pyodide/python_stdlib.zip"
CACHE_TAG = "cpython-312"
MAGIC_312 = (3531).to_bytes(2, "little") + b"\r\n"
"""CPython 3.12's magic number (Lib/importlib/_bootstrap_external.py), which Pyodide 0.27's 3.12.7 has."""
UNCHECKED_HASH = 1


def header(pyc: bytes) -> tuple[bytes, int, bytes]:
    assert len(pyc) > 16, "a .pyc shorter than its header"
    return pyc[:4], int.from_bytes(pyc[4:8], "little"), pyc[8:16]


def cache_of(module: str) -> str:
    """Where CPython's importer looks for the bytecode of the module at ``module`` (a path with "/")."""
    path = PurePosixPath(module)
    return str(path.parent / "__pycache__" / f"{path.stem}.{CACHE_TAG}.pyc")


def source_hash(source: bytes) -> bytes:
    return _imp.source_hash(int.from_bytes(MAGIC_312, "little"), source)


@pytest.fixture(scope="module")
def packed(built_site: Path) -> dict[str, bytes]:
    with tarfile.open(built_site / "hearts.tar.gz", mode="r:gz") as archive:
        return {
            member.name.removeprefix("./"): archive.extractfile(member).read()  # type: ignore[union-attr]
            for member in archive.getmembers()
            if member.isfile()
        }


def test_every_game_module_has_its_bytecode_beside_it(packed: dict[str, bytes]) -> None:
    modules = [name for name in packed if name.startswith("assets/hearts/") and name.endswith(".py")]
    assert len(modules) > 100 and "assets/hearts/ui/app.py" in modules
    for name in modules:
        cached = cache_of(name)
        assert cached in packed, f"{name} has no bytecode"
        magic, flags, digest = header(packed[cached])
        assert (magic, flags) == (MAGIC_312, UNCHECKED_HASH), (name, magic, flags)
        assert digest == source_hash(packed[name]), f"{cached} was not compiled from the {name} packed"
    orphans = [name for name in packed if name.endswith(".pyc") and "/__pycache__/" not in name]
    assert not orphans


def test_the_standard_library_is_bytecode_alone(built_site: Path) -> None:
    with zipfile.ZipFile(built_site / STDLIB) as stdlib:
        names = stdlib.namelist()
        assert not [name for name in names if name.endswith(".py")]
        compiled = [name for name in names if name.endswith(".pyc")]
        assert {"asyncio/__init__.pyc", "dataclasses.pyc", "tarfile.pyc", "pyodide/webloop.pyc"} <= set(
            compiled
        )
        for name in compiled:
            magic, flags, _digest = header(stdlib.read(name))
            assert (magic, flags) == (MAGIC_312, UNCHECKED_HASH), (name, magic, flags)


def test_the_wheels_bytecode_is_named_by_the_index_and_made_from_the_wheel(built_site: Path) -> None:
    index = json.loads((built_site / "cdn/index-0.9.3-cp312.json").read_text(encoding="utf-8"))
    path, _, digest = index["pygame-bytecode"].partition("#sha256=")
    bytecode = (built_site / "cdn" / path).read_bytes()
    assert hashlib.sha256(bytecode).hexdigest() == digest
    wheel = index["pygame"].split("#")[0].replace("<abi>", "cp312").replace("<api>", "wasm32_bi_emscripten")
    with zipfile.ZipFile(built_site / "cdn" / wheel) as packed, zipfile.ZipFile(io.BytesIO(bytecode)) as pycs:
        modules = [name for name in packed.namelist() if name.endswith(".py")]
        assert "pygame/sprite.py" in modules
        assert sorted(pycs.namelist()) == sorted(map(cache_of, modules))
        for name in modules:
            magic, flags, digest = header(pycs.read(cache_of(name)))
            assert (magic, flags) == (MAGIC_312, UNCHECKED_HASH), (name, magic, flags)
            assert digest == source_hash(packed.read(name)), f"{name}'s bytecode was not compiled from it"
