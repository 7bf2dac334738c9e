"""Everything the game imports in the browser is there.

pygbag's runtime carries a trimmed standard library (``tests/data/pygbag-0.9.3-runtime-files.txt``, the file
list of its ``main.data``), and a module missing there fails only in the browser, where the console then
tries to pip-install a package of that name from the public index. So the import graph is walked here:
from ``main.py`` and the page's own Python (the block in ``web/index.tmpl``), through every module of ours
it reaches (every import statement, inside functions too: what runs at start and in play), into the
standard library (there, the imports a module makes as it loads: its body's unconditional statements).
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

# A check of the source tree against a file list: it reads this interpreter's standard library, so natively.
pytestmark = pytest.mark.native

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
TEMPLATE = ROOT / "web" / "index.tmpl"
RUNTIME_FILES = Path(__file__).parent / "data" / "pygbag-0.9.3-runtime-files.txt"
SHARED_COPY = ROOT.parent / "shared" / "pygbag-0.9.3" / "runtime-files.txt"
STDLIB_PREFIX = "/usr/lib/python3.12/"
SITE_PREFIX = "/data/data/org.python/assets/site-packages/"

# CPython 3.12's frozen modules (its Tools/build/freeze_modules.py): in the interpreter, not in main.data.
FROZEN = {
    "abc", "codecs", "io", "os", "os.path", "posixpath", "ntpath", "genericpath", "stat", "site",
    "_collections_abc", "_sitebuiltins", "importlib.util", "importlib.machinery", "runpy", "zipimport",
    # frozen as _frozen_importlib and _frozen_importlib_external, which importlib registers under these names
    "importlib._bootstrap", "importlib._bootstrap_external",
}  # fmt: skip
# C modules built into the runtime's main.wasm. They cannot be listed from outside the runtime, so this is
# the set the game is known to use; one that is not here must be checked against pygbag's build first.
COMPILED_IN = {
    "math", "_struct", "zlib", "binascii", "_random", "_sha2", "_json", "select", "_socket", "_contextvars",
}  # fmt: skip
# Provided by pygbag itself or by the pygame-ce wheel it installs.
PROVIDED = {"pygame", "platform", "embed", "js", "aio", "pygbag"}
# Reached by the walk but never imported in the browser: main.py and the app run the desktop only when
# sys.platform is not "emscripten".
DESKTOP_ONLY: set[str] = set()


@dataclass(frozen=True)
class Source:
    name: str  # the module's dotted name ("__main__" for main.py)
    path: Path
    is_package: bool


def runtime_files() -> set[str]:
    return set(RUNTIME_FILES.read_text(encoding="utf-8").split())


def our_module(name: str) -> Source | None:
    """A module of the game (``hearts.…``), if ``name`` is one."""
    parts = name.split(".")
    if parts[0] != "hearts":
        return None
    base = GAME.joinpath(*parts)
    if (base / "__init__.py").is_file():
        return Source(name, base / "__init__.py", True)
    if base.with_suffix(".py").is_file():
        return Source(name, base.with_suffix(".py"), False)
    return None


def template_python() -> str:
    """The Python that pygbag's loader runs from the page: the text of its script element."""
    text = TEMPLATE.read_text(encoding="utf-8")
    found = re.search(r'<script src="[^"]*pythons\.js"[^>]*>#<!--\n(.*?)# --></script>', text, re.DOTALL)
    assert found, "web/index.tmpl has no Python block in the loader's script element"
    return re.sub(r"\{\{[^}]*\}\}", "x", found.group(1))


def import_names(tree: ast.Module, source: Source, *, everywhere: bool) -> set[str]:
    """The absolute module names a module imports: every statement, or only those its body runs as it
    loads (not inside functions, ``try`` or ``if``)."""
    nodes = ast.walk(tree) if everywhere else iter(tree.body)
    package = source.name if source.is_package else source.name.rpartition(".")[0]
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            names.add(module)
            # ``from package import module`` imports the submodule too.
            for alias in node.names:
                if our_module(f"{module}.{alias.name}") or is_stdlib_submodule(f"{module}.{alias.name}"):
                    names.add(f"{module}.{alias.name}")
    names.discard("__future__")
    return names


