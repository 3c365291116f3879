// `catalogen diff` of two versions of GitHub's REST description (@octokit/openapi 22.0.0 and the
// installed 23, 1,108 and 1,223 operations): the issue asks for under 5 s on a 2-core machine.
//   node bench/main.mjs diff-cost [--rounds 3] [--wait-quiet SECONDS]
// Each round runs the CLI cold (an empty cache folder: both documents converted, checked and
// modelled) on one thread and on two (CATALOGEN_THREADS=2: the old version on a worker, which a
// run with a core idle chooses itself), and warm (the cache folder of an earlier run: the
// conversions are kept), interleaved,
// under /usr/bin/time (wall, user and system CPU, peak memory). Medians go to
// bench/results/diff-github.json with the machine and the load before and after.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { load1, machine, waitForQuiet } from "./lib/env.js";
import { findRepoRoot } from "./lib/measure.js";

const root = findRepoRoot();
const { values } = parseArgs({ options: { rounds: { type: "string", default: "3" }, "wait-quiet": { type: "string" } } });
const rounds = Number(values.rounds);
const OLD = "node_modules/@octokit/openapi-old/generated/api.github.com.json";
const NEW = "node_modules/@octokit/openapi/generated/api.github.com.json";

interface Run {
  wallS: number;
  cpuS: number;
  rssMiB: number;
}

/** One `catalogen diff` under /usr/bin/time, with the cache folder `cache` (`threads`: CATALOGEN_THREADS). */
function run(cache: string, threads?: "1" | "2"): Run {
  const timing = join(cache, "..", `time-${process.hrtime.bigint()}`);
  execFileSync("/usr/bin/time", ["-o", timing, "-f", "%e %U %S %M", process.execPath, join(root, "bin/catalogen.js"), "diff", OLD, NEW, "--format", "json"], {
    cwd: root,
    env: { ...process.env, CATALOGEN_CACHE_DIR: cache, ...(threads && { CATALOGEN_THREADS: threads }) },
    stdio: ["ignore", "ignore", "inherit"],
    maxBuffer: 1 << 28,
  });
  const [wall, user, system, rss] = execFileSync("cat", [timing], { encoding: "utf8" }).trim().split(/\s+/).map(Number) as [number, number, number, number];
  return { wallS: wall, cpuS: user + system, rssMiB: Math.round(rss / 1024) };
}

const median = (list: number[]): number => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const summary = (runs: Run[]) => ({ wallS: median(runs.map((item) => item.wallS)), cpuS: median(runs.map((item) => item.cpuS)), rssMiB: Math.max(...runs.map((item) => item.rssMiB)), runs: runs.length });

// On a shared machine: wait (up to the seconds given) for a 1-minute load below 1.2 first.
if (values["wait-quiet"] !== undefined) await waitForQuiet(1.2, Number(values["wait-quiet"]) * 1000, console.log);
mkdirSync(join(root, ".tmp"), { recursive: true });
const work = mkdtempSync(join(root, ".tmp", "bench-diff-"));
const started = machine();
try {
  const warmCache = join(work, "warm");
  mkdirSync(warmCache);
  run(warmCache); // fills the cache the warm rounds read
  const cold: Run[] = [];
  const coldTwo: Run[] = [];
  const warm: Run[] = [];
  const said = (runs: Run[]) => `${runs.at(-1)!.wallS} s (${runs.at(-1)!.cpuS.toFixed(2)} s CPU)`;
  for (let round = 0; round < rounds; round++) {
    for (const [runs, threads] of [[cold, "1"], [coldTwo, "2"]] as const) {
      const cache = join(work, `cold-${threads}-${round}`);
      mkdirSync(cache);
      runs.push(run(cache, threads));
    }
    warm.push(run(warmCache, "1"));
    console.log(`round ${round + 1}: cold ${said(cold)}, cold on two threads ${said(coldTwo)}, warm ${said(warm)}, load ${load1().toFixed(1)}`);
  }
  const result = { machine: { ...started, loadEnd: load1() }, old: OLD, new: NEW, cold: summary(cold), coldTwoThreads: summary(coldTwo), warm: summary(warm), rounds: { cold, coldTwoThreads: coldTwo, warm } };
  writeFileSync(join(root, "bench/results/diff-github.json"), `${JSON.stringify(result, null, 2)}\n`);
  const line = (name: string, timing: ReturnType<typeof summary>) => `${name}: ${timing.wallS} s wall, ${timing.cpuS.toFixed(2)} s CPU, ${timing.rssMiB} MiB`;
  console.log(`${line("cold", result.cold)}; ${line("cold on two threads", result.coldTwoThreads)}; ${line("warm", result.warm)} (load ${started.loadStart.toFixed(1)} → ${load1().toFixed(1)})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
