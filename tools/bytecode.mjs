// Bytecode made by the interpreter the site ships: Pyodide's CPython (3.12) under Node, for tools/webbuild.py.
//
//   node tools/bytecode.mjs JOB [JOB ...]        each JOB a JSON object:
//       {"source": DIR, "out": DIR, "layout": "pycache" | "beside", "prefix": "where DIR is at run time"}
//
// Every .py file under a job's source is compiled as an import compiles it, and the bytecode is written under
// its out folder: "pycache" where CPython's importer looks (pkg/__pycache__/mod.cpython-312.pyc), "beside"
// where zipimport looks (pkg/mod.pyc). The files are PEP 552's "unchecked hash" .pyc files: the build pairs
// them with the very sources they came from, and the browser unpacks files with any timestamps, so nothing
// is checked as they load. Tracebacks name prefix + the file's path (the importer puts the real path back
// for "pycache" files; zipimport keeps what is written). Prints one JSON line: the interpreter's version,
// cache tag and magic number, and the count of files written by each job.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const jobs = process.argv.slice(2).map((text) => JSON.parse(text));
if (jobs.length === 0 || jobs.some((job) => !fs.statSync(job.source || "", { throwIfNoEntry: false })?.isDirectory())) {
    console.error('usage: node tools/bytecode.mjs \'{"source": DIR, "out": DIR, "layout": "pycache"|"beside", "prefix": ""}\' ...');
    process.exit(2);
}
const indexURL = path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json")) + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL });
jobs.forEach((job, index) => {
    fs.mkdirSync(job.out, { recursive: true });
    for (const [dir, where] of [[job.source, `/job${index}/source`], [job.out, `/job${index}/out`]]) {
        pyodide.FS.mkdirTree(where);
        pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(dir) }, where);
    }
});
pyodide.globals.set("jobs", JSON.stringify(jobs));
const summary = pyodide.runPython(`
import importlib.util, json, py_compile, sys
from pathlib import Path, PurePosixPath

written = []
for index, job in enumerate(json.loads(jobs)):
    source, out = Path(f"/job{index}/source"), Path(f"/job{index}/out")
    count = 0
    for path in sorted(source.rglob("*.py")):
        relative = PurePosixPath(path.relative_to(source).as_posix())
        if job["layout"] == "pycache":
            target = out / importlib.util.cache_from_source(str(relative))
        else:
            target = out / relative.with_suffix(".pyc")
        target.parent.mkdir(parents=True, exist_ok=True)
        py_compile.compile(
            str(path), cfile=str(target), dfile=job.get("prefix", "") + str(relative), doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        count += 1
    written.append(count)
json.dumps({
    "python": sys.version.split()[0],
    "cache_tag": sys.implementation.cache_tag,
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "written": written,
})
`);
console.log(summary);
