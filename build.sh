#!/usr/bin/env bash
# One entry point for everything: ./build.sh build | serve | test | desktop | bench | snapshot | transcript |
# friends-demo | lint
# Each command installs what it needs (a local .venv, npm packages) by itself.
set -euo pipefail
cd "$(dirname "$0")"

VENV=.venv
PY="$VENV/bin/python"
PYODIDE_WHEELS=.cache/pyodide-wheels

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

ensure_venv() {
    local stamp="$VENV/.installed-$(sha1sum pyproject.toml | cut -c1-12)"
    if [ ! -f "$stamp" ]; then
        log "Installing the Python environment in $VENV"
        [ -x "$PY" ] || python3 -m venv "$VENV"
        "$PY" -m pip install --quiet --upgrade pip
        "$PY" -m pip install --quiet -e '.[dev]'
        rm -f "$VENV"/.installed-*
        touch "$stamp"
    fi
}

# npm's packages: Pyodide (the site's runtime, and the test run inside WebAssembly) and axe-core.
ensure_npm() {
    local stamp="node_modules/.installed-$(sha1sum package-lock.json | cut -c1-12)"
    if [ ! -f "$stamp" ]; then
        log "Installing npm packages"
        npm ci --no-audit --no-fund --loglevel=error
        touch "$stamp"
    fi
}

ensure_node() {
    ensure_npm
    # Pure-Python wheels for the test run inside Pyodide (which has no network of its own here).
    local want
    want=$(sha1sum tests/pyodide/requirements.txt | cut -c1-12)
    if [ ! -f "$PYODIDE_WHEELS/.stamp-$want" ]; then
        log "Fetching pure-Python wheels for Pyodide"
        rm -rf "$PYODIDE_WHEELS" && mkdir -p "$PYODIDE_WHEELS"
        "$PY" -m pip download --quiet --only-binary=:all: --python-version 3.12 \
            --implementation py --platform any --abi none \
            -d "$PYODIDE_WHEELS" -r tests/pyodide/requirements.txt
        touch "$PYODIDE_WHEELS/.stamp-$want"
    fi
}

# The web tests drive Debian's chromium (through Playwright, which never downloads a browser of its own).
ensure_chromium() {
    [ -x /usr/bin/chromium ] && return 0
    local sudo="" why=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo=sudo; else why="not root, and no sudo"; fi
    fi
    command -v apt-get >/dev/null 2>&1 || why="no apt-get here"
    if [ -z "$why" ]; then
        log "Installing Debian's chromium for the web tests"
        if $sudo apt-get update && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium \
            && [ -x /usr/bin/chromium ]; then
            return 0
        fi
        why="apt-get install chromium failed"
    fi
    echo "build.sh: the web tests need Debian's chromium at /usr/bin/chromium and it could not be" \
        "installed ($why): install it (apt-get install chromium, as root) and run the tests again." >&2
    exit 1
}

cmd_lint() {
    ensure_venv
    log "ruff"
    "$VENV/bin/ruff" check game tests tools
    log "mypy (strict)"
    "$VENV/bin/mypy"
}

