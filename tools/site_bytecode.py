"""The site's Python bytecode, made by Pyodide's own CPython under Node (``tools/bytecode.mjs``), so that
no module is compiled in WebAssembly as the page starts: Pyodide's standard library, the game's package and
the pure-Python modules of pygame-ce's wheel. Each is made once for its inputs and kept in a cache folder.
Used by ``webbuild.py``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"
STDLIB = "python_stdlib.zip"
STDLIB_AT = "/lib/python312.zip/"
BYTECODE_TOOL = ROOT / "tools" / "bytecode.mjs"
METHODS_TOOL = ROOT / "tools" / "methods_ahead.mjs"
METHODS_TABLE = "methods_ahead.marshal"
"""The table of the game's dataclass methods compiled ahead, beside the package's modules
(``hearts.methods_ahead.TABLE``)."""


class BuildError(Exception):
    pass


def run_under_node(tool: Path, *args: str) -> dict[str, object]:
    """Run ``tool`` (a script of ours that loads Pyodide's CPython under Node) with ``args``; the JSON
    summary it prints last."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(
            "Node.js is missing: the site's Python bytecode is made by Pyodide's own interpreter under "
            "Node. Install Node.js 20 or later and run npm ci (./build.sh build does both but the first)"
        )
    try:
        result = subprocess.run(
            [node, str(tool), *args], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
        )
    except subprocess.TimeoutExpired as error:
        raise BuildError(f"{tool.name} took more than 10 minutes") from error
    if result.returncode != 0:
        raise BuildError(f"{tool.name} failed ({result.returncode}):\n{result.stderr[-2000:]}")
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert isinstance(summary, dict)
    return summary


def compile_bytecode(*jobs: dict[str, str]) -> dict[str, object]:
    """Run ``tools/bytecode.mjs`` (Pyodide's CPython under Node) on ``jobs``; its summary."""
    return run_under_node(BYTECODE_TOOL, *(json.dumps(job) for job in jobs))


def inputs_key(*parts: bytes) -> str:
    """A short hash of what a piece of bytecode is made from: its inputs, the tool and Pyodide's version."""
    digest = hashlib.sha256(BYTECODE_TOOL.read_bytes())
    digest.update((PYODIDE / "package.json").read_bytes())
    for part in parts:
        digest.update(len(part).to_bytes(8, "little") + part)
    return digest.hexdigest()[:16]


def stdlib_with_bytecode(cache: Path) -> Path:
    """Pyodide's standard library with each module's bytecode in place of its source: Pyodide ships it as
    source, so every module it and the game import (asyncio, dataclasses, json, tarfile ...) was compiled
    in WebAssembly at every start. Made once per Pyodide version and kept in ``cache``."""
    source = PYODIDE / STDLIB
    kept = cache / f"python_stdlib-{inputs_key(source.read_bytes())}.zip"
    if kept.is_file():
        return kept
    with tempfile.TemporaryDirectory() as temporary, zipfile.ZipFile(source) as original:
        sources, compiled = Path(temporary) / "source", Path(temporary) / "out"
        modules = [info for info in original.infolist() if info.filename.endswith(".py")]
        for info in modules:
            original.extract(info, sources)
        compile_bytecode(
            {"source": str(sources), "out": str(compiled), "layout": "beside", "prefix": STDLIB_AT}
        )
        cache.mkdir(parents=True, exist_ok=True)
        partial = Path(temporary) / kept.name
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as written:
            for info in original.infolist():
                if info.filename.endswith(".py"):
                    name = info.filename.removesuffix(".py") + ".pyc"
                    data = (compiled / name).read_bytes()
                else:
                    name, data = info.filename, original.read(info)
                written.writestr(zipfile.ZipInfo(name, info.date_time), data, zipfile.ZIP_DEFLATED)
        shutil.move(partial, kept)
    return kept


def game_bytecode(package: Path, cache: Path, wheel: Path) -> Path:
    """The bytecode of the game's package, in a folder laid out as the package is (``__pycache__`` beside
    each module), with the table of its dataclasses' methods compiled ahead (``METHODS_TABLE``, made with
    pygame-ce's ``wheel`` installed, as the page imports the game); kept in ``cache`` under a hash of the
    sources and the wheel."""
    modules = sorted(package.rglob("*.py"))
    names = [path.relative_to(package).as_posix().encode() for path in modules]
    tool, wheel_bytes = METHODS_TOOL.read_bytes(), wheel.read_bytes()
    key = inputs_key(tool, wheel_bytes, *names, *(path.read_bytes() for path in modules))
    kept = cache / f"game-{key}"
    if not kept.is_dir():
        cache.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=kept.name + ".", dir=cache))
        compile_bytecode({"source": str(package), "out": str(partial / package.name), "layout": "pycache"})
        table = partial / package.name / METHODS_TABLE
        run_under_node(METHODS_TOOL, str(package.parent), str(wheel), str(table))
        try:
            partial.rename(kept)
        except OSError:  # made meanwhile by another build: the same bytes
            shutil.rmtree(partial)
    return kept


def wheel_bytecode(wheel: Path, cache: Path) -> Path:
    """The bytecode of the pure-Python modules in pygame-ce's wheel, as a zip laid out as the wheel installs
    (``pygame/__pycache__/...``): the wheel carries sources only, and Pyodide writes no bytecode as it
    imports, so they were compiled in WebAssembly at every start. The runtime unpacks it beside the
    installed wheel. Made once per wheel and kept in ``cache``."""
    kept = cache / f"{wheel.stem}-bytecode-{inputs_key(wheel.read_bytes())}.zip"
    if kept.is_file():
        return kept
    with tempfile.TemporaryDirectory() as temporary, zipfile.ZipFile(wheel) as packed:
        sources, compiled = Path(temporary) / "source", Path(temporary) / "out"
        for info in packed.infolist():
            if info.filename.endswith(".py"):
                packed.extract(info, sources)
        compile_bytecode({"source": str(sources), "out": str(compiled), "layout": "pycache"})
        cache.mkdir(parents=True, exist_ok=True)
        partial = Path(temporary) / kept.name
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as written:
            for path in sorted(compiled.rglob("*.pyc")):
                info = zipfile.ZipInfo(path.relative_to(compiled).as_posix(), (1980, 1, 1, 0, 0, 0))
                written.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
        shutil.move(partial, kept)
    return kept
