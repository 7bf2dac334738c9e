// Hearts' own Python runtime for the page, on pygbag 0.9.3's loader contract: the page cannot tell it from
// pygbag's pythons.js. It is served where the page looks for pygbag's loader (config.cdn + "pythons.js") and
// does what the page counts on pygbag's to do:
// - it reads window.config and the address as pygbag's loader does (query pieces become PyConfig.orig_argv,
//   fragment pieces PyConfig.argv), and makes itself window.Module (and, once Python runs, window.python);
// - on the window's load it calls the page's custom_onload(true), then custom_prerun() before Python starts
//   and custom_postrun() once it has, and reports through Module.setStatus, Module.onAbort and alert();
// - the package index and the pygame-ce wheel come from PYGPI (an orig_argv "PYGPI=url" the page adds);
// - Python then runs the rc script beside this file (pygbag's cpythonrc.py, for Pyodide: platform.window,
//   asyncio.run, frames) and the page's own Python block (this script element's text), which runs main.py.
// The interpreter is Pyodide (CPython 3.12 in WebAssembly), loaded from the pyodide/ folder beside this file;
// pygame-ce is the wheel pygbag's runtime uses, checked against the SHA-256 that the index gives.
"use strict";

const RUNTIME = "hearts-pyodide";
const PYGBAG = "0.9.3";
const ABI = "cp312";
const API = "wasm32_bi_emscripten";
const here = new URL(".", import.meta.url).href;

// KeyboardEvent.code → Emscripten's DOM_PK_* number (emscripten/dom_pk_codes.h), what SDL asks of
// emscripten_compute_dom_pk_code for every key; an unknown code is DOM_PK_UNKNOWN (0), which SDL drops.
const DOM_PK = {
    Escape: 0x0001, Digit0: 0x0002, Digit1: 0x0003, Digit2: 0x0004, Digit3: 0x0005, Digit4: 0x0006,
    Digit5: 0x0007, Digit6: 0x0008, Digit7: 0x0009, Digit8: 0x000A, Digit9: 0x000B, Minus: 0x000C,
    Equal: 0x000D, Backspace: 0x000E, Tab: 0x000F, KeyQ: 0x0010, KeyW: 0x0011, KeyE: 0x0012, KeyR: 0x0013,
    KeyT: 0x0014, KeyY: 0x0015, KeyU: 0x0016, KeyI: 0x0017, KeyO: 0x0018, KeyP: 0x0019, BracketLeft: 0x001A,
    BracketRight: 0x001B, Enter: 0x001C, ControlLeft: 0x001D, KeyA: 0x001E, KeyS: 0x001F, KeyD: 0x0020,
    KeyF: 0x0021, KeyG: 0x0022, KeyH: 0x0023, KeyJ: 0x0024, KeyK: 0x0025, KeyL: 0x0026, Semicolon: 0x0027,
    Quote: 0x0028, Backquote: 0x0029, ShiftLeft: 0x002A, Backslash: 0x002B, KeyZ: 0x002C, KeyX: 0x002D,
    KeyC: 0x002E, KeyV: 0x002F, KeyB: 0x0030, KeyN: 0x0031, KeyM: 0x0032, Comma: 0x0033, Period: 0x0034,
    Slash: 0x0035, ShiftRight: 0x0036, NumpadMultiply: 0x0037, AltLeft: 0x0038, Space: 0x0039,
    CapsLock: 0x003A, F1: 0x003B, F2: 0x003C, F3: 0x003D, F4: 0x003E, F5: 0x003F, F6: 0x0040, F7: 0x0041,
    F8: 0x0042, F9: 0x0043, F10: 0x0044, Pause: 0x0045, ScrollLock: 0x0046, Numpad7: 0x0047,
    Numpad8: 0x0048, Numpad9: 0x0049, NumpadSubtract: 0x004A, Numpad4: 0x004B, Numpad5: 0x004C,
    Numpad6: 0x004D, NumpadAdd: 0x004E, Numpad1: 0x004F, Numpad2: 0x0050, Numpad3: 0x0051, Numpad0: 0x0052,
    NumpadDecimal: 0x0053, PrintScreen: 0x0054, IntlBackslash: 0x0056, F11: 0x0057, F12: 0x0058,
    NumpadEqual: 0x0059, F13: 0x0064, F14: 0x0065, F15: 0x0066, F16: 0x0067, F17: 0x0068, F18: 0x0069,
    F19: 0x006A, F20: 0x006B, F21: 0x006C, F22: 0x006D, F23: 0x006E, KanaMode: 0x0070, Lang2: 0x0071,
    Lang1: 0x0072, IntlRo: 0x0073, F24: 0x0076, Convert: 0x0079, NonConvert: 0x007B, IntlYen: 0x007D,
    NumpadComma: 0x007E, Paste: 0xE00A, MediaTrackPrevious: 0xE010, Cut: 0xE017, Copy: 0xE018,
    MediaTrackNext: 0xE019, NumpadEnter: 0xE01C, ControlRight: 0xE01D, AudioVolumeMute: 0xE020,
    VolumeMute: 0xE020, LaunchApp2: 0xE021, MediaPlayPause: 0xE022, MediaStop: 0xE024, Eject: 0xE02C,
    AudioVolumeDown: 0xE02E, VolumeDown: 0xE02E, AudioVolumeUp: 0xE030, VolumeUp: 0xE030,
    BrowserHome: 0xE032, NumpadDivide: 0xE035, AltRight: 0xE038, Help: 0xE03B, NumLock: 0xE045,
    Home: 0xE047, ArrowUp: 0xE048, PageUp: 0xE049, ArrowLeft: 0xE04B, ArrowRight: 0xE04D, End: 0xE04F,
    ArrowDown: 0xE050, PageDown: 0xE051, Insert: 0xE052, Delete: 0xE053, MetaLeft: 0xE05B, OSLeft: 0xE05B,
    MetaRight: 0xE05C, OSRight: 0xE05C, ContextMenu: 0xE05D, Power: 0xE05E, BrowserSearch: 0xE065,
    BrowserFavorites: 0xE066, BrowserRefresh: 0xE067, BrowserStop: 0xE068, BrowserForward: 0xE069,
    BrowserBack: 0xE06A, LaunchApp1: 0xE06B, LaunchMail: 0xE06C, LaunchMediaPlayer: 0xE06D,
    MediaSelect: 0xE06D,
};

