"""What pygbag 0.9.3's ``cpythonrc.py`` gives a page's Python, on Pyodide: Hearts' runtime, part two.

``pythons.js`` (beside this file) runs it once Pyodide and pygame-ce are loaded, before the page's own Python
block. After it, the names that block and ``main.py`` use are there as pygbag has them:

- ``PyConfig`` (the loader's ``orig_argv`` and ``argv``; an ``orig_argv`` of the form ``NAME=value`` is an
  environment variable, as pygbag has it), ``sys.argv``, ``HOME``;
- ``platform.window`` and ``platform.document`` (the page's JavaScript objects, as pygbag's ``platform``
  has them; the standard library's functions stay), ``platform.fopen`` (an address relative to the page,
  read whole), ``platform.run_main`` (the game's folder as the working directory, first on ``sys.path``),
  ``platform.shell``;
- ``embed``, ``shell`` (``source`` runs a file as ``__main__``), ``TopLevel_async_handler``,
  ``sys.print_exception``;
- ``asyncio.run`` starts its coroutine on the browser's event loop and returns at once, and
  ``await asyncio.sleep(0)`` waits for the browser's next animation frame, so a game loop that yields once
  a frame runs once a frame (Pyodide's own loop would come back at once, and spin);
- ``random`` seeded with 1, as pygbag seeds it;
- and one call of our own, ``platform.rest(seconds)``: the next frame after the player acts, or after
  ``seconds``, for a game with nothing to do until then (``hearts.page.rest`` uses it where it is found).
"""

import asyncio
import builtins
import collections
import io
import os
import platform
import random
import sys
import traceback
import types
from pathlib import Path

import js
from pyodide.ffi import create_proxy, to_js
from pyodide.http import pyfetch

RUNTIME = "pyodide"
"""What ``hearts.page.runtime()`` reads: this runtime's name (pygbag's own has none)."""


# ------------------------------------------------------------------------------------- configuration

_loader = js.python
_given = _loader.PyConfig.to_py()
for _arg in _given.get("orig_argv", []):
    _name, _is, _value = str(_arg).partition("=")
    if _is:
        os.environ[_name] = _value
sys.argv[:] = [str(arg) for arg in _given.get("argv", [])]
sys.orig_argv[:] = [str(_given.get("executable", "")), *(a for a in _given.get("orig_argv", []) if "=" not in a)]
os.environ.setdefault("HOME", "/home/web_user")
os.environ.setdefault("APPDATA", os.environ["HOME"])
Path(os.environ["HOME"]).mkdir(parents=True, exist_ok=True)
Path("/data/data/org.python/assets").mkdir(parents=True, exist_ok=True)

builtins.PyConfig = types.SimpleNamespace(
    orig_argv=list(_given.get("orig_argv", [])),
    argv=list(sys.argv),
    executable=str(_given.get("executable", "")),
    dev_mode=0,
    interactive=0,
    pygbag=0,
    imports_ready=True,
    user_site_directory=0,
    runtime=RUNTIME,
)


def print_exception(error, file=None):
    """MicroPython's name for printing an exception with its traceback, which pygbag's runtime adds."""
    traceback.print_exception(error, file=file or sys.stderr)


sys.print_exception = print_exception


# ------------------------------------------------------------------------------------------- frames
#
# Pyodide's loop schedules every callback as a browser task of its own, making a JavaScript function for
# each (about half a millisecond apiece in WebAssembly: a game that yields once a frame spent a millisecond
# a frame on that alone). Here, as in pygbag's loop, what is ready runs in turn from one queue: at once
# inside the animation frame that woke it, and otherwise from one browser task asked for when the queue
# fills, through one callback made once.

_loop = asyncio.get_event_loop()
_ready = collections.deque()
_drain_asked = False
_in_frame = False
_waiting = []


def _drain():
    """Run what is ready, and what that makes ready, until nothing is."""
    global _drain_asked
    _drain_asked = False
    while _ready:
        handle = _ready.popleft()
        if not handle.cancelled():
            handle._run()


_drain_callback = create_proxy(_drain)


def _call_soon(callback, *args, context=None):
    global _drain_asked
    handle = asyncio.Handle(callback, args, _loop, context=context)
    _ready.append(handle)
    if not _drain_asked:
        _drain_asked = True
        js.setTimeout(_drain_callback, 0)
    return handle


_loop.call_soon = _call_soon
_loop.call_soon_threadsafe = _call_soon


def _on_frame(_timestamp):
    """The browser's animation frame: what waited for it runs now. Whether anything waits for the next."""
    global _drain_asked, _in_frame
    ready = _waiting[:]
    _waiting.clear()
    _drain_asked = _in_frame = True  # drained right here; a wait for the next frame is answered below
    try:
        for future in ready:
            if not future.done():
                future.set_result(None)
        _drain()  # the game's frame runs inside the browser's animation frame
    finally:
        _in_frame = False
    return bool(_waiting)


_ask_frame = _loader.frameLoop(create_proxy(_on_frame))


def next_frame():
    """A future that is done at the browser's next animation frame (one request a frame, however many
    wait, and none at all while each frame's callback asks for the next)."""
    future = _loop.create_future()
    if not _waiting and not _in_frame:
        _ask_frame()
    _waiting.append(future)
    return future


_sleep = asyncio.sleep


