// A stand-in for pygbag 0.9.3's interpreter (cpython312/main.js), for the page's boot tests. Like the real
// Emscripten build it uses window.Module (the loader's), downloads main.data with an XMLHttpRequest (progress
// through Module.setStatus, an error thrown from its handlers on failure) and main.wasm with fetch (a failure
// calls Module.onAbort and ends in an unhandled rejection), then runs Module.postRun.
//
// What follows in the real runtime is Python: the rc script and the page's own block fetch the game's archive
// (platform.fopen, which only prints a failure), then shell.source(main.py) fetches the package index and
// the pygame-ce wheel (failures only printed) and runs main.py in the console, which only prints an
// exception. window.standInPython does those steps; with window.standInPyodide set it runs the real main.py
// in Pyodide (WebAssembly CPython), else it calls hearts.started() where the game would draw its first frame.
(function () {
    const Module = window.Module;
    const base = document.currentScript.src.slice(0, document.currentScript.src.lastIndexOf("/") + 1);
    let pending = 2;

    function abort(what) {
        if (Module.onAbort) {
            Module.onAbort(what);
        }
        throw new WebAssembly.RuntimeError("Aborted(" + what + ")");
    }

    function ready() {
        pending -= 1;
        if (pending === 0) {
            for (const step of Module.postRun) {
                step(Module);
            }
        }
    }

    const dataUrl = Module.locateFile("main.data", "");
    const xhr = new XMLHttpRequest();
    xhr.open("GET", dataUrl, true);
    xhr.responseType = "arraybuffer";
    xhr.onprogress = (event) => {
        if (event.loaded) {
            Module.setStatus(`Downloading data... (${event.loaded}/${event.total || event.loaded})`);
        }
    };
    xhr.onerror = () => {
        throw new Error("NetworkError for: " + dataUrl);
    };
    xhr.onload = () => {
        window.standIn.seen.push({ url: xhr.responseURL, status: xhr.status, length: xhr.response ? xhr.response.byteLength : 0 });
        if (xhr.status === 200 || xhr.status === 304 || xhr.status === 206) {
            ready();
        } else {
            throw new Error(xhr.statusText + " : " + xhr.responseURL);
        }
    };
    xhr.send(null);

    const wasmUrl = Module.locateFile("main.wasm", base);
    fetch(wasmUrl, { credentials: "same-origin" })
        .then(async (response) => {
            if (!response.ok) {
                throw `failed to load wasm binary file at '${wasmUrl}'`;
            }
            const bytes = await response.arrayBuffer();
            window.standIn.seen.push({ url: response.url, status: response.status, length: bytes.byteLength });
        })
        .then(ready, (reason) => abort(reason));
})();

// The network steps of the rc script and the page's Python block, then main.py.
window.standInPython = async function (Module) {
    async function get(url) {
        // platform.fopen goes through the loader's cross_file: fetch with fopen's flags, a failure only warned.
        const response = await fetch(url, { redirect: "follow", credentials: "omit" });
        const bytes = response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
        window.standIn.seen.push({ url: response.url, status: response.status, length: bytes ? bytes.byteLength : 0 });
        if (!bytes) {
            console.warn("got wrong status", response.status, url);
        }
        return bytes;
    }
    const pygpi = Module.PyConfig.orig_argv.filter((arg) => arg.startsWith("PYGPI=")).map((arg) => arg.slice(6))[0];
    window.standIn.pygpi = pygpi;
    const archive = await get(config.archive + ".tar.gz");
    if (!archive) {
        return;  // tarfile then fails on an empty file: the page's Python block reports it
    }
    const repo = pygpi || "https://pygame-web.github.io/cdn/";
    const indexBytes = await get(repo + "index-0.9.3-cp312.json");
    let wheel = null;
    if (indexBytes) {
        const index = JSON.parse(new TextDecoder().decode(indexBytes));
        const name = index.pygame.replaceAll("<abi>", "cp312").replaceAll("<api>", "wasm32_bi_emscripten").split("#")[0];
        wheel = await get((pygpi || index["-CDN-"]) + name);
    }
    if (!window.standInPyodide) {
        if (wheel) {
            window.hearts.started();  // where the game draws its first frame
        }
        return;
    }
    await new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = "/pyodide/pyodide.js";
        script.onload = resolve;
        script.onerror = reject;
        document.head.append(script);
    });
    // The path the game's own runtime takes (web/runtime/pythons.js): no stack switching (JSPI).
    for (const name of ["Suspending", "promising", "Suspender"]) {
        delete WebAssembly[name];
    }
    window.standIn.jspi = "Suspending" in WebAssembly || "Suspender" in WebAssembly;
    const pyodide = await loadPyodide({ indexURL: new URL("/pyodide/", location.href).href });
    window.pyodide = pyodide;
    pyodide.FS.mkdirTree("/tmp/packed");
    pyodide.FS.writeFile("/tmp/packed/hearts.tar.gz", archive);
    if (wheel) {
        pyodide.FS.writeFile("/tmp/packed/pygame.whl", wheel);
    }
    // As pygbag's console runs main.py: in __main__'s namespace, an exception printed and nothing more.
    await pyodide.runPythonAsync(`
import os, sys, tarfile, traceback, types, zipfile

import js

app = "/data/data/hearts"
os.makedirs(app)
with tarfile.open("/tmp/packed/hearts.tar.gz", "r:gz") as packed:
    packed.extractall(app, filter="tar")
if os.path.exists("/tmp/packed/pygame.whl"):
    with zipfile.ZipFile("/tmp/packed/pygame.whl") as wheel:
        wheel.extractall("/tmp/site-packages")
    sys.path.append("/tmp/site-packages")
platform = types.ModuleType("platform", "pygbag's module of JavaScript objects (a stand-in)")
platform.window = js.window
sys.modules["platform"] = platform
os.chdir(app + "/assets")
sys.path.insert(0, app + "/assets")
main = app + "/assets/main.py"
try:
    with open(main, encoding="utf-8") as source:
        exec(compile(source.read(), main, "exec"), {"__name__": "__main__", "__file__": main})
except BaseException as error:
    traceback.print_exception(error)
`);
    window.standIn.ranMain = true;
};
