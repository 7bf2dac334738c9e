"""Build the web site: the game packed by pygbag with our page, plus the manifest, icons and service worker.

    python tools/webbuild.py [--runtime pyodide|pygbag] [--vendor] [--runtime-url URL] [--out build/web]

Offline and quick: pygbag gets our own page template and icon (it would download its defaults, and retry
forever offline) and works on a staging copy of the game (it packs every file it sees and may reformat
them in place).

Where the page's Python comes from:
- ``--runtime pyodide`` (the default): our own runtime on pygbag's loader contract (``web/runtime/``), in
  the site's ``cdn/`` folder with Pyodide's files from node_modules and pygame-ce's wheel (the one pygbag's
  runtime uses: from pygbag's CDN when it answers within a few seconds, else from ``../shared/pygbag-0.9.3/``
  or $HEARTS_PYGAME_WHEEL, always checked against its SHA-256). The site needs no other host.
- ``--runtime pygbag``: pygbag's own runtime from its CDN; with ``--vendor``, copied into the site,
  downloaded once (from ``--runtime-url``, or $HEARTS_RUNTIME_URL, else pygbag's CDN) and kept under
  .cache/runtime/.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

from site_bytecode import (
    BYTECODE_TOOL,
    METHODS_TOOL,
    PYODIDE,
    STDLIB,
    BuildError,
    game_bytecode,
    stdlib_with_bytecode,
    wheel_bytecode,
)

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
PYGBAG_VERSION = "0.9.3"
PYTHON_TAG = "312"
CDN = f"https://pygame-web.github.io/cdn/{PYGBAG_VERSION}/"
DEFAULT_RUNTIME_URL = "https://pygame-web.github.io/cdn/"
ARCHIVE = "hearts"
RUNTIME_FILES = (
    f"{PYGBAG_VERSION}/pythons.js",
    f"{PYGBAG_VERSION}/cpythonrc.py",
    f"{PYGBAG_VERSION}/cpython{PYTHON_TAG}/main.js",
    f"{PYGBAG_VERSION}/cpython{PYTHON_TAG}/main.wasm",
    f"{PYGBAG_VERSION}/cpython{PYTHON_TAG}/main.data",
)
INDEX_FILE = f"index-{PYGBAG_VERSION}-cp{PYTHON_TAG}.json"
SITE_FILES = ("manifest.webmanifest", "live.js", "shell.js", "access.js", "peers.js", "qr.js")
NPM_SITE_FILES = {
    "uqr.mjs": ROOT / "node_modules" / "uqr" / "dist" / "index.mjs",
    "uqr.LICENSE.txt": ROOT / "node_modules" / "uqr" / "LICENSE",
}
"""The page's own dependencies from npm, each beside the page under its name here: uqr, the QR encoder
``qr.js`` lends the game (MIT, its licence with it)."""
RUNTIMES = ("pyodide", "pygbag")
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
"""What the game needs of Pyodide: the loader, the interpreter and its standard library (no packages: the
lock file is written without them)."""
OWN_RUNTIME_FILES = ("pythons.js", "pyodiderc.py")
"""Where Pyodide puts its standard library (a zip on sys.path): the file names its tracebacks show."""
BYTECODE_CACHE = ROOT / ".cache" / "bytecode"
RUNTIME_CACHE = ROOT / ".cache" / "runtime"
"""Where the runtime's downloads are kept: pygame-ce's wheel, pygbag's files (with --vendor)."""
WHEEL = "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
WHEEL_SHA256 = "9c6aa80480c7f199dd024639fc1e1f6b4a5c5c6a7a888b11110ad17b35abdd27"
WHEEL_BYTECODE = WHEEL.removesuffix(".whl") + "-bytecode.zip"
WHEEL_INDEX_ENTRY = f"cp{PYTHON_TAG}/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl"
WHEEL_URL = f"{DEFAULT_RUNTIME_URL}cp{PYTHON_TAG}/{WHEEL}"
WHEEL_TIMEOUT = 4.0
"""Seconds to wait for pygbag's CDN before taking the wheel from the shared folder."""
SHARED_WHEEL = ROOT.parent / "shared" / f"pygbag-{PYGBAG_VERSION}" / WHEEL
SKIP_DIRS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}
NOT_SHIPPED = (
    "__main__.py",  # the desktop window's entry
    "bench.py",
    "transfer_bench.py",
    "tournament",
    "bots/stdio",  # the bot as a program for other engines
    "coach/__main__.py",
    "coach/command.py",
    "ui/bench.py",
    "ui/coach_bench.py",
    "ui/transcript.py",
)
"""The package's command-line tools (benchmarks, tournaments, the stdio bot, the coach's and the table's
commands), by path in ``hearts/``: the page never imports them (tests/web/test_site.py checks that no
module shipped names one), so the game's download leaves them out (about 60 KiB of it)."""
SKIP_SUFFIXES = {".pyc", ".pyo"}