def is_stdlib_submodule(name: str) -> bool:
    if "." not in name or name.split(".")[0] in PROVIDED or name.startswith("hearts."):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def where_in_runtime(name: str, files: set[str]) -> str | None:
    """How the browser's runtime has the standard-library module ``name``, or None if it does not."""
    if name in FROZEN:
        return "frozen"
    relative = name.replace(".", "/")
    for candidate in (f"{relative}.py", f"{relative}/__init__.py"):
        for prefix in (STDLIB_PREFIX, SITE_PREFIX):
            if prefix + candidate in files:
                return prefix + candidate
    if name in sys.builtin_module_names:
        return "built-in"  # the core modules every CPython build links in
    if name in COMPILED_IN:
        return "compiled in"
    return None


def bot_classes() -> dict[str, tuple[str, str]]:
    sys.path.insert(0, str(GAME))
    try:
        from hearts.bots import BOT_CLASSES
    finally:
        sys.path.remove(str(GAME))
    return dict(BOT_CLASSES)


def walk() -> tuple[set[str], dict[str, set[str]]]:
    """Every module the game's browser start reaches: ours, and the standard library's, with who imports
    each standard-library module."""
    files = runtime_files()
    ours: set[str] = set()
    importers: dict[str, set[str]] = {}
    todo: list[tuple[Source, ast.Module, bool]] = [
        (Source("__main__", GAME / "main.py", False), ast.parse((GAME / "main.py").read_text("utf-8")), True),
        (Source("__main__", TEMPLATE, False), ast.parse(template_python()), True),
    ]
    # The bots are imported by name when a level is chosen (hearts.bots.make_bot).
    for module_name, _ in bot_classes().values():
        bot = our_module(f"hearts.bots.{module_name}")
        assert bot, f"hearts.bots names a module it does not have: {module_name}"
        ours.add(bot.name)
        todo.append((bot, ast.parse(bot.path.read_text("utf-8")), True))
    seen_stdlib: set[str] = set()
    while todo:
        source, tree, everywhere = todo.pop()
        for name in import_names(tree, source, everywhere=everywhere):
            parts = name.split(".")
            if parts[0] in PROVIDED or name in DESKTOP_ONLY:
                continue
            mine = our_module(name)
            if parts[0] == "hearts":
                assert mine, f"{source.path}: imports {name}, which is not a module of the game"
                for depth in range(1, len(parts) + 1):
                    package = our_module(".".join(parts[:depth]))
                    if package and package.name not in ours:
                        ours.add(package.name)
                        todo.append((package, ast.parse(package.path.read_text("utf-8")), True))
                continue
            for depth in range(1, len(parts) + 1):
                prefix = ".".join(parts[:depth])
                importers.setdefault(prefix, set()).add(source.name)
                if prefix in seen_stdlib:
                    continue
                seen_stdlib.add(prefix)
                origin = where_in_runtime(prefix, files)
                if origin and origin.endswith(".py"):
                    spec = importlib.util.find_spec(prefix)
                    if spec and spec.origin and spec.origin.endswith(".py"):
                        # Follow what it imports as it loads (this interpreter's copy of the module).
                        package = bool(spec.submodule_search_locations)
                        module = Source(prefix, Path(spec.origin), package)
                        todo.append((module, ast.parse(Path(spec.origin).read_bytes()), False))
    return ours, importers


def test_the_runtime_file_list_is_pygbags():
    """The copy kept here is the list shared/ has of pygbag 0.9.3's runtime (when shared/ is beside us)."""
    if not SHARED_COPY.is_file():
        pytest.skip("no shared/ folder beside the project")
    assert runtime_files() == set(SHARED_COPY.read_text(encoding="utf-8").split())


def test_every_module_the_game_imports_is_in_the_browsers_runtime():
    ours, importers = walk()
    assert {"hearts.ui.app", "hearts.engine.match", "hearts.bots.hard", "hearts.storage"} <= ours
    files = runtime_files()
    missing = {
        name: sorted(importers[name]) for name in sorted(importers) if where_in_runtime(name, files) is None
    }
    assert missing == {}, f"modules the browser's runtime does not have, with who imports them: {missing}"


def test_the_walk_finds_a_missing_module():
    """The check can fail: statistics is not in the runtime, and the bench imports it."""
    files = runtime_files()
    assert where_in_runtime("statistics", files) is None
    assert where_in_runtime("json", files) == STDLIB_PREFIX + "json/__init__.py"
    bench = our_module("hearts.bench")
    assert bench is not None
    assert "statistics" in import_names(ast.parse(bench.path.read_text("utf-8")), bench, everywhere=True)


def test_the_game_never_reaches_the_bench_or_the_tournament():
    """They use modules the browser lacks (statistics, multiprocessing); the game must not import them."""
    ours, _ = walk()
    assert not {"hearts.bench", "hearts.tournament", "hearts.__main__"} & ours
