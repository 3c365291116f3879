// npm run bench: catalogen on catalogues of 184 (the real one), 1,000 and 10,000 operations.
// Every figure comes from a fresh process; times are medians of --runs runs.
//   node bench/main.mjs run [--sizes 184,1000,10000] [--runs N] [--all] [--wait-quiet SECONDS]
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { bundleOneOperation } from "../test/helpers/bundle.js";
import { changeOneOperation, writeBenchCatalogue } from "./lib/catalogues.js";
import { load1, machine, waitForQuiet } from "./lib/env.js";
import { folderSize, listFiles, snapshot, touched } from "./lib/files.js";
import { ensureOk, findRepoRoot, measure, median, medianOf, type Measured } from "./lib/measure.js";
import { benchTables, writeReport } from "./lib/report.js";
import { failureSummary, mergeBySize, type BenchResults, type FailedSize, type SizeResult, type Timing } from "./lib/results.js";
import { typecheckFiles } from "./lib/tsc.js";

const root = findRepoRoot();
const defaultJson = join(root, "bench/results/bench.json");
const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "184,1000,10000" },
    runs: { type: "string" },
    all: { type: "boolean", default: false },
    "wait-quiet": { type: "string", default: "0" },
    json: { type: "string", default: defaultJson },
  },
});

const log = (text: string) => process.stderr.write(`[bench] ${text}\n`);

function runsFor(operations: number): number {
  if (values.runs) return Number(values.runs);
  return operations <= 200 ? 5 : operations <= 2000 ? 3 : 1;
}

function timing(runs: Measured[]): Timing {
  return { wallMs: median(runs.map((run) => run.wallMs)), rssMiB: medianOf(runs.map((run) => run.rssMiB)), runs: runs.length };
}

async function benchSize(operations: number): Promise<SizeResult> {
  const catalogue = join(root, ".tmp/bench/catalogues", String(operations));
  const work = join(root, ".tmp/bench/work", String(operations));
  const cache = join(work, "cache");
  const out = join(work, "generated");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeBenchCatalogue(join(root, "catalogue"), operations, catalogue);
  const { loadModel } = (await import(pathToFileURL(join(root, "dist/index.js")).href)) as typeof import("../src/index.js");
  const model = await loadModel(catalogue); // throws if our own validator rejects it
  const runs = runsFor(operations);
  const generate = async (what: string, cacheDir = cache) =>
    ensureOk(
      await measure(process.execPath, [join(root, "bin/catalogen.js"), "generate", "--catalogue", catalogue, "--out", out], {
        env: { ...process.env, CATALOGEN_CACHE_DIR: cacheDir },
      }),
      what,
    );

  const cold: Measured[] = [];
  for (let i = 0; i < runs; i++) {
    rmSync(out, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
    cold.push(await generate("cold generate"));
    log(`${operations} ops: cold generate ${Math.round(cold.at(-1)!.wallMs)} ms (load ${load1().toFixed(2)})`);
  }
  const before = snapshot(out);
  const noop: Measured[] = [];
  for (let i = 0; i < Math.max(runs, 3); i++) noop.push(await generate("no-op regenerate"));
  const noopTouched = touched(before, snapshot(out));
  const upToDate = noop.every((run) => run.stdout.includes("up to date"));
  if (noopTouched.length > 0 || !upToDate) log(`WARNING: no-op regenerate touched ${noopTouched.join(", ") || "nothing"}; up to date: ${upToDate}`);

  const oneChanged: Measured[] = [];
  const written: string[][] = [];
  // A change run is short (about 0.5 s at 10,000 operations) and its wall time moves by 0.1 s from
  // one run to the next on this machine: five at least, for the median.
  for (let i = 0; i < Math.max(runs, 5); i++) {
    const previous = snapshot(out);
    changeOneOperation(catalogue, i + 1);
    oneChanged.push(await generate("regenerate after one change"));
    written.push(touched(previous, snapshot(out)).filter((path) => !path.endsWith(".catalogen-manifest.json")));
  }
  log(`${operations} ops: one change ${Math.round(median(oneChanged.map((r) => r.wallMs)))} ms, ${written[0]!.join(", ")} rewritten`);

  const size = folderSize(out, (path) => !path.endsWith(".catalogen-manifest.json"));
  const clientFiles = listFiles(join(out, "client")).filter((path) => path.endsWith(".ts"));
  const clientSize = folderSize(join(out, "client"));
  const tsc: Measured[] = [];
  let errors = 0;
  for (let i = 0; i < runs; i++) {
    const run = await typecheckFiles(clientFiles, join(work, "tsc"));
    if (run.errors > 0) log(`tsc reported ${run.errors} errors:\n${run.stdout.slice(0, 2000)}`);
    errors = run.errors;
    tsc.push(run);
  }
  log(`${operations} ops: tsc ${Math.round(median(tsc.map((r) => r.wallMs)))} ms`);
  const bundle = await bundleOneOperation(join(out, "client"));

  return {
    operations,
    modules: model.modules.length,
    cold: timing(cold),
    noop: { ...timing(noop), filesTouched: noopTouched.length, upToDate },
    oneChanged: { ...timing(oneChanged), filesWritten: Math.max(...written.map((paths) => paths.length)), rewritten: written[0]! },
    output: { files: size.files, bytes: size.bytes, clientFiles: clientSize.files, clientBytes: clientSize.bytes },
    tsc: { ...timing(tsc), errors, files: clientFiles.length },
    bundle,
  };
}

const waitSeconds = Number(values["wait-quiet"]);
if (waitSeconds > 0) await waitForQuiet(1.2, waitSeconds * 1000, log);
const info = machine();
const results: (SizeResult | FailedSize)[] = [];
for (const size of values.sizes!.split(",").map(Number)) {
  const started = { date: new Date().toISOString(), loadStart: load1() };
  try {
    const result = await benchSize(size);
    results.push({ ...result, taken: { ...started, loadEnd: load1() } });
  } catch (error) {
    const message = failureSummary((error as Error).message);
    log(`${size} ops: FAILED: ${message}`);
    results.push({ operations: size, taken: { ...started, loadEnd: load1() }, error: message });
  }
  save(); // after every size, so a later failure or interruption loses nothing
}
console.log(benchTables(save()));

function save(): BenchResults {
  info.loadEnd = load1();
  // Sizes not measured in this run keep their earlier figures (each row says when it was taken).
  const previous = existsSync(values.json!) ? (JSON.parse(readFileSync(values.json!, "utf8")) as BenchResults) : undefined;
  const report: BenchResults = { machine: info, results: mergeBySize(previous?.results, results) };
  mkdirSync(join(values.json!, ".."), { recursive: true });
  writeFileSync(values.json!, `${JSON.stringify(report, null, 2)}\n`);
  // BENCHMARKS.md follows the default results file only, so trial runs elsewhere leave it alone.
  if (values.json === defaultJson) writeReport(root);
  return report;
}
