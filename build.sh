#!/usr/bin/env bash
# One entry point for everything: ./build.sh test | serve | bench | snapshot | lint
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

ensure_node() {
    local stamp="node_modules/.installed-$(sha1sum package-lock.json | cut -c1-12)"
    if [ ! -f "$stamp" ]; then
        log "Installing npm packages"
        npm ci --no-audit --no-fund --loglevel=error
        touch "$stamp"
    fi
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
    log "pytest (native CPython)"
    "$PY" -m pytest -q "$@"
    log "pytest inside Pyodide (WebAssembly CPython) under Node"
    node tests/pyodide/run.mjs -q tests
}

cmd_bench() {
    ensure_venv
    PYTHONPATH=game "$PY" -m hearts.bench "$@"
}

cmd_serve() {
    ensure_venv
    # Until the web build lands (issue 5) the game opens in a desktop window.
    log "Hearts in a desktop window (python -m hearts $*)"
    PYTHONPATH=game "$PY" -m hearts "$@"
}

cmd_snapshot() {
    ensure_venv
    PYTHONPATH=game "$PY" -m hearts.ui.snapshot "$@"
}

case "${1:-}" in
    test) shift; cmd_test "$@" ;;
    lint) cmd_lint ;;
    bench) shift; cmd_bench "$@" ;;
    serve) shift; cmd_serve "$@" ;;
    snapshot) shift; cmd_snapshot "$@" ;;
    *) echo "usage: ./build.sh test|serve|bench|snapshot|lint" >&2; exit 2 ;;
esac
