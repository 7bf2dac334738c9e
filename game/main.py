"""The pygbag entry point: the browser runs this file (natively it opens the desktop window)."""

import asyncio
import sys

# pygbag installs the wheels named by this file's own top-level imports: pygame must be one of them.
import pygame  # noqa: F401

from hearts.ui.app import App, browser_size, tell_page
from hearts.ui.app import main as desktop_main


async def main() -> None:
    try:
        size, scale = browser_size()
        await App(size, scale=scale, resizable=False).run()
    except Exception as error:
        # Show it on the page's loading screen rather than leave a blank canvas.
        tell_page("failed", f"{type(error).__name__}: {error}")
        raise


if sys.platform == "emscripten":
    asyncio.run(main())
else:
    desktop_main()
