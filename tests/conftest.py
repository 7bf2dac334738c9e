"""Shared pytest configuration."""

import sys

from hypothesis import HealthCheck, settings

if sys.platform == "emscripten":
    # Inside Pyodide (tests/pyodide/run.mjs) Python runs 2-3x slower than natively, so the
    # default 200 ms per-example deadline and the too_slow health check fail at random there.
    # Keep everything else from the profile already in force ("ci" on CI, else "default").
    settings.register_profile(
        "pyodide",
        parent=settings.default,
        deadline=None,
        suppress_health_check=[*settings.default.suppress_health_check, HealthCheck.too_slow],
    )
    settings.load_profile("pyodide")


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    """Inside Pyodide, skip the tests marked ``native`` (subprocesses, the host's file system)."""
    if sys.platform != "emscripten":
        return
    import pytest

    skip = pytest.mark.skip(reason="needs the native interpreter")
    for item in items:
        if "native" in item.keywords:
            item.add_marker(skip)
