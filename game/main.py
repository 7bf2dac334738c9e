"""The pygbag entry point: the browser runs this file (natively it opens the desktop window).

Under pygbag any failure, an import's included, is shown on the page: the console that runs this file would
only print it (and, for a missing module, try to install a package of that name from the public index).
"""

import asyncio
import sys


def report(error: BaseException) -> None:
    """Show ``error`` on the page, even when the game's own package cannot be imported."""
    try:
        from hearts.page import report as report_on_page
    except Exception:
        import traceback

        traceback.print_exception(error)
        try:
            import platform

            platform.window.hearts.failed(f"{type(error).__name__}: {error}")  # type: ignore[attr-defined]
        except Exception:
            pass
    else:
        report_on_page(error)


async def play() -> None:
    """The game in the page's canvas."""
    try:
        size, scale = browser_size()
        app = App(size, scale=scale, resizable=False)
        tell("methodsAhead", methods.ran, methods.compiled)  # (what the site's table spared the start)
        tell("startKept", keep_the_start())
        await app.run()
    except Exception as error:
        report(error)


try:
    # The methods of the game's dataclasses, compiled by the site's build (none natively: no table).
    from hearts.methods_ahead import MethodsAhead

    methods = MethodsAhead.from_file().install()

    # pygbag installs the wheels named by this file's imports: pygame must be one of them.
    import pygame  # noqa: F401

    from hearts.page import tell
    from hearts.ui.app import App
    from hearts.ui.app import main as desktop_main
    from hearts.ui.browser_size import browser_size
    from hearts.ui.start import keep_the_start
except Exception as error:
    if sys.platform != "emscripten":
        raise
    report(error)
else:
    if sys.platform == "emscripten":
        asyncio.run(play())
    else:
        desktop_main()