def stage(into: Path) -> list[Path]:
    """Copy what the game needs (main.py, the hearts package, assets) into ``into``; the files copied."""
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    shutil.copy2(ROOT / "game" / "main.py", into / "main.py")
    copied = [into / "main.py"]
    package = ROOT / "game" / "hearts"
    for source, target in ((package, into / "hearts"), (ROOT / "assets", into / "assets")):
        for path in sorted(source.rglob("*")):
            if (
                path.is_dir()
                or SKIP_DIRS & set(path.relative_to(source).parts)
                or path.suffix in SKIP_SUFFIXES
                or (source == package and is_not_shipped(path.relative_to(package)))
            ):
                continue
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, destination)
            copied.append(destination)
    return copied


def is_not_shipped(relative: Path) -> bool:
    """Whether the file at ``relative`` (in ``hearts/``) is one of the ``NOT_SHIPPED`` tools."""
    parts = relative.parts
    return any(parts[: len(Path(tool).parts)] == Path(tool).parts for tool in NOT_SHIPPED)


def run_pygbag(app: Path, cdn: str, python: str) -> Path:
    """Pack ``app`` with pygbag; the folder holding its index.html and archive."""
    command = [
        python,
        "-m",
        "pygbag",
        "--build",
        "--no_opt",
        "--template",
        str(WEB / "index.tmpl"),
        "--icon",
        str(WEB / "icons" / "favicon.png"),
        "--cdn",
        cdn,
        "--title",
        "Hearts",
        "--ume_block",
        "0",
        "--can_close",
        "1",
        "--width",
        "1280",
        "--height",
        "720",
        str(app),
    ]
    try:
        result = subprocess.run(
            command, cwd=app.parent, capture_output=True, text=True, timeout=300, check=False
        )
    except subprocess.TimeoutExpired as error:
        raise BuildError("pygbag took more than 5 minutes (is it trying the network?)") from error
    built = app / "build" / "web"
    if result.returncode != 0 or not (built / "index.html").is_file():
        raise BuildError(
            f"pygbag failed ({result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        )
    return built


def fetch_runtime(base_url: str, cache: Path) -> dict[str, Path]:
    """The pinned runtime, index and pygame-ce wheel: downloaded once into ``cache``, by relative path."""
    base_url = base_url.rstrip("/") + "/"
    cache = cache / hashlib.sha256(base_url.encode()).hexdigest()[:12]

    def get(relative: str) -> Path:
        target = cache / relative
        if not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(target.name + ".part")
            try:
                with urllib.request.urlopen(base_url + relative, timeout=60) as response:
                    partial.write_bytes(response.read())
            except OSError as error:
                raise BuildError(f"could not download {base_url + relative}: {error}") from error
            partial.replace(target)
        return target

    files = {relative: get(relative) for relative in RUNTIME_FILES}
    index = get(INDEX_FILE)
    files[INDEX_FILE] = index
    try:
        wheel = json.loads(index.read_text(encoding="utf-8"))["pygame"]
    except (ValueError, KeyError) as error:
        raise BuildError(f"{INDEX_FILE} from {base_url} names no pygame wheel") from error
    wheel = wheel.replace("<abi>", f"cp{PYTHON_TAG}").replace("<api>", "wasm32_bi_emscripten").split("#")[0]
    files[wheel] = get(wheel)
    return files


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pygame_wheel(cache: Path, *, url: str = WHEEL_URL, shared: Path = SHARED_WHEEL) -> Path:
    """pygame-ce's wheel for the browser, checked against its SHA-256: kept in ``cache`` once had, from
    pygbag's CDN when it answers within ``WHEEL_TIMEOUT`` seconds, else from $HEARTS_PYGAME_WHEEL or
    ``shared``."""
    kept = cache / WHEEL
    if kept.is_file() and sha256_of(kept.read_bytes()) == WHEEL_SHA256:
        return kept
    tried: list[str] = []
    data: bytes | None = None
    try:
        with urllib.request.urlopen(url, timeout=WHEEL_TIMEOUT) as response:
            data = response.read()
    except (OSError, ValueError) as error:
        tried.append(f"{url} ({getattr(error, 'reason', error)})")
    if data is not None and sha256_of(data) != WHEEL_SHA256:
        tried.append(f"{url} (its SHA-256 is {sha256_of(data)})")
        data = None
    if data is None:
        for candidate in filter(None, (os.environ.get("HEARTS_PYGAME_WHEEL"), str(shared))):
            path = Path(candidate)
            if not path.is_file():
                tried.append(f"{path} (missing)")
                continue
            found = path.read_bytes()
            if sha256_of(found) == WHEEL_SHA256:
                data = found
                break
            tried.append(f"{path} (its SHA-256 is {sha256_of(found)})")
    if data is None:
        raise BuildError(
            f"pygame-ce's wheel {WHEEL} (SHA-256 {WHEEL_SHA256}) could not be had: tried "
            + "; ".join(tried)
            + f". Put that exact file at {shared} or name it in $HEARTS_PYGAME_WHEEL, and build again"
        )
    cache.mkdir(parents=True, exist_ok=True)
    partial = kept.with_name(kept.name + ".part")
    partial.write_bytes(data)
    partial.replace(kept)
    return kept


def add_to_archive(archive: Path, folder: Path, under: str) -> int:
    """Rewrite the gzipped tar ``archive`` with every file of ``folder`` added under ``under``; how many."""
    added = sorted(path for path in folder.rglob("*") if path.is_file())
    rewritten = archive.with_name(archive.name + ".part")
    with tarfile.open(archive, "r:gz") as original, tarfile.open(rewritten, "w:gz") as packed:
        for member in original.getmembers():
            packed.addfile(member, original.extractfile(member) if member.isfile() else None)
        for path in added:
            info = packed.gettarinfo(str(path), arcname=under + path.relative_to(folder).as_posix())
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            with path.open("rb") as data:
                packed.addfile(info, data)
    rewritten.replace(archive)
    return len(added)


def own_runtime(out: Path, cache: Path) -> list[tuple[str, Path]]:
    """Our runtime in the site's ``cdn/``: the loader and rc script, Pyodide's files, a lock file without
    packages, the package index and the wheel. The files written, by their name in the site."""
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        raise BuildError(f"Pyodide is missing from {PYODIDE}: run npm ci (./build.sh does it)")
    cdn = out / "cdn"
    folder = cdn / PYGBAG_VERSION
    (folder / "pyodide").mkdir(parents=True)
    written: list[tuple[str, Path]] = []
    for name in OWN_RUNTIME_FILES:
        shutil.copy2(WEB / "runtime" / name, folder / name)
        written.append((f"cdn/{PYGBAG_VERSION}/{name}", folder / name))
    for name in PYODIDE_FILES:
        given = stdlib_with_bytecode(BYTECODE_CACHE) if name == STDLIB else PYODIDE / name
        shutil.copy2(given, folder / "pyodide" / name)
        written.append((f"cdn/{PYGBAG_VERSION}/pyodide/{name}", folder / "pyodide" / name))
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}
    locked = folder / "pyodide" / "pyodide-lock.json"
    locked.write_text(json.dumps(lock), encoding="utf-8")
    written.append((f"cdn/{PYGBAG_VERSION}/pyodide/pyodide-lock.json", locked))
    wheel = pygame_wheel(cache)
    (cdn / f"cp{PYTHON_TAG}").mkdir()
    shutil.copy2(wheel, cdn / f"cp{PYTHON_TAG}" / WHEEL)
    written.append((f"cdn/cp{PYTHON_TAG}/{WHEEL}", cdn / f"cp{PYTHON_TAG}" / WHEEL))
    bytecode = wheel_bytecode(wheel, BYTECODE_CACHE)
    shutil.copy2(bytecode, cdn / f"cp{PYTHON_TAG}" / WHEEL_BYTECODE)
    written.append((f"cdn/cp{PYTHON_TAG}/{WHEEL_BYTECODE}", cdn / f"cp{PYTHON_TAG}" / WHEEL_BYTECODE))
    index = {
        "pygame": f"{WHEEL_INDEX_ENTRY}#sha256={WHEEL_SHA256}",
        # Ours alone (pygbag's runtime has no use for it): the wheel's bytecode, which the runtime unpacks
        # beside the wheel when the index names it.
        "pygame-bytecode": f"cp{PYTHON_TAG}/{WHEEL_BYTECODE}#sha256={sha256_of(bytecode.read_bytes())}",
    }
    (cdn / INDEX_FILE).write_text(json.dumps(index), encoding="utf-8")
    written.append((f"cdn/{INDEX_FILE}", cdn / INDEX_FILE))
    return written


