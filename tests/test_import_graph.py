"""The import graph of ``game/hearts``, read from the source: no cycles, no screen names another, every
module has a row in the layer table (``LAYERS``, rendered in docs/ARCHITECTURE.md) and imports only what
that row names, and none imports a tool (``tools/``, which the site does not ship).

Every ``import`` and ``from … import`` counts, wherever it stands: at the top, inside a function, under
``if TYPE_CHECKING:``. A deferred import hides a cycle from the interpreter, not from the design.

``from pkg import name`` imports the module ``pkg.name`` when there is one, else the package ``pkg``.
Importing ``a.b.c`` is an edge to ``a.b.c`` alone: Python also runs the parents' ``__init__``, but every
submodule does that, and counting it would make each package that re-exports its modules a cycle.
Imports built at run time (``importlib.import_module``, as ``hearts.bots`` does for its registry) are not
in the source as imports, so not in the graph.

Scenes: a module of ``hearts.ui.scenes`` imports no other module of it, except the shared bases
``base`` (Scene, Context, transitions), ``dialog`` (the dialog every scene may show) and ``paged`` (the
base of a screen of pages). The pieces that are not screens (motion, the celebration, the table's
drawing) live beside the package, in ``hearts.ui``. Everything else there is a screen or belongs to one
screen, so naming it from another module of the package is a scene reaching for another screen; where
to go is a route (``hearts.ui.routes``), and ``hearts.ui.router`` alone maps routes to scenes.
The package's ``__init__`` re-exports nothing today; if it ever imports a screen, importing the
package counts as importing that screen.
"""

from __future__ import annotations

