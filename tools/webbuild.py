"""Build the web site: the game packed by pygbag with our page, plus the manifest, icons and service worker.

    python tools/webbuild.py [--vendor] [--runtime-url URL] [--out build/web]

Offline and quick: pygbag gets our own page template and icon (it would download its defaults, and retry
forever offline) and works on a staging copy of the game (it packs every file it sees and may reformat
them in place). ``--vendor`` copies the pinned Python runtime into the site, downloaded once (from
``--runtime-url``, or $HEARTS_RUNTIME_URL, else pygbag's CDN) and kept under .cache/runtime/.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

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
SITE_FILES = ("manifest.webmanifest", "live.js", "shell.js", "access.js")
SKIP_DIRS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}
SKIP_SUFFIXES = {".pyc", ".pyo"}


class BuildError(Exception):
    pass


def stage(into: Path) -> list[Path]:
    """Copy what the game needs (main.py, the hearts package, assets) into ``into``; the files copied."""
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    shutil.copy2(ROOT / "game" / "main.py", into / "main.py")
    copied = [into / "main.py"]
    for source, target in ((ROOT / "game" / "hearts", into / "hearts"), (ROOT / "assets", into / "assets")):
        for path in sorted(source.rglob("*")):
            if (
                path.is_dir()
                or SKIP_DIRS & set(path.relative_to(source).parts)
                or path.suffix in SKIP_SUFFIXES
            ):
                continue
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, destination)
            copied.append(destination)
    return copied


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
    vendor: bool,
    runtime_url: str,
    python: str,
    staging: Path | None = None,
    cdn: str = CDN,
) -> dict[str, object]:
    """Build the site into ``out``; a summary (version, files and their sizes). ``cdn`` is where the page
    loads the runtime from when it is not vendored (pygbag's CDN; a stand-in in tests)."""
    app = (staging or ROOT / "build" / "stage") / ARCHIVE
    staged = stage(app)
    built = run_pygbag(app, f"cdn/{PYGBAG_VERSION}/" if vendor else cdn, python)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in ("index.html", "favicon.png", f"{ARCHIVE}.tar.gz"):
        shutil.copy2(built / name, out / name)
    for name in SITE_FILES:
        shutil.copy2(WEB / name, out / name)
    shutil.copytree(WEB / "icons", out / "icons")
    inputs = [(str(path.relative_to(app)), path) for path in staged]
    inputs += [(f"web/{path.relative_to(WEB)}", path) for path in sorted(WEB.rglob("*")) if path.is_file()]
    if vendor:
        for relative, path in fetch_runtime(runtime_url, ROOT / ".cache" / "runtime").items():
            target = out / "cdn" / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            inputs.append((f"cdn/{relative}", path))
    # The version covers what the site is made of and how: the sources, this builder, pygbag's options
    # (where the runtime comes from), so any change to what players get is a new version.
    inputs.append(("tools/webbuild.py", Path(__file__)))
    version = version_of(inputs, extra=f"cdn={'vendored' if vendor else cdn}")
    files = sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file())
    # A vendored runtime is kept apart (under pygbag's version, like the CDN's), so a new version of
    # the game does not download it again.
    runtime = [name for name in files if name.startswith("cdn/")] if vendor else runtime_urls(cdn)
    precache = ["./", *(name for name in files if not name.startswith("cdn/"))]
    worker = (WEB / "sw.js").read_text(encoding="utf-8")
    worker = (
        worker.replace('"{{VERSION}}"', json.dumps(version))
        .replace("{{PRECACHE}}", json.dumps(precache, indent=4))
        .replace('"{{RUNTIME}}"', json.dumps(f"pygbag-{PYGBAG_VERSION}"))
        .replace("{{RUNTIME_URLS}}", json.dumps(runtime, indent=4))
    )
    (out / "sw.js").write_text(worker, encoding="utf-8")
    for name in ("index.html", "sw.js"):
        text = (out / name).read_text(encoding="utf-8")
        if "{{" in text or "}}" in text:
            raise BuildError(f"{name} still holds a {{{{…}}}} placeholder")
    sizes = {
        path.relative_to(out).as_posix(): path.stat().st_size for path in out.rglob("*") if path.is_file()
    }
    return {"out": str(out), "version": version, "vendored": vendor, "files": sizes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/webbuild.py", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "web", help="where the site goes")
    parser.add_argument("--vendor", action="store_true", help="copy the Python runtime into the site")
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
            args.out, vendor=args.vendor, runtime_url=args.runtime_url, python=sys.executable, cdn=args.cdn
        )
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    files = result["files"]
    assert isinstance(files, dict)
    print(
        f"built {result['out']} (version {result['version']}, {len(files)} files, "
        f"{sum(files.values()) / 1024:.0f} KiB{', runtime vendored' if args.vendor else ''})"
    )
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