const config = window.config || (window.config = {});

if (document.characterSet.toLowerCase() !== "utf-8") {
    alert("The page must be UTF-8: add <meta charset=\"utf-8\">");
}

// "a#b#c" split at its last separator.
function splitLast(text, separator) {
    const at = text.lastIndexOf(separator);
    return at < 0 ? [text] : [text.slice(0, at), text.slice(at + separator.length)];
}

function decoded(piece) {
    try {
        return decodeURI(piece);
    } catch (error) {
        return piece;  // pygbag's loader would stop here; a stray "%" is kept as it is
    }
}

// The address as pygbag's loader reads it: its own, with the page's query and fragment after it.
function readAddress(script) {
    const orig_argv = [];
    const argv = [];
    let url = splitLast(splitLast(script.src, "#")[0], "?")[0];
    url += (location.search || "?") + (location.hash || "#");
    let parts = splitLast(url, "#");
    if (parts.length > 1 && parts[1]) {
        argv.push(...parts[1].split("%20").map(decoded));
    }
    parts = splitLast(parts[0], "?");
    if (parts.length > 1 && parts[1]) {
        orig_argv.push(...parts[1].split("&").map(decoded));
    }
    const wanted = (orig_argv.length && orig_argv[0].includes("py") ? orig_argv[0] : script.dataset.python)
        || "python3.12";
    config.PYBUILD = config.PYBUILD || (wanted.match(/3\.\d+/) || ["3.12"])[0];
    config.pydigits = config.pydigits || config.PYBUILD.replace(".", "");
    config.cdn = config.cdn || here;
    config.executable = config.executable || here + "pyodide/pyodide.asm.wasm";
    config.interactive = config.interactive || location.search.includes("-i");
    config.debug = config.debug || location.hash.includes("#debug");
    return { orig_argv, argv, executable: config.executable };
}

function ownScript() {
    for (const script of document.getElementsByTagName("script")) {
        if (script.type === "module" && script.src && new URL(script.src, document.baseURI).href === import.meta.url) {
            return script;
        }
    }
    for (const script of document.getElementsByTagName("script")) {
        if (script.type === "module" && script.src.includes("pythons.js")) {
            return script;
        }
    }
    return null;
}

const script = ownScript();
const vm = {
    APK: "org.python",
    runtime: RUNTIME,
    config,
    PyConfig: script ? readAddress(script) : { orig_argv: [], argv: [], executable: "" },
    script: { interpreter: "cpython", blocks: script ? [script.text] : [] },
    preRun: [],
    postRun: [],
    onAbort: null,
    // When each step of the boot ended (ms since the page began to load), for ./build.sh bench browser.
    timings: {},
    // The animation frames Python waits for (pyodiderc.py): ``callback(now)`` runs at the next frame
    // once asked, and answers whether it wants the one after too, so that a loop waiting each frame
    // costs no call from Python into JavaScript.
    frameLoop(callback) {
        let asked = false;
        function tick(now) {
            asked = false;
            if (callback(now)) {
                asked = true;
                requestAnimationFrame(tick);
            }
        }
        return function ask() {
            if (!asked) {
                asked = true;
                requestAnimationFrame(tick);
            }
        };
    },
    setStatus(text) {
        const status = document.getElementById("status");
        const progress = document.getElementById("progress");
        const counts = /\((\d+)\/(\d+)\)/.exec(text);
        if (progress && counts && Number(counts[2]) > 0) {
            progress.value = (Number(counts[1]) / Number(counts[2])) * 100;
        }
        if (status) {
            status.textContent = text.replace(/\s*\(.*\)$/, "");
        }
    },
    locateFile(path, prefix) {
        return (prefix || here) + path;
    },
};