import ast
import collections
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[1] / "game"
SCENES = "hearts.ui.scenes"
SHARED_SCENE_PIECES = frozenset(f"{SCENES}.{name}" for name in ("asking", "base", "dialog", "paged"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Import:
    """One import statement's edge: ``importer`` imports ``imported`` at ``path``:``line`` (``path`` relative
    to the folder that holds the package)."""

    importer: str
    imported: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.importer} -> {self.imported} ({self.path.as_posix()}:{self.line})"


def find_modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` (a folder under ``root``), by dotted name; a package is its __init__."""
    modules: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def resolve_relative(importer: str, *, is_package: bool, level: int, module: str | None) -> str:
    """The absolute name of ``from <level dots><module> import …`` written in ``importer``."""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    if level > 1:
        base = base[: -(level - 1)]
    return ".".join([*base, module] if module else base)


def known_prefix(name: str, modules: Mapping[str, Path]) -> str | None:
    """The longest leading part of ``name`` that is one of ``modules`` (None: not ours)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules:
            return candidate
    return None


def imports_of(name: str, path: Path, modules: Mapping[str, Path]) -> list[Import]:
    """The imports of one module that land on ``modules``, in source order, deduplicated by line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    relative = path.relative_to(path.parents[name.count(".") + int(is_package)])
    found: list[Import] = []

    def add(target: str | None, line: int) -> None:
        if target is not None:
            found.append(Import(importer=name, imported=target, path=relative, line=line))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(known_prefix(alias.name, modules), node.lineno)
        elif isinstance(node, ast.ImportFrom):
            source = (
                resolve_relative(name, is_package=is_package, level=node.level, module=node.module)
                if node.level
                else node.module or ""
            )
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                add(submodule if submodule in modules else known_prefix(source, modules), node.lineno)
    unique = {(edge.imported, edge.line): edge for edge in found}
    return sorted(unique.values(), key=lambda edge: (edge.line, edge.imported))


def build_imports(root: Path, package: str) -> list[Import]:
    """Every import inside ``package`` (under ``root``) of another of its modules."""
    modules = find_modules(root, package)
    return [edge for name, path in modules.items() for edge in imports_of(name, path, modules)]


def graph_of(imports: Iterable[Import]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = collections.defaultdict(set)
    for edge in imports:
        graph[edge.importer].add(edge.imported)
        graph.setdefault(edge.imported, set())
    return dict(graph)


def strongly_connected(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative: no recursion limit), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph.get(successor, ())))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(sorted(component))
    return components


def shortest_cycle_through(start: str, graph: Mapping[str, Iterable[str]], within: set[str]) -> list[str]:
    """The shortest path ``start`` → … → ``start`` inside ``within`` (breadth first), without the repeat."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for successor in sorted(graph.get(node, ())):
                if successor == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return path[::-1]
                if successor in within and successor not in came_from:
                    came_from[successor] = node
                    following.append(successor)
        frontier = following
    return []


@dataclass(frozen=True, slots=True, kw_only=True)
class Knot:
    """Modules that import each other (a strongly connected component), and its shortest cycle."""

    modules: tuple[str, ...]
    cycle: tuple[str, ...]

    def __str__(self) -> str:
        loop = " -> ".join([*self.cycle, self.cycle[0]])
        if len(self.modules) == len(self.cycle):
            return loop
        return f"{loop}  (one cycle of a knot of {len(self.modules)}: {', '.join(self.modules)})"


def find_knots(graph: Mapping[str, Iterable[str]]) -> list[Knot]:
    """Every knot of modules that import each other, each with one shortest cycle, smallest first.

    A knot is a strongly connected component with more than one module, or a module importing itself.
    Its cycle starts at the cycle's alphabetically first module, so the message repeats from run to run."""
    knots: list[Knot] = []
    for component in strongly_connected(graph):
        members = set(component)
        if len(component) == 1 and component[0] not in graph.get(component[0], ()):
            continue
        candidates = [shortest_cycle_through(member, graph, members) for member in component]
        shortest = min(candidates, key=lambda cycle: (len(cycle), cycle))
        turn = shortest.index(min(shortest))
        knots.append(Knot(modules=tuple(component), cycle=tuple(shortest[turn:] + shortest[:turn])))
    return sorted(knots, key=lambda knot: (len(knot.cycle), knot.cycle))


def forbidden_scene_imports(imports: Iterable[Import], scenes: str, shared: frozenset[str]) -> list[Import]:
    """The imports by a module of ``scenes`` of another of its modules that is not a shared piece.

    The package itself (its ``__init__``) counts as a screen when it imports one."""
    imports = list(imports)

    def inside(name: str) -> bool:
        return name.startswith(f"{scenes}.")

    package_names_a_screen = any(
        edge.importer == scenes and inside(edge.imported) and edge.imported not in shared for edge in imports
    )
    forbidden: list[Import] = []
    for edge in imports:
        if not inside(edge.importer) or edge.imported == edge.importer:
            continue
        if (inside(edge.imported) and edge.imported not in shared) or (
            edge.imported == scenes and package_names_a_screen
        ):
            forbidden.append(edge)
    return forbidden


# The real tree.


@pytest.fixture(scope="module")
def hearts_imports() -> list[Import]:
    return build_imports(GAME, "hearts")


def test_the_real_graph_is_read(hearts_imports: list[Import]) -> None:
    """Guards the two tests below against passing on an empty or half-read graph."""
    graph = graph_of(hearts_imports)
    assert {"hearts.engine.match", "hearts.ui.app", f"{SCENES}.table", f"{SCENES}.base"} <= set(graph)
    assert "hearts.engine.cards" in graph["hearts.engine.match"]
    assert f"{SCENES}.base" in graph[f"{SCENES}.menu"]


def test_no_module_of_hearts_is_in_an_import_cycle(hearts_imports: list[Import]) -> None:
    knots = find_knots(graph_of(hearts_imports))
    assert not knots, "import cycles:\n" + "\n".join(str(knot) for knot in knots)


def test_no_scene_imports_another_scene(hearts_imports: list[Import]) -> None:
    forbidden = forbidden_scene_imports(hearts_imports, SCENES, SHARED_SCENE_PIECES)
    assert not forbidden, "scene modules importing other scene modules:\n" + "\n".join(
        str(edge) for edge in forbidden
    )


def test_routes_name_no_live_table(hearts_imports: list[Import]) -> None:
    """A route carries values and ids, never a live session or mode: ``hearts.ui.routes`` imports
    neither, not even for its type hints (a route naming a table gives its match's id)."""
    routes = [edge for edge in hearts_imports if edge.importer == "hearts.ui.routes"]
    assert routes, "the routes' imports were not read"
    live = [
        edge
        for edge in routes
        if edge.imported in ("hearts.ui.session", "hearts.ui.modes")
        or edge.imported.startswith("hearts.ui.modes.")
    ]
    assert not live, "routes importing a live table's parts:\n" + "\n".join(str(edge) for edge in live)


# The graph builder and the checks, on made-up trees.


def make_tree(root: Path, files: Mapping[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_cycle_is_found_and_named_shortest_first(tmp_path: Path) -> None:
    root = make_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "import pkg.b\n",
            "pkg/b.py": "from pkg import c\nimport pkg.a\n",
            "pkg/c.py": "from . import a\nimport os\n",
            "pkg/d.py": "from pkg import d\n",
            "pkg/free.py": "import pkg.a\n",
        },
    )
    knots = find_knots(graph_of(build_imports(root, "pkg")))
    assert [knot.cycle for knot in knots] == [("pkg.d",), ("pkg.a", "pkg.b")]
    assert knots[1].modules == ("pkg.a", "pkg.b", "pkg.c")
    assert str(knots[0]) == "pkg.d -> pkg.d"
    assert str(knots[1]) == "pkg.a -> pkg.b -> pkg.a  (one cycle of a knot of 3: pkg.a, pkg.b, pkg.c)"


def test_a_tree_without_cycles_has_none(tmp_path: Path) -> None:
    root = make_tree(
        tmp_path,
        {
            "pkg/__init__.py": "from .a import x\n",
            "pkg/a.py": "import pkg.b\nx = 1\n",
            "pkg/b.py": "import json\n",
        },
    )
    graph = graph_of(build_imports(root, "pkg"))
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.b"}, "pkg.b": set()}
    assert find_knots(graph) == []


def test_the_shortest_cycle_of_a_knot_is_reported() -> None:
    graph = {"a": {"b"}, "b": {"c", "a"}, "c": {"d"}, "d": {"a"}}
    assert find_knots(graph) == [Knot(modules=("a", "b", "c", "d"), cycle=("a", "b"))]
    # Longer cycles are found too, starting at their first module whichever node the search began at.
    assert find_knots({"x": {"y"}, "y": {"z"}, "z": {"w"}, "w": {"x"}})[0].cycle == ("w", "x", "y", "z")


def test_imports_inside_functions_and_under_type_checking_count(tmp_path: Path) -> None:
    root = make_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
            "pkg/b.py": "def later():\n    from pkg.a import thing\n    return thing\n",
        },
    )
    imports = build_imports(root, "pkg")
    assert [(edge.importer, edge.imported, edge.line) for edge in imports] == [
        ("pkg.a", "pkg.b", 3),
        ("pkg.b", "pkg.a", 2),
    ]
    assert [knot.cycle for knot in find_knots(graph_of(imports))] == [("pkg.a", "pkg.b")]


def test_relative_imports_resolve_to_module_names(tmp_path: Path) -> None:
    root = make_tree(
        tmp_path,
        {
            "pkg/__init__.py": "from .sub import inner\n",
            "pkg/top.py": "",
            "pkg/sub/__init__.py": "from . import inner\nfrom .. import top\n",
            "pkg/sub/inner.py": "from ..top import NAME\nfrom . import VALUE\n",
        },
    )
    graph = graph_of(build_imports(root, "pkg"))
    assert graph["pkg"] == {"pkg.sub.inner"}
    assert graph["pkg.sub"] == {"pkg.sub.inner", "pkg.top"}
    # ``from . import VALUE``: not a module, so the package ``pkg.sub`` itself.
    assert graph["pkg.sub.inner"] == {"pkg.top", "pkg.sub"}


def test_resolve_relative_counts_levels_from_the_package() -> None:
    assert resolve_relative("a.b.c", is_package=False, level=1, module="d") == "a.b.d"
    assert resolve_relative("a.b.c", is_package=False, level=2, module=None) == "a"
    assert resolve_relative("a.b", is_package=True, level=1, module="c") == "a.b.c"
    assert resolve_relative("a.b", is_package=True, level=2, module=None) == "a"


SCENE_TREE = {
    "app/__init__.py": "",
    "app/ui/__init__.py": "",
    "app/ui/theme.py": "",
    "app/ui/scenes/__init__.py": "",
    "app/ui/scenes/base.py": "from .. import theme\n",
    "app/ui/scenes/dialog.py": "from .base import Scene\n",
    "app/ui/scenes/menu.py": "from .base import Scene\nfrom .dialog import Dialog\nfrom ..theme import x\n",
}
SCENE_SHARED = frozenset({"app.ui.scenes.base", "app.ui.scenes.dialog"})


def test_scenes_may_import_the_shared_bases(tmp_path: Path) -> None:
    root = make_tree(tmp_path, SCENE_TREE)
    assert forbidden_scene_imports(build_imports(root, "app"), "app.ui.scenes", SCENE_SHARED) == []


def test_a_scene_importing_another_scene_is_reported_with_its_place(tmp_path: Path) -> None:
    root = make_tree(
        tmp_path,
        {
            **SCENE_TREE,
            "app/ui/scenes/options.py": "def back():\n    from .menu import Menu\n    return Menu()\n",
        },
    )
    forbidden = forbidden_scene_imports(build_imports(root, "app"), "app.ui.scenes", SCENE_SHARED)
    assert [str(edge) for edge in forbidden] == [
        "app.ui.scenes.options -> app.ui.scenes.menu (app/ui/scenes/options.py:2)"
    ]


def test_importing_the_scenes_package_counts_only_if_it_names_a_screen(tmp_path: Path) -> None:
    quiet = make_tree(tmp_path / "quiet", {**SCENE_TREE, "app/ui/scenes/stats.py": "from . import NOTHING\n"})
    assert forbidden_scene_imports(build_imports(quiet, "app"), "app.ui.scenes", SCENE_SHARED) == []

    loud = make_tree(
        tmp_path / "loud",
        {
            **SCENE_TREE,
            "app/ui/scenes/__init__.py": "from .menu import Menu\n",
            "app/ui/scenes/stats.py": "from app.ui.scenes import Menu\n",
        },
    )
    forbidden = forbidden_scene_imports(build_imports(loud, "app"), "app.ui.scenes", SCENE_SHARED)
    assert [(edge.importer, edge.imported) for edge in forbidden] == [
        ("app.ui.scenes.stats", "app.ui.scenes")
    ]


# The layer table of docs/ARCHITECTURE.md, as data: each unit (a module, or a package and every module in
# it, the longest name winning), its layer, and the units it may import. A unit may import only what its row
# names; every name on a row is in the same layer or one below, so imports run downward or, where the table
# says so, within a layer. The doc's table is rendered from this data and compared (see the last test):
# typed data is easier to review than markdown cells parsed back, and the comparison still lets neither
# the doc nor the data change alone; a failure prints the table to paste.

BELOW = "everything below"
LAYERS: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...] = (
    (
        "commands",
        (
            ("__main__", ("ui",)),
            ("bench", ("ui", "tournament", "transfer_bench", "bots", "deals", "engine")),
            ("transfer_bench", ("match_link", "transfer", "storage", "bots", "deals", "engine")),
        ),
    ),
    ("the table", (("ui", (BELOW,)),)),
    (
        "judgement",
        (
            ("coach", ("bots.hints", "bots", "deals", "engine", "words")),
            ("daily", ("bots", "deals", "engine")),
            ("lesson", ("bots.hints", "engine", "words")),
            ("tournament", ("bots", "deals", "engine", "levels")),
        ),
    ),
    (
        "across saves, windows and devices",
        (
            ("friends", ("bots", "deals", "link_code", "engine")),
            ("match_link", ("transfer", "storage", "link_code", "deals", "engine")),
            ("transfer_files", ("transfer",)),
            ("transfer", ("storage", "engine")),
            ("practice", ("storage", "engine")),
            ("live", ("page",)),
            ("peers", ("page",)),
            ("page_files", ("page",)),
        ),
    ),
    (
        "players and keeping",
        (
            ("bots.stdio", ("bots", "deals", "levels", "engine")),
            ("bots.hints", ("bots", "engine")),
            ("bots", ("levels", "engine")),
            ("storage", ("challenge", "levels", "engine")),
        ),
    ),
    (
        "values and words",
        (
            ("announce", ("words", "engine")),
            ("challenge", ("link_code", "levels", "engine")),
            ("words", ("engine",)),
            ("review", ("engine",)),
            ("deals", ("engine",)),
            ("link_code", ()),
            ("levels", ()),
            ("page", ()),
            ("methods_ahead", ()),
            ("", ()),
        ),
    ),
    ("the rules", (("engine", ()),)),
)


def unit_of(module: str, package: str = "hearts") -> str | None:
    """The table's unit holding ``module`` (the longest listed name), or None when no row names it."""
    inner = module.removeprefix(package).removeprefix(".")
    units = {unit for _, rows in LAYERS for unit, _ in rows}
    if inner in units:
        return inner
    parts = inner.split(".")
    for end in range(len(parts) - 1, 0, -1):
        if ".".join(parts[:end]) in units:
            return ".".join(parts[:end])
    return None


def allowed_imports() -> dict[str, set[str]]:
    allowed: dict[str, set[str]] = {}
    for depth, (_, rows) in enumerate(LAYERS):
        below = {unit for _, lower in LAYERS[depth + 1 :] for unit, _ in lower}
        for unit, names in rows:
            allowed[unit] = below if BELOW in names else set(names)
    return allowed


def layer_violations(imports: Iterable[Import]) -> list[Import]:
    allowed = allowed_imports()
    found = []
    for edge in imports:
        source, target = unit_of(edge.importer), unit_of(edge.imported)
        if source is None or target is None or source == target:
            continue
        if target not in allowed[source]:
            found.append(edge)
    return found


def render_layer_table() -> str:
    def name(unit: str) -> str:
        if unit == "":
            return "`__init__.py`"
        path = unit.replace(".", "/")
        return f"`{path}/`" if (GAME / "hearts" / path).is_dir() else f"`{path}.py`"

    lines = ["| layer | module or package | may import |", "| --- | --- | --- |"]
    for layer, rows in LAYERS:
        for index, (unit, names) in enumerate(rows):
            shown = ", ".join(names if BELOW in names else (name(other) for other in names)) or "nothing"
            lines.append(f"| {layer if index == 0 else ''} | {name(unit)} | {shown} |")
    return "\n".join(lines)


def test_the_table_names_only_its_own_layer_or_lower() -> None:
    seen: set[str] = set()
    for layer, rows in reversed(LAYERS):
        here = {unit for unit, _ in rows}
        for unit, names in rows:
            upward = [other for other in names if other != BELOW and other not in seen | here]
            assert not upward, f"{unit} ({layer}) may import {upward}, not in its layer or below"
        seen |= here


def test_every_module_has_a_layer() -> None:
    missing = [name for name in find_modules(GAME, "hearts") if unit_of(name) is None]
    assert not missing, "modules with no row in the layer table: " + ", ".join(missing)


def test_imports_follow_the_layer_table(hearts_imports: list[Import]) -> None:
    wrong = layer_violations(hearts_imports)
    assert not wrong, "imports the layer table does not allow:\n" + "\n".join(str(edge) for edge in wrong)


def test_only_the_ui_imports_pygame_and_the_engine_only_the_standard_library() -> None:
    import sys

    wrong = []
    for name, path in find_modules(GAME, "hearts").items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                tops = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                tops = [(node.module or "").split(".")[0]]
            else:
                continue
            for top in tops:
                outside_ui = top == "pygame" and not name.startswith("hearts.ui")
                in_engine = name.startswith("hearts.engine") and (
                    top == "random" or (top not in sys.stdlib_module_names and top != "hearts")
                )
                if outside_ui or in_engine:
                    wrong.append(f"{name} imports {top} ({path.relative_to(GAME).as_posix()}:{node.lineno})")
    assert not wrong, "\n".join(wrong)


def test_the_game_imports_none_of_the_tools() -> None:
    """The tools (``tools/``: the snapshot tool, the site's build, the benchmarks' players) are not shipped,
    so a module of ``hearts`` that imported one would work natively and fail in the browser."""
    tools = {path.stem for path in (GAME.parent / "tools").glob("*.py")}
    tools |= {path.parent.name for path in (GAME.parent / "tools").glob("*/__init__.py")}
    assert {"snapshot", "webbuild"} <= tools
    wrong = []
    for name, path in find_modules(GAME, "hearts").items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                tops = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                tops = [(node.module or "").split(".")[0]]
            else:
                continue
            wrong += [
                f"{name} imports {top} ({path.relative_to(GAME).as_posix()}:{node.lineno})"
                for top in tops
                if top in tools
            ]
    assert not wrong, "\n".join(wrong)


def test_the_doc_holds_the_same_table() -> None:
    doc = (GAME.parent / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert render_layer_table() in doc, (
        "docs/ARCHITECTURE.md's layer table should read:\n" + render_layer_table()
    )
