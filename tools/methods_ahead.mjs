// The table of the game's dataclass methods compiled ahead (hearts.methods_ahead), made by the interpreter the
// site ships: Pyodide's CPython under Node, with pygame-ce's wheel installed as the page installs it.
//
//   node tools/methods_ahead.mjs GAME WHEEL OUT
//
// GAME is the folder holding the package ``hearts``; WHEEL pygame-ce's wheel; OUT the table's file. Every module
// of the package is imported (its __main__ aside) while hearts.methods_ahead records the text of each method
// dataclasses writes; the table holds each text with its code. Prints one JSON line: the interpreter's
// version, the modules imported, the texts and the table's size in bytes.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [game, wheel, out] = process.argv.slice(2);
if (!game || !wheel || !out || !fs.statSync(path.join(game, "hearts"), { throwIfNoEntry: false })?.isDirectory()) {
    console.error("usage: node tools/methods_ahead.mjs GAME WHEEL OUT  (GAME: the folder holding hearts/)");
    process.exit(2);
}
const indexURL = path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json")) + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: (line) => console.error(line) });

// pygame-ce's side module wants two functions Pyodide's interpreter lacks (web/runtime/pythons.js gives the
// page's); importing it calls neither.
pyodide._module.mergeLibSymbols({ emscripten_compute_dom_pk_code: () => 0, emscripten_sleep() {} }, "methods_ahead");
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const name = path.basename(wheel);
await pyodide._api.install(new Uint8Array(fs.readFileSync(wheel)), name, site, "methods_ahead", name);

fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
for (const [dir, where] of [[game, "/game"], [path.dirname(path.resolve(out)), "/out"]]) {
    pyodide.FS.mkdirTree(where);
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(dir) }, where);
}
pyodide.globals.set("table_name", path.basename(out));
const summary = pyodide.runPython(`
import importlib, json, pkgutil, sys
from pathlib import Path

sys.path.insert(0, "/game")
from hearts.methods_ahead import recording, table_of

with recording() as texts:
    import pygame
    import hearts

    modules = [found.name for found in pkgutil.walk_packages(hearts.__path__, "hearts.")]
    modules = [module for module in modules if not module.endswith(".__main__")]
    for module in modules:
        importlib.import_module(module)
table = table_of(texts)
Path("/out", table_name).write_bytes(table)
json.dumps({"python": sys.version.split()[0], "modules": len(modules), "texts": len(texts), "bytes": len(table)})
`);
console.log(summary);
