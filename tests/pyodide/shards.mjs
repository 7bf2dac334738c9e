// Run the Pyodide test run (run.mjs) as N processes side by side: Pyodide has one thread, so one
// process keeps one core busy.
//
//   node tests/pyodide/shards.mjs N [pytest args...]       e.g.  node tests/pyodide/shards.mjs 2 -q tests
//
// Each process collects every test, then runs the test modules it claims first from a queue they
// share, a whole module at a time (a module's fixtures are set up once), so whichever is free takes
// the next module and neither waits on a fixed half. The output of each follows the one before it,
// the first live, the others held until their turn; then one summary line in pytest's words for all
// of them. Exits with the first failing process's pytest exit code, else 0 (5 if none ran a test).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

const RUN = path.join(path.dirname(fileURLToPath(import.meta.url)), "run.mjs");

// pytest's order of the words in its summary line; "warnings" and "error" take their number as in pytest.
const ORDER = ["failed", "passed", "skipped", "deselected", "xfailed", "xpassed", "warnings", "error"];

function summaryLine(counts, seconds) {
    const known = ORDER.filter((word) => counts[word]);
    const other = Object.keys(counts).filter((word) => counts[word] && !ORDER.includes(word));
    const words = [...known, ...other].map((word) => {
        const count = counts[word];
        if (word === "warnings" && count === 1) return "1 warning";
        if (word === "error" && count !== 1) return `${count} errors`;
        return `${count} ${word}`;
    });
    const clock = new Date(Math.floor(seconds) * 1000).toISOString().slice(11, 19).replace(/^0/, "");
    const took = seconds < 60 ? `${seconds.toFixed(2)}s` : `${seconds.toFixed(2)}s (${clock})`;
    return `${words.length > 0 ? words.join(", ") : "no tests ran"} in ${took}`;
}

// pytest exit codes: 0 all passed, 1 some failed, 2 interrupted, 3 internal error, 4 usage error,
// 5 no tests collected (or all deselected), which every process says alike as they collect alike. A
// process that found no module left to claim ran nothing and says 0.
function combinedCode(codes) {
    return codes.find((code) => code !== 0 && code !== 5) ?? (codes.includes(0) ? 0 : 5);
}

function write(fd, data) {
    for (let done = 0; done < data.length; ) {
        try {
            done += fs.writeSync(fd, data, done, data.length - done);
        } catch (e) {
            if (e.code !== "EAGAIN") throw e; // a non-blocking pipe that is full: retry
        }
    }
}

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) {
    console.error(`shards.mjs: the first argument is the number of processes, not ${process.argv[2]}`);
    process.exit(2);
}
const args = process.argv.slice(3);
if (args[0] === "-m") {
    console.error("shards.mjs: runs pytest only; run a module (-m) with run.mjs");
    process.exit(2);
}
const claims = fs.mkdtempSync(path.join(os.tmpdir(), "pyodide-claims-"));
const started = Date.now();

const shards = Array.from({ length: count }, (_, index) => {
    const child = fork(RUN, args, {
        env: { ...process.env, PYODIDE_SHARD: `${index + 1}/${count}`, PYODIDE_SHARD_CLAIMS: claims },
        stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    const shard = { held: [], live: false, counts: {} };
    for (const [fd, stream] of [[1, child.stdout], [2, child.stderr]]) {
        stream.on("data", (data) => (shard.live ? write(fd, data) : shard.held.push([fd, data])));
    }
    child.on("message", (message) => {
        shard.counts = message.counts;
    });
    // "close" rather than "exit": every byte of the child's output has arrived by then.
    shard.closed = new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
    return shard;
});

const codes = [];
for (const [index, shard] of shards.entries()) {
    for (const [fd, data] of shard.held) write(fd, data);
    shard.held = [];
    shard.live = true;
    const { code, signal } = await shard.closed;
    if (code === null) console.error(`shards.mjs: process ${index + 1}/${count} was stopped by ${signal}`);
    codes.push(code ?? 3);
}
fs.rmSync(claims, { recursive: true, force: true });

const counts = {};
for (const shard of shards) {
    for (const [word, value] of Object.entries(shard.counts)) counts[word] = (counts[word] ?? 0) + value;
}
console.log(`\nshards.mjs: the ${count} Pyodide processes together:`);
console.log(summaryLine(counts, (Date.now() - started) / 1000));
process.exit(combinedCode(codes));
