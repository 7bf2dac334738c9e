"""docs/ENGINE.md runs: its Python blocks, in order, in one namespace, so the examples stay true."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

DOC: Final = Path(__file__).parent.parent / "docs" / "ENGINE.md"
BLOCK: Final = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def test_every_example_in_the_engine_guide_runs() -> None:
    blocks = BLOCK.findall(DOC.read_text(encoding="utf-8"))
    assert len(blocks) >= 9
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks, start=1):
        code = compile(block, f"{DOC.name}, block {number}", "exec")
        exec(code, namespace)