def runtime_urls(cdn: str) -> list[str]:
    """The runtime's files on ``cdn`` (and the package index one folder up), for the service worker to
    fetch while it installs: the page's first load runs before the worker controls it."""
    root = cdn.rstrip("/").rsplit("/", 1)[0] + "/"
    return [cdn + relative.split("/", 1)[1] for relative in RUNTIME_FILES] + [root + INDEX_FILE]


def version_of(paths: list[tuple[str, Path]], *, extra: str = "") -> str:
    """A short hash of every input's name and bytes (and ``extra``): the same sources give the same
    version."""
    digest = hashlib.sha256(f"{PYGBAG_VERSION}\0{extra}".encode())
    for name, path in sorted(paths):
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def build(
    out: Path,
    *,
    vendor: bool = False,
    runtime_url: str = DEFAULT_RUNTIME_URL,
    python: str = sys.executable,
    staging: Path | None = None,
    cdn: str = CDN,
    runtime: str = "pyodide",
) -> dict[str, object]:
    """Build the site into ``out``; a summary (version, files and their sizes). ``runtime`` is ours
    ("pyodide", always in the site) or pygbag's ("pygbag": from ``cdn``, pygbag's CDN or a stand-in in
    tests, unless ``vendor``)."""
    if runtime not in RUNTIMES:
        raise BuildError(f"no runtime called {runtime!r}: choose one of {', '.join(RUNTIMES)}")
    own = runtime == "pyodide"
    in_site = own or vendor
    app = (staging or ROOT / "build" / "stage") / ARCHIVE
    staged = stage(app)
    built = run_pygbag(app, f"cdn/{PYGBAG_VERSION}/" if in_site else cdn, python)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in ("index.html", "favicon.png", f"{ARCHIVE}.tar.gz"):
        shutil.copy2(built / name, out / name)
    for name in SITE_FILES:
        shutil.copy2(WEB / name, out / name)
    for name, path in NPM_SITE_FILES.items():
        if not path.is_file():
            raise BuildError(f"{path.relative_to(ROOT)} is missing: run npm ci in {ROOT}")
        shutil.copy2(path, out / name)
    shutil.copytree(WEB / "icons", out / "icons")
    inputs = [(str(path.relative_to(app)), path) for path in staged]
    inputs += [(f"web/{path.relative_to(WEB)}", path) for path in sorted(WEB.rglob("*")) if path.is_file()]
    inputs += [(name, path) for name, path in NPM_SITE_FILES.items()]
    runtime_inputs: list[tuple[str, Path]] = []
    if own:
        runtime_inputs = own_runtime(out, RUNTIME_CACHE)
        # Our runtime's interpreter is known, so the game goes with its bytecode beside the sources (and
        # its dataclass methods, made with the wheel the runtime just put in the site).
        wheel = dict(runtime_inputs)[f"cdn/cp{PYTHON_TAG}/{WHEEL}"]
        compiled = game_bytecode(app / "hearts", BYTECODE_CACHE, wheel)
        add_to_archive(out / f"{ARCHIVE}.tar.gz", compiled, "assets/")
    elif vendor:
        for relative, path in fetch_runtime(runtime_url, RUNTIME_CACHE).items():
            target = out / "cdn" / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            runtime_inputs.append((f"cdn/{relative}", path))
    inputs += runtime_inputs
    # The version covers what the site is made of and how: the sources, this builder, pygbag's options
    # (where the runtime comes from), so any change to what players get is a new version.
    inputs.append(("tools/webbuild.py", Path(__file__)))
    if own:  # (and how the game's bytecode and its dataclass methods are made)
        makers = (ROOT / "tools" / "site_bytecode.py", BYTECODE_TOOL, METHODS_TOOL)
        inputs += [(f"tools/{tool.name}", tool) for tool in makers]
    version = version_of(inputs, extra=f"runtime={runtime} cdn={'in the site' if in_site else cdn}")
    files = sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file())
    # The runtime is kept apart from the game's files, so a new version of the game does not download it
    # again: pygbag's under its version, ours under a hash of its files.
    runtime_files = [name for name in files if name.startswith("cdn/")] if in_site else runtime_urls(cdn)
    runtime_name = f"pyodide-{version_of(runtime_inputs)}" if own else f"pygbag-{PYGBAG_VERSION}"
    precache = ["./", *(name for name in files if not name.startswith("cdn/"))]
    worker = (WEB / "sw.js").read_text(encoding="utf-8")
    worker = (
        worker.replace('"{{VERSION}}"', json.dumps(version))
        .replace("{{PRECACHE}}", json.dumps(precache, indent=4))
        .replace('"{{RUNTIME}}"', json.dumps(runtime_name))
        .replace("{{RUNTIME_URLS}}", json.dumps(runtime_files, indent=4))
    )
    (out / "sw.js").write_text(worker, encoding="utf-8")
    for name in ("index.html", "sw.js"):
        text = (out / name).read_text(encoding="utf-8")
        if "{{" in text or "}}" in text:
            raise BuildError(f"{name} still holds a {{{{…}}}} placeholder")
    sizes = {
        path.relative_to(out).as_posix(): path.stat().st_size for path in out.rglob("*") if path.is_file()
    }
    return {
        "out": str(out),
        "version": version,
        "runtime": runtime,
        "vendored": in_site,
        "runtime_cache": runtime_name,
        "files": sizes,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/webbuild.py", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "web", help="where the site goes")
    parser.add_argument(
        "--runtime",
        choices=RUNTIMES,
        default="pyodide",
        help="our runtime in the site (pyodide, the default) or pygbag's from its CDN (pygbag)",
    )
    parser.add_argument("--vendor", action="store_true", help="with --runtime pygbag: copy it into the site")
    parser.add_argument(
        "--runtime-url",
        default=os.environ.get("HEARTS_RUNTIME_URL", DEFAULT_RUNTIME_URL),
        help="where --vendor downloads the runtime from (a copy of pygbag's CDN root)",
    )
    parser.add_argument(
        "--cdn", default=CDN, help="where the page loads the runtime from when not vendored (for tests)"
    )
    parser.add_argument("--json", action="store_true", help="end with one JSON object on a line")
    args = parser.parse_args(argv)
    try:
        result = build(
            args.out,
            vendor=args.vendor,
            runtime_url=args.runtime_url,
            python=sys.executable,
            cdn=args.cdn,
            runtime=args.runtime,
        )
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    files = result["files"]
    assert isinstance(files, dict)
    print(
        f"built {result['out']} (version {result['version']}, {len(files)} files, "
        f"{sum(files.values()) / 1024:.0f} KiB, runtime: {args.runtime}"
        f"{' in the site' if result['vendored'] else ' from ' + args.cdn})"
    )
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
