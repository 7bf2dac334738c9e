// Run pytest inside Pyodide (CPython compiled to WebAssembly) under Node, fully offline.
//
//   node tests/pyodide/run.mjs [pytest args...]        e.g.  node tests/pyodide/run.mjs -q tests/engine
//   node tests/pyodide/run.mjs -m MODULE [args...]     e.g.  node tests/pyodide/run.mjs -m hearts.bench engine
//
// Pyodide comes from node_modules (npm ci); pytest, hypothesis and their dependencies are the
// pure-Python wheels that ./build.sh test downloads into .cache/pyodide-wheels/.
// Exits with pytest's (or the module's) exit code. shards.mjs runs several of these side by side.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WHEELS = path.join(REPO, ".cache/pyodide-wheels");

function fail(message) {
    console.error(`run.mjs: ${message}`);
    process.exit(2);
}

const wheels = fs.existsSync(WHEELS) ? fs.readdirSync(WHEELS).filter((f) => f.endsWith(".whl")) : [];
if (wheels.length === 0) fail(`no wheels in ${WHEELS}: run ./build.sh test first (it fetches them).`);

let indexURL;
try {
    // The directory of the installed npm package holds pyodide.asm.wasm, python_stdlib.zip, ...
    indexURL = path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json")) + path.sep;
} catch {
    fail("the npm package 'pyodide' is not installed: run ./build.sh test (or npm ci) first.");
}
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));

// Everything is loaded from local files; a network fetch would mean Pyodide wants its CDN
// (e.g. a package that is not in node_modules). Make that fail loudly instead of hanging.
globalThis.fetch = async (url) => {
    throw new Error(`run.mjs: network access is disabled (Pyodide tried to fetch ${url})`);
};

// Write Python's stdout/stderr straight to our file descriptors, byte for byte (pytest's
// progress dots are not newline-terminated, so Pyodide's default line batching won't do).
function writer(fd) {
    return {
        isatty: Boolean(fd === 1 ? process.stdout.isTTY : process.stderr.isTTY),
        write(buf) {
            for (let done = 0; done < buf.length; ) {
                try {
                    done += fs.writeSync(fd, buf, done, buf.length - done);
                } catch (e) {
                    if (e.code !== "EAGAIN") throw e; // a non-blocking pipe that is full: retry
                }
            }
            return buf.length;
        },
    };
}

const started = Date.now();
const pyodide = await loadPyodide({
    indexURL,
    env: {
        HOME: "/home/pyodide",
        // Hypothesis keeps its example database under .hypothesis/ in the working directory,
        // which here would be the host's repository; keep it in Pyodide's in-memory /tmp.
        HYPOTHESIS_STORAGE_DIRECTORY: "/tmp/hypothesis",
        // Pyodide does not see the host's environment; pass CI on so that Hypothesis picks
        // its "ci" profile (no deadline, derandomized) exactly as the native run does.
        ...(process.env.CI !== undefined ? { CI: process.env.CI } : {}),
    },
});
pyodide.setStdout(writer(1));
pyodide.setStderr(writer(2));

// Show the host's directories at the same paths inside Pyodide, so file names in tracebacks
// and absolute paths on the command line mean the same thing in both: the repository, plus
// the directory of any absolute test path outside it (handy for throwaway checks).
const mounts = new Set([REPO]);
for (const arg of process.argv.slice(2)) {
    const p = arg.split("::")[0];
    if (!arg.startsWith("-") && path.isAbsolute(p) && fs.existsSync(p)) {
        mounts.add(fs.statSync(p).isDirectory() ? p : path.dirname(p));
    }
}
for (const dir of mounts) {
    if ([...mounts].some((m) => m !== dir && dir.startsWith(m + path.sep))) continue; // already inside one
    pyodide.FS.mkdirTree(dir);
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, dir);
}
const cwd = process.cwd() === REPO || process.cwd().startsWith(REPO + path.sep) ? process.cwd() : REPO;

// One of several processes (shards.mjs): a test module is ours if we make its folder in the claims
// folder first (creating a folder is atomic on the host), and our summary goes back to shards.mjs.
const CLAIMS = process.env.PYODIDE_SHARD_CLAIMS;
const shard =
    CLAIMS === undefined || process.send === undefined
        ? null
        : {
              claim(key) {
                  try {
                      fs.mkdirSync(path.join(CLAIMS, key));
                      return true;
                  } catch (e) {
                      if (e.code === "EEXIST") return false;
                      throw e;
                  }
              },
              counts: {},
              report(json) {
                  this.counts = JSON.parse(json);
              },
          };

