"""A browser journey run inside a network namespace of its own (``../shared/tools/private-net``: loopback
and a pair of virtual interfaces that lead nowhere), so the pages' WebRTC traffic never leaves this
machine. The test module is the program run there: it reads the site from ``FRIENDS_SITE`` and prints what
the pages showed as one JSON object, on its last line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PRIVATE_NET = ROOT.parent / "shared" / "tools" / "private-net"


def journey_in_private(program: str, site: Path, *, timeout: float) -> dict[str, Any]:
    """What ``program`` (a test module's file) printed, run inside the namespace on ``site``."""
    assert PRIVATE_NET.is_file(), f"the namespace tool is missing: put it at {PRIVATE_NET}"
    done = subprocess.run(
        [str(PRIVATE_NET), "env", f"FRIENDS_SITE={site}", sys.executable, program],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found