async def sleep(delay, result=None):
    """``asyncio.sleep`` as pygbag's loop has it: the next frame at the soonest, whatever the delay."""
    if delay > 0:
        await _sleep(delay)
    await next_frame()
    return result


# Resting: a game with nothing to do until the player acts need not run every frame. ``platform.rest(s)``
# waits for the first animation frame after the player does something to the page (a pointer, a key, the
# wheel, a resize, the page shown again, another page's news) or after ``s`` seconds, whichever comes first.
# pygbag's runtime has no such call: a game that finds none yields a frame as usual.

WAKING_EVENTS = (
    "pointerdown", "pointerup", "pointermove", "pointercancel", "mousedown", "mouseup", "mousemove",
    "touchstart", "touchmove", "touchend", "keydown", "keyup", "wheel", "click", "focus", "blur",
    "resize", "visibilitychange", "pageshow", "storage", "hashchange",
)
_resting = []


def _wake(*_event):
    """What rests runs at the next frame."""
    if not _resting:
        return
    woken = [future for future in _resting if not future.done()]
    _resting.clear()
    if woken:
        if not _waiting and not _in_frame:
            _ask_frame()
        _waiting.extend(woken)


_wake_callback = create_proxy(_wake)
_listening = to_js({"capture": True, "passive": True}, dict_converter=js.Object.fromEntries)
for _name in WAKING_EVENTS:
    js.window.addEventListener(_name, _wake_callback, _listening)
js.document.addEventListener("visibilitychange", _wake_callback, _listening)


async def rest(seconds):
    """The next frame after the player acts, or after ``seconds`` (a frame at the soonest)."""
    future = _loop.create_future()
    _resting.append(future)
    timer = _loop.call_later(max(0.0, seconds), _wake)
    try:
        await future
    finally:
        timer.cancel()


def run(main, *, debug=None):
    """``asyncio.run`` as pygbag's runtime has it: the browser's loop runs ``main`` from now on."""
    return asyncio.ensure_future(main)


asyncio.sleep = sleep
asyncio.run = run


# ------------------------------------------------------------------------------------ pygbag's names


class _Fetched:
    """``async with platform.fopen(address, mode) as file``: the file read whole before the block."""

    def __init__(self, address, mode="r", *_args, **_kwargs):
        self.address = str(address)
        self.mode = mode
        self.file = None

    async def __aenter__(self):
        early = js.Module.early(self.address)  # the loader may have downloaded it already
        got = None if early is None else await early
        data = b"" if got is None else got.to_bytes()
        if got is None:
            try:
                response = await pyfetch(self.address)
                if response.ok:
                    data = await response.bytes()
                else:
                    print(f"fopen: {self.address}: HTTP {response.status}", file=sys.stderr)
            except Exception as error:
                print(f"fopen: {self.address}: {error}", file=sys.stderr)
        self.file = io.BytesIO(data) if "b" in self.mode else io.StringIO(data.decode("utf-8", "replace"))
        return self.file

    async def __aexit__(self, *_exc):
        if self.file is not None:
            self.file.close()
        return False


def fopen(address, mode="r", *args, **kwargs):
    return _Fetched(address, mode, *args, **kwargs)


def run_main(config, loaderhome=None, loadermain=None):
    """The game's folder becomes the working directory and the first place imports look."""
    if loaderhome is not None:
        home = str(loaderhome)
        os.chdir(home)
        if home not in sys.path:
            sys.path.insert(0, home)
    if loadermain:
        shell.run_file(loadermain)


class shell:  # noqa: N801 (pygbag's name)
    """What the page's Python block asks of pygbag's shell: run ``main.py`` as ``__main__``."""

    HOME = os.getcwd()
    is_interactive = False

    @classmethod
    def run_file(cls, path):
        path = Path(path).absolute()
        cls.HOME = path.parent
        os.chdir(cls.HOME)
        main = sys.modules["__main__"]
        namespace = vars(main)
        namespace["__file__"] = str(path)
        try:
            code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
            exec(code, namespace)
        except BaseException as error:  # pygbag's console prints what reaches it, and goes on
            print_exception(error)
        return namespace

    @classmethod
    async def source(cls, main, *_args, **_kwargs):
        cls.run_file(main)
        await asyncio.sleep(0)

    @classmethod
    def interactive(cls, prompt=False):
        cls.is_interactive = True


class TopLevel_async_handler:  # noqa: N801 (pygbag's name)
    muted = True

    @classmethod
    async def start_toplevel(cls, shell, console=False):
        return None


embed = types.ModuleType("embed", "pygbag's C module, as much of it as a page uses")
embed.counter = lambda: 0
embed.flush = lambda: None
embed.warn = lambda *parts: js.console.warn(" ".join(map(str, parts)))
sys.modules["embed"] = embed

platform.window = js
platform.document = js.document
platform.is_browser = True
platform.fopen = fopen
platform.run_main = run_main
platform.shell = shell
platform.runtime = RUNTIME
platform.rest = rest
platform.prepare_audio = lambda: js.Module.prepareAudio()
sys.modules["__EMSCRIPTEN__"] = platform

builtins.shell = shell
builtins.TopLevel_async_handler = TopLevel_async_handler
builtins.embed = embed
builtins.window = js
builtins.undefined = None
builtins.true = True
builtins.false = False

random.seed(1)