const main = pyodide.runPython(`
def shard_plugin(shard, first):
    """A pytest plugin: run only the test modules this process claims first, each whole, and report
    the summary's counts. Every process collects the same tests, so what collection counts (deselected,
    collection errors and their warnings) is the same in each: only the first process reports it."""
    import hashlib, json, re
    import pytest

    def counts(config):
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        found = {}
        for text, _markup in reporter.build_summary_stats_line()[0] if reporter else ():
            number_and_word = re.fullmatch(r"(\\d+) (\\w+)", text)  # "3 passed", never "no tests ran"
            if number_and_word:  # one word for one and for many, as in pytest's stats: "warnings", "error"
                number, word = number_and_word.groups()
                found[{"warning": "warnings", "errors": "error"}.get(word, word)] = int(number)
        return found

    class Shard:
        collected = {}

        @pytest.hookimpl(tryfirst=True)
        def pytest_runtestloop(self, session):
            # Collection and its warnings are over (pytest notes those as pytest_collection ends).
            if not first:
                self.collected = counts(session.config)
            # pytest's own loop (_pytest/main.py), over the modules that this process claims.
            if session.testsfailed and not session.config.option.continue_on_collection_errors:
                raise session.Interrupted(f"{session.testsfailed} error(s) during collection")
            if session.config.option.collectonly:
                return True
            modules = {}
            for item in session.items:
                modules.setdefault(item.nodeid.split("::")[0], []).append(item)
            queue = iter(modules.items())

            def claim_next():
                for nodeid, items in queue:
                    if shard.claim(hashlib.sha1(nodeid.encode()).hexdigest()):
                        return items
                return None

            items = claim_next()
            while items:
                following = None
                for index, item in enumerate(items):
                    if index + 1 < len(items):
                        nextitem = items[index + 1]
                    else:  # claim the next module now: this one's fixtures are torn down before it
                        following = claim_next()
                        nextitem = following[0] if following else None
                    item.config.hook.pytest_runtest_protocol(item=item, nextitem=nextitem)
                    if session.shouldfail:
                        raise session.Failed(session.shouldfail)
                    if session.shouldstop:
                        raise session.Interrupted(session.shouldstop)
                items = following
            return True

        def pytest_unconfigure(self, config):
            final = counts(config)
            shard.report(json.dumps({word: n - self.collected.get(word, 0) for word, n in final.items()}))

    return Shard()


def main(version, repo, cwd, wheel_dir, wheels, args, startup, shard, shard_name):
    import importlib, os, site, sys, zipfile

    print(f"Pyodide {version}, Python {sys.version.split()[0]}, {sys.platform} "
          f"(started in {startup:.1f}s)" + (f", process {shard_name}" if shard else ""), flush=True)
    # A wheel is a zip file laid out for site-packages: unpacking it is installing it
    # (micropip would want the network).
    site_packages = site.getsitepackages()[0]
    for wheel in wheels:
        with zipfile.ZipFile(os.path.join(wheel_dir, wheel)) as zf:
            zf.extractall(site_packages)
    importlib.invalidate_caches()

    sys.dont_write_bytecode = True  # no cpython-312 .pyc files in the host's work tree
    os.chdir(cwd)
    sys.path.insert(0, os.path.join(repo, "game"))

    if args[:1] == ["-m"]:  # run a module, as python -m does
        import runpy

        sys.argv = list(args[1:])
        try:
            runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
        except SystemExit as done:
            return done.code if isinstance(done.code, int) else int(done.code is not None)
        return 0

    import pytest
    if not shard:
        return int(pytest.main([*args, "-p", "no:cacheprovider"]))
    # No percentages: a process runs only its share of the tests it collected, and cannot know it ahead.
    args = ["-o", "console_output_style=classic", *args, "-p", "no:cacheprovider"]
    return int(pytest.main(args, plugins=[shard_plugin(shard, first=shard_name.startswith("1/"))]))
main
`);
const code = main(
    pyodide.version, REPO, cwd, WHEELS, pyodide.toPy(wheels), pyodide.toPy(process.argv.slice(2)),
    (Date.now() - started) / 1000, shard, process.env.PYODIDE_SHARD ?? "",
);
if (shard) await new Promise((resolve) => process.send({ counts: shard.counts }, resolve));
process.exit(code);