// Everything that stops the boot reaches the page as pygbag's loader reports: Module.onAbort, else alert().
function stop(what) {
    const text = String(what && what.message || what);
    console.error("Python runtime:", what);
    if (typeof vm.onAbort === "function") {
        vm.onAbort(text);
    } else {
        alert(text);
    }
}

// WebAssembly stack switching (JSPI) is off: with it, Pyodide 0.27.7 dies in long runs ("memory access out
// of bounds") and bot turns become long tasks. Pyodide looks for it as it loads, so this comes first.
function withoutStackSwitching() {
    for (const name of ["Suspending", "promising", "Suspender", "returnPromiseOnSuspend", "suspendOnReturnedPromise"]) {
        if (name in WebAssembly) {
            try {
                delete WebAssembly[name];
            } catch (error) {
                WebAssembly[name] = undefined;
            }
        }
    }
    return !("Suspending" in WebAssembly) && !("Suspender" in WebAssembly);
}

// A classic script, as the page's error listener follows them: one that does not arrive names its file.
function loadScript(src) {
    return new Promise((resolve, reject) => {
        const element = document.createElement("script");
        element.src = src;
        element.onload = resolve;
        element.onerror = () => reject(new Error(src + " did not arrive"));
        document.head.appendChild(element);
    });
}

async function fetchOk(url, kind) {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) {
        throw new Error(kind + " could not be downloaded: HTTP " + response.status);
    }
    return response;
}

function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The package index, as pygbag's CDN has it: each entry a path (with "<abi>" and "<api>" to fill in) and its
// SHA-256 after "#sha256=". It names the pygame-ce wheel, and in ours the wheel's bytecode too.
async function packageIndex() {
    const pygpi = vm.PyConfig.orig_argv.filter((arg) => arg.startsWith("PYGPI=")).map((arg) => arg.slice(6))[0]
        || new URL("../", here).href;
    const url = new URL(`index-${PYGBAG}-${ABI}.json`, pygpi).href;
    const index = await (await fetchOk(url, "the package index")).json();
    return { index, base: index["-CDN-"] ? new URL(index["-CDN-"], url).href : pygpi };
}

// The file an index entry names, checked against its SHA-256; null when the index has no such entry.
async function checkedFile({ index, base }, key, what) {
    if (!(key in index)) {
        return null;
    }
    const entry = String(index[key] || "").replaceAll("<abi>", ABI).replaceAll("<api>", API);
    const [path, fragment] = splitLast(entry, "#");
    const wanted = /^sha256=([0-9a-f]{64})$/.exec(fragment || "");
    if (!path || !wanted) {
        throw new Error(`the package index names no ${what} with its SHA-256`);
    }
    const url = new URL(path, base).href;
    const name = path.slice(path.lastIndexOf("/") + 1);
    const bytes = await (await fetchOk(url, `the ${what} (${name})`)).arrayBuffer();
    const got = hex(await crypto.subtle.digest("SHA-256", bytes));
    if (got !== wanted[1]) {
        throw new Error(`the ${what} (${name}) is damaged: its SHA-256 is ${got}, not ${wanted[1]}`);
    }
    return { name, bytes: new Uint8Array(bytes), url };
}

async function pygameWheel(index) {
    const wheel = await checkedFile(await index, "pygame", "pygame-ce package");
    if (!wheel) {
        throw new Error("the package index names no pygame-ce package with its SHA-256");
    }
    return wheel;
}

// What the pygame-ce module imports of its host and Pyodide's own module lacks (pygbag's has both).
function hostFunctions(pyodide) {
    const module = pyodide._module;
    return {
        emscripten_compute_dom_pk_code(pointer) {
            return DOM_PK[module.UTF8ToString(pointer)] || 0;
        },
        // SDL_Delay: the browser has no blocking sleep, and the game never waits on one (it yields once a
        // frame instead).
        emscripten_sleep() {},
    };
}

// What Python asks for first, asked for as the page loads, so that it downloads while the interpreter starts:
// the game's archive (config.archive + ".tar.gz", which the page's Python block opens with platform.fopen).
// Each is handed over once (Module.early); one that failed is handed over as nothing, and Python asks for it
// again as it would have, with its own error if it fails again.
const early = new Map();

