// What the generated client costs the type checker, beside oazapfts on the same API:
//   node bench/main.mjs typecheck-cost [--sizes 184,1000] [--rounds 5] [--baseline <dir of a built catalogen>] [--peers <node_modules with oazapfts>]
// For each size: our client (this build; with --baseline, also that build's), and oazapfts' client
// of our OpenAPI export, each checked by `tsc --extendedDiagnostics` under the bench's flags
// (bench/lib/tsc.ts), in interleaved rounds (A B C ... A B C) so load hits each alike. Prints the
// checker's counts (types, instantiations, symbols: exact), the medians of check and total time,
// and the median of the per-round ratios to oazapfts. oazapfts comes from bench/peers (installed
// by `npm run bench:peers`); without it, only our clients are checked.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { STRICT_OPTIONS, RESOLUTIONS } from "../test/helpers/tsc.js";
import { writeBenchCatalogue } from "./lib/catalogues.js";
import { load1 } from "./lib/env.js";
import { folderSize, listFiles } from "./lib/files.js";
import { findRepoRoot } from "./lib/measure.js";
import { TSC } from "./lib/tsc.js";

const root = findRepoRoot();
const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "184,1000" },
    rounds: { type: "string", default: "5" },
    baseline: { type: "string" },
    peers: { type: "string" },
  },
});
const peers = values.peers ?? join(root, "bench/peers/node_modules");
const work = join(root, ".tmp/bench/typecheck-cost");

interface Row {
  types: number;
  instantiations: number;
  symbols: number;
  memoryK: number;
  check: number;
  total: number;
  errors: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function tsconfig(dir: string, files: string[]): string {
  const path = join(dir, "tsconfig.json");
  const compilerOptions = { ...STRICT_OPTIONS, ...RESOLUTIONS.bundler, skipLibCheck: true, types: [], allowImportingTsExtensions: true };
  writeFileSync(path, JSON.stringify({ compilerOptions, files }, null, 2));
  return path;
}

function typecheck(config: string): Row {
  let out: string;
  try {
    out = execFileSync(process.execPath, [TSC, "-p", config, "--extendedDiagnostics"], { encoding: "utf8", maxBuffer: 1 << 28 });
  } catch (error) {
    out = (error as { stdout: string }).stdout; // type errors: the figures are printed all the same
  }
  const figure = (name: string): number => Number(out.match(new RegExp(`^${name}:\\s+([\\d.]+)`, "m"))?.[1]);
  return {
    types: figure("Types"),
    instantiations: figure("Instantiations"),
    symbols: figure("Symbols"),
    memoryK: figure("Memory used"),
    check: figure("Check time"),
    total: figure("Total time"),
    errors: (out.match(/error TS\d+/g) ?? []).length,
  };
}

function generate(catalogen: string, catalogue: string, out: string, targets: string): void {
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [join(catalogen, "bin/catalogen.js"), "generate", "--catalogue", catalogue, "--out", out, "--target", targets], { stdio: "ignore" });
}

for (const size of values.sizes.split(",").map(Number)) {
  const dir = join(work, String(size));
  const catalogue = join(dir, "catalogue");
  writeBenchCatalogue(join(root, "catalogue"), size, catalogue);
  const configs = new Map<string, string>();
  const sizes = new Map<string, number>();
  const ours = (label: string, catalogen: string): void => {
    const out = join(dir, label);
    generate(catalogen, catalogue, out, "client,openapi");
    sizes.set(label, folderSize(join(out, "client")).bytes);
    configs.set(label, tsconfig(out, listFiles(join(out, "client")).filter((path) => path.endsWith(".ts"))));
  };
  if (values.baseline) ours("baseline", values.baseline);
  ours("catalogen", root);
  if (existsSync(join(peers, ".bin/oazapfts"))) {
    const out = join(dir, "oazapfts");
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    symlinkSync(peers, join(out, "node_modules"));
    execFileSync(join(peers, ".bin/oazapfts"), [join(dir, "catalogen/openapi.json"), join(out, "api.ts")], { stdio: "ignore" });
    sizes.set("oazapfts", folderSize(out, (path) => path.endsWith("api.ts")).bytes);
    configs.set("oazapfts", tsconfig(out, [join(out, "api.ts")]));
  }
  const rows = new Map<string, Row[]>();
  const loads: number[] = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    loads.push(load1());
    for (const [label, config] of configs) rows.set(label, [...(rows.get(label) ?? []), typecheck(config)]);
  }
  loads.push(load1());
  console.log(`\n${size} operations, ${values.rounds} interleaved rounds, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
  console.log("| client | bytes | bytes per operation | types | instantiations | symbols | memory | check time | total time | total / oazapfts | tsc errors |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const theirs = rows.get("oazapfts");
  for (const [label, runs] of rows) {
    const first = runs[0]!;
    const bytes = sizes.get(label) ?? 0;
    const ratio = theirs ? `${median(runs.map((run, i) => run.total / theirs[i]!.total)).toFixed(2)}x` : "";
    console.log(
      `| ${label} | ${bytes.toLocaleString("en")} | ${Math.round(bytes / size).toLocaleString("en")} | ${first.types.toLocaleString("en")} | ${first.instantiations.toLocaleString("en")} | ${first.symbols.toLocaleString("en")} | ${Math.round(median(runs.map((r) => r.memoryK)) / 1024)} MiB | ${median(runs.map((r) => r.check)).toFixed(2)} s | ${median(runs.map((r) => r.total)).toFixed(2)} s | ${ratio} | ${first.errors} |`,
    );
  }
}
