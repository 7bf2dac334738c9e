// A stand-in for pygbag 0.9.3's loader (its pythons.js), for the page's boot tests: the real runtime cannot
// be downloaded here. It does what decides whether a page boots, as the real one does it:
// - it reads window.config as it starts, and alert()s when the page is not UTF-8;
// - it turns any uncaught error or rejection into an alert();
// - it appends the page's query and fragment to its own address and parses them: rsplit on "#" and "?",
//   decodeURI on every piece (a stray "%" throws, so the loader dies), "&"-separated query pieces become the
//   interpreter's orig_argv, and a first piece containing "py" is taken as the interpreter's name, which
//   names the main.js it loads;
// - on window load it makes itself window.Module, calls the page's custom_onload, and adds a script element
//   for the interpreter's main.js with no handler of its own;
// - after the interpreter (main.js here) has run, it fetches cpythonrc.py, and a failure is only logged.
// What the rc script and the page's Python then do over the network is in main.js.
"use strict";

var config = window.config || {};

if (document.characterSet.toLowerCase() !== "utf-8") {
    alert("Host page encoding must be set to UTF-8 with tag :  meta charset=utf-8");
}
window.addEventListener("error", (event) => alert("Error occurred: " + event.error.message));
window.addEventListener("unhandledrejection", (event) => alert("Rejection occurred: " + event.reason.message));

// "a#b#c" split at its last separator, as the loader's String.rsplit(sep, 1) does.
function splitLast(text, separator) {
    const at = text.lastIndexOf(separator);
    return at < 0 ? [text] : [text.slice(0, at), text.slice(at + separator.length)];
}

const vm = {
    APK: "org.python",
    cpy_argv: [],
    sys_argv: [],
    script: {},
    setStatus(text) {
        const status = document.getElementById("status");
        const progress = document.getElementById("progress");
        const counts = /\((\d+)\/(\d+)\)/.exec(text);
        if (progress && counts) {
            progress.value = (Number(counts[1]) / Number(counts[2])) * 100;
        }
        if (status) {
            status.innerHTML = text.replace(/\s*\(.*\)$/, "");
        }
    },
    locateFile(path, prefix) {
        return path === "main.data" ? `${config.cdn}${vm.script.interpreter}${config.pydigits}/${path}` : prefix + path;
    },
    preRun: [],
    postRun: [postrun],
};

function readAddress(script) {
    let url = splitLast(splitLast(script.src, "#")[0], "?")[0];
    if (url.endsWith("pythons.js")) {
        url = url + (window.location.search || "?") + (window.location.hash || "#");
    }
    let parts = splitLast(url, "#");
    url = parts[0];
    if (parts.length > 1) {
        for (const arg of parts[1].split("%20")) {
            vm.sys_argv.push(decodeURI(arg));
        }
    }
    parts = splitLast(url, "?");
    url = parts[0];
    if (parts.length > 1) {
        for (const arg of parts[1].split("&")) {
            vm.cpy_argv.push(decodeURI(arg));
        }
    }
    let wanted = "python3.12";
    if (vm.cpy_argv.length && vm.cpy_argv[0].search("py") >= 0) {
        wanted = vm.cpy_argv[0];
    } else if (script.dataset.python && script.dataset.python.search("py") >= 0) {
        wanted = script.dataset.python;
    }
    if (wanted.search("cpython3") >= 0) {
        vm.script.interpreter = "cpython";
        config.PYBUILD = wanted.substr(7) || "3.12";
    } else if (wanted.search("python3") >= 0) {
        vm.script.interpreter = "cpython";
        config.PYBUILD = wanted.substr(6) || "3.12";
    } else {  // the real loader also knows pkpy and wapy; neither is on pygbag's CDN for 0.9.3
        vm.script.interpreter = config.python || "cpython";
        config.PYBUILD = wanted.substr(7) || "3.12";
    }
    config.cdn = config.cdn || url.split("pythons.js", 1)[0];
    config.pydigits = config.pydigits || config.PYBUILD.replace(".", "");
    config.executable = config.executable || `${config.cdn}${vm.script.interpreter}${config.pydigits}/main.js`;
    config.interactive = config.interactive || (location.search.search("-i") >= 0);
    config.debug = config.debug || (location.hash.search("#debug") >= 0);
    vm.PyConfig = { orig_argv: vm.cpy_argv, argv: vm.sys_argv, executable: config.executable };
    vm.script.blocks = [script.text];
    vm.config = config;
    // What the tests read: the address and arguments as the loader saw them, and every runtime file it got.
    window.standIn = {
        address: location.href, orig_argv: vm.cpy_argv, argv: vm.sys_argv, executable: config.executable, seen: [],
    };
}

function onload() {
    window.Module = vm;
    if (window.custom_onload) {
        window.custom_onload(true);
    }
    const script = document.createElement("script");
    script.src = config.executable;
    script.async = true;
    document.head.appendChild(script);
}

async function postrun(module) {
    window.python = module;
    const url = module.config.cdn + module.script.interpreter + "rc.py";
    let rc = null;
    await fetch(url, {})
        .then(async (response) => {
            const bytes = response.ok ? await response.arrayBuffer() : null;
            window.standIn.seen.push({ url: response.url, status: response.status, length: bytes ? bytes.byteLength : 0 });
            rc = bytes;
        })
        .catch((error) => console.error("VM.postrun: error:", error));
    if (!rc) {
        // The real loader runs an empty rc script then: Python prints a NameError and nothing follows.
        console.error("NameError: name 'import_site' is not defined");
        return;
    }
    await window.standInPython(module);
}

for (const script of document.getElementsByTagName("script")) {
    if (script.type === "module" && script.src.search("pythons.js") >= 0) {
        readAddress(script);
        window.addEventListener("load", onload);
        break;
    }
}
