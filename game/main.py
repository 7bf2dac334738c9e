"""The pygbag entry point: the browser runs this file (natively it opens the desktop window)."""

import asyncio
import sys

# pygbag installs the wheels named by this file's own top-level imports: pygame must be one of them.
import pygame  # noqa: F401

from hearts.ui.app import App, browser_size
from hearts.ui.app import main as desktop_main


async def main() -> None:
    size, scale = browser_size()
    await App(size, scale=scale, resizable=False).run()


if sys.platform == "emscripten":
    asyncio.run(main())
else:
    desktop_main()