function fetchEarly(address) {
    const url = new URL(address, document.baseURI).href;
    const bytes = fetch(url, { credentials: "same-origin" })
        .then((response) => (response.ok ? response.arrayBuffer() : null))
        .then((buffer) => (buffer ? new Uint8Array(buffer) : null), () => null);
    early.set(url, bytes);
}

vm.early = function (address) {
    const url = new URL(address, document.baseURI).href;
    const bytes = early.get(url) || null;
    early.delete(url);
    return bytes;
};

// The first AudioContext a browser makes starts its audio service: about 50 ms, which as pygame's mixer opens
// would fall in one of the game's frames. SDL2 takes a context it finds at Module.SDL2.audioContext (the
// interpreter's module) instead of making one, so when the game says it will want sound (platform.
// prepare_audio) one is made here, in the player's next gesture, which is when a browser lets it run. SDL
// resumes only a context it made itself, so this one is resumed on each gesture after, should the browser
// have stopped it (a phone's call, a tab in the background).
const GESTURES = ["pointerdown", "pointerup", "touchend", "keydown"];
let audioAsked = false;

function isGesture(event) {
    return event.type !== "keydown" || event.key !== "Escape";
}

function makeAudio(event) {
    const module = vm.pyodide && vm.pyodide._module;
    if (!module || !isGesture(event) || typeof AudioContext === "undefined") {
        return;
    }
    const sdl = module.SDL2 || (module.SDL2 = {});
    if (!sdl.audioContext) {
        try {
            sdl.audioContext = new AudioContext();
        } catch (error) {
            console.warn("Python runtime: no AudioContext yet:", error);  // the mixer makes its own
        }
    } else if (sdl.audioContext.state === "suspended" || sdl.audioContext.state === "interrupted") {
        sdl.audioContext.resume().catch(() => {});
    }
}

vm.prepareAudio = function () {
    if (!audioAsked) {
        audioAsked = true;
        for (const kind of GESTURES) {
            window.addEventListener(kind, makeAudio, { capture: true, passive: true });
        }
    }
};

function mark(step) {
    vm.timings[step] = Math.round(performance.now());
}

async function boot() {
    window.Module = vm;
    mark("loader");
    try {
        if (typeof window.custom_onload === "function") {
            await window.custom_onload(true);
        }
        vm.stackSwitching = !withoutStackSwitching();
        vm.setStatus("Starting Python...");
        const index = packageIndex();
        const wheel = pygameWheel(index);
        const bytecode = index.then((found) => checkedFile(found, "pygame-bytecode", "pygame-ce bytecode"));
        for (const download of [index, wheel, bytecode]) {
            download.catch(() => {});  // reported where it is awaited
        }
        const rcText = fetchOk(here + "pyodiderc.py", "the Python runtime (pyodiderc.py)").then((r) => r.text());
        rcText.catch(() => {});
        if (config.archive) {
            fetchEarly(config.archive + ".tar.gz");
        }
        await loadScript(here + "pyodide/pyodide.js");
        mark("pyodide_script");
        if (typeof window.custom_prerun === "function") {
            window.custom_prerun();
        }
        const pyodide = await window.loadPyodide({
            indexURL: here + "pyodide/",
            lockFileURL: here + "pyodide/pyodide-lock.json",
            env: { HOME: "/home/web_user" },
            stdout: (line) => console.log(line),
            stderr: (line) => console.warn(line),
        });
        vm.pyodide = pyodide;
        mark("interpreter");
        // Installed as Pyodide installs a package of its own (its C modules loaded as it loads them),
        // from the bytes just checked.
        const { name, bytes, url } = await wheel;
        pyodide._module.mergeLibSymbols(hostFunctions(pyodide), RUNTIME);
        const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
        await pyodide._api.install(bytes, name, site, RUNTIME, url);
        const compiled = await bytecode;
        if (compiled) {
            pyodide.unpackArchive(compiled.bytes, "zip", { extractDir: site });
        }
        mark("pygame");
        const canvas = document.getElementById("canvas");
        if (canvas) {
            pyodide.canvas.setCanvas2D(canvas);
        }
        const rc = await rcText;
        window.python = vm;
        pyodide.runPython(rc, { filename: here + "pyodiderc.py" });
        mark("rc");
        if (typeof window.custom_postrun === "function") {
            window.custom_postrun();
        }
        for (const block of vm.script.blocks) {
            await pyodide.runPythonAsync(block, { filename: "<page>" });
        }
    } catch (error) {
        stop(error);
    }
}

if (document.readyState === "complete") {
    boot();
} else {
    window.addEventListener("load", boot, { once: true });
}