cmd_test() {
    ensure_venv
    ensure_node
    cmd_lint
    ensure_chromium
    # Bytecode is written (__pycache__/, ignored by git) even where the environment says not to: every
    # Python process the run starts after the first (test workers, the programs the tests run, the site's
    # build) would otherwise compile the game and the tests anew.
    unset PYTHONDONTWRITEBYTECODE
    # One pytest-xdist worker per core (-n 0 among the arguments runs them in this one process); the
    # browser tests on their own, a page a core and two more (a page alone keeps some 0.6 of a core busy:
    # it waits on the game's pace most of the time); then as many Pyodide processes as cores, each taking
    # whole test modules from a queue they share. Arguments (test paths, -k ...) run one native pytest with
    # them.
    if [ $# -gt 0 ]; then
        log "pytest (native CPython, one worker per core): $*"
        "$PY" -m pytest -q -n auto --dist loadgroup "$@"
    else
        # The site the browser tests play is built meanwhile (on a clean clone its bytecode takes some 15 s of
        # one core, which the browser phase's pages would otherwise wait for).
        local site=build/test-web
        mkdir -p build
        log "Building the site for the browser tests into $site, beside the native tests"
        "$PY" tools/webbuild.py --out "$site" >build/test-web.log 2>&1 &
        local building=$!
        # (should the native tests fail, the script ends there: the build ends with it)
        trap "kill $building 2>/dev/null || true" EXIT
        # The snapshots' seconds of work (Hard's hands, the coach's reviews, the daily deal's par), worked
        # out once for the run's processes, native and browser alike (tools/snapshot/kept.py).
        export HEARTS_SNAPSHOT_KEPT="$PWD/build/snapshot-kept"
        rm -rf "$HEARTS_SNAPSHOT_KEPT"
        log "pytest (native CPython, one worker per core)"
        "$PY" -m pytest -q -n auto --dist loadgroup --ignore=tests/browser
        if ! wait "$building"; then
            cat build/test-web.log >&2
            echo "build.sh: the site for the browser tests did not build (above: why)." >&2
            exit 1
        fi
        trap - EXIT
        log "pytest in Chromium (tests/browser), $(( $(nproc) + 2 )) pages at a time"
        HEARTS_BROWSER_SITE="$PWD/$site" "$PY" -m pytest -q -n "$(( $(nproc) + 2 ))" --dist loadgroup tests/browser
    fi
    log "pytest inside Pyodide (WebAssembly CPython) under Node, $(nproc) processes"
    node tests/pyodide/shards.mjs "$(nproc)" -q tests
}

cmd_bench() {
    ensure_venv
    if [ "${1:-}" = browser ]; then
        shift
        ensure_node
        ensure_chromium
        PYTHONPATH=game "$PY" tools/browser_bench.py "$@"
        return
    fi
    PYTHONPATH=game "$PY" -m hearts.bench "$@"
}

cmd_build() {
    ensure_venv
    ensure_npm  # the site carries Pyodide's runtime from node_modules
    log "Building the web site into build/web"
    "$PY" tools/webbuild.py "$@"
}

cmd_serve() {
    cmd_build "$@"
    log "Serving build/web"
    "$PY" tools/serve.py build/web --port "${PORT:-8000}"
}

cmd_desktop() {
    ensure_venv
    log "Hearts in a desktop window (python -m hearts $*)"
    PYTHONPATH=game "$PY" -m hearts "$@"
}

# A host's page and three friends' pages in Chromium, joined by their links over WebRTC: inside a network
# namespace whose interfaces lead nowhere (../shared/tools/private-net), so no packet leaves this machine.
cmd_friends_demo() {
    local private_net=../shared/tools/private-net
    if [ ! -x "$private_net" ]; then
        echo "build.sh: friends-demo runs its pages inside a network namespace of their own, made by" \
            "$private_net, which is missing (or not executable): put it there and run the demo again." >&2
        exit 1
    fi
    ensure_venv
    ensure_npm  # Pyodide, from node_modules
    ensure_chromium
    "$private_net" env PYTHONPATH=game "$PY" tools/friends_demo.py "$@"
}

cmd_transcript() {
    ensure_venv
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONPATH=game "$PY" -m hearts.ui.transcript "$@"
}

cmd_snapshot() {
    ensure_venv
    PYTHONPATH=game:tools "$PY" -m snapshot "$@"
}

case "${1:-}" in
    test) shift; cmd_test "$@" ;;
    lint) cmd_lint ;;
    bench) shift; cmd_bench "$@" ;;
    build) shift; cmd_build "$@" ;;
    serve) shift; cmd_serve "$@" ;;
    desktop) shift; cmd_desktop "$@" ;;
    snapshot) shift; cmd_snapshot "$@" ;;
    transcript) shift; cmd_transcript "$@" ;;
    friends-demo) shift; cmd_friends_demo "$@" ;;
    *) echo "usage: ./build.sh build|serve|test|desktop|bench|snapshot|transcript|friends-demo|lint" >&2; exit 2 ;;
esac
