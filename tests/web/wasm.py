"""What the tests that run the game's Python in the browser share: Pyodide (WebAssembly CPython, the npm
package in node_modules), the game's pure-Python packages zipped for it, and a way to run code in it."""

from __future__ import annotations

import io
import json
import textwrap
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from playwright.sync_api import Frame, Page

from tests.web.conftest import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"
GAME = ROOT / "game"

# Loads Pyodide into the page it runs in (its script first, if the page has none), unpacks the game's
# zipped packages into /game and puts /game on sys.path; the page keeps it as window.pyodide. It takes the
# path the game's runtime takes (web/runtime/pythons.js): WebAssembly stack switching (JSPI) off before
# Pyodide looks for it, since Pyodide 0.27.7 dies with it in long runs; window.pyodideJspi says which path
# this page took.
LOAD = """async ({ pyodide, archive }) => {
    for (const name of ["Suspending", "promising", "Suspender"]) {
        delete WebAssembly[name];
    }
    window.pyodideJspi = "Suspending" in WebAssembly || "Suspender" in WebAssembly;
    if (typeof loadPyodide === "undefined") {
        await new Promise((resolve, reject) => {
            const script = document.createElement("script");
            script.src = new URL("pyodide.js", new URL(pyodide, location.href)).href;
            script.onload = resolve;
            script.onerror = () => reject(new Error(`${script.src} did not load`));
            document.head.append(script);
        });
    }
    const loaded = await loadPyodide({ indexURL: new URL(pyodide, location.href).href });
    const response = await fetch(archive);
    if (!response.ok) throw new Error(`${archive}: HTTP ${response.status}`);
    loaded.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/game" });
    loaded.runPython("import sys; sys.path.insert(0, '/game')");
    window.pyodide = loaded;
    return loaded.version;
}"""


def game_archive(extra: Mapping[str, Path] | None = None) -> bytes:
    """The game's pure-Python packages (not the pygame table), and ``extra`` files by their name in it."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((GAME / "hearts").rglob("*.py")):
            relative = path.relative_to(GAME)
            if "__pycache__" in relative.parts or relative.parts[:2] == ("hearts", "ui"):
                continue
            archive.write(path, relative.as_posix())
        for name, path in (extra or {}).items():
            archive.write(path, name)
    return buffer.getvalue()


def load_pyodide(target: Page | Frame, *, pyodide: str = "pyodide/", archive: str = "hearts.zip") -> str:
    """Pyodide from ``pyodide`` with the game from ``archive`` (both relative to the page) in ``target``;
    returns Pyodide's version."""
    version = str(target.evaluate(LOAD, {"pyodide": pyodide, "archive": archive}))
    assert target.evaluate("window.pyodideJspi") is False, "Pyodide took the stack-switching (JSPI) path"
    return version


def python(target: Page | Frame, code: str) -> Any:
    """Run ``code`` in the page's Pyodide and return its ``result`` (sent back as JSON).

    A Python exception rejects the promise, which fails the test with Pyodide's traceback."""
    script = "import json\n" + textwrap.dedent(code) + "\njson.dumps(result)\n"
    return json.loads(target.evaluate("code => pyodide.runPythonAsync(code)", script))
