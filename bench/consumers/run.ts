// What catalogen's output and package cost a consumer, side by side with openapi-typescript +
// openapi-fetch (issue 47): node bench/main.mjs consumers [--rounds 3] [--only github,stripe,...]
// [--ts 5.9,7.0] [--skip typecheck,install,bundles] [--json PATH]
// Three parts in one run: the bundles (bundles.ts), the install (install.ts) and the type-check
// (typecheck.ts). Results go to bench/results/consumers.json and the block between the
// `consumers` markers of BENCHMARKS.md (the prose around it is kept); with --json, only there.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { TypeScriptVersion } from "../../test/helpers/tsc.js";
import { load1, machine, type Machine } from "../lib/env.js";
import { median, findRepoRoot } from "../lib/measure.js";
import { replaceBlock } from "../lib/report.js";
import { bundleRows, type BundleRow } from "./bundles.js";
import { installRows, type InstallRow } from "./install.js";
import { typecheckRows, type TypecheckRow } from "./typecheck.js";

/** Each part with the conditions it ran under (a run may skip parts: those keep their last figures). */
interface Results {
  bundles?: { machine: Machine; rows: BundleRow[] };
  install?: { machine: Machine; rows: InstallRow[] };
  typecheck?: { machine: Machine; rows: TypecheckRow[] };
}

const root = findRepoRoot();
const peersDir = join(root, "bench/peers");
const work = join(root, ".tmp/bench/consumers");
const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    only: { type: "string" },
    ts: { type: "string", default: "5.9,7.0" },
    skip: { type: "string", default: "" },
    json: { type: "string" },
  },
});
const skip = new Set(values.skip.split(",").filter(Boolean));
const log = (text: string): void => console.log(`[consumers] ${text}`);
const results: Results = {};
/** The machine and its load around one part. */
async function part<T>(run: () => T | Promise<T>): Promise<{ machine: Machine; rows: T }> {
  const taken = machine();
  const rows = await run();
  return { machine: { ...taken, loadEnd: load1() }, rows };
}

if (!skip.has("bundles")) {
  // Our client of the repository's catalogue and its OpenAPI export; openapi-typescript's types of that export.
  const out = join(work, "seller");
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, "bin/catalogen.js"), "generate", "--out", out, "--target", "client,openapi"], { cwd: root, stdio: "ignore" });
  mkdirSync(join(out, "peer"), { recursive: true });
  execFileSync(join(peersDir, "node_modules/.bin/openapi-typescript"), [join(out, "openapi.json"), "-o", join(out, "peer/schema.ts")], { stdio: "ignore" });
  results.bundles = await part(() => bundleRows(join(out, "client"), peersDir, join(out, "peer/schema.js")));
  for (const row of results.bundles.rows) log(`bundle: ${row.program}: ${row.minified} B (${row.gzipped} B gzipped)`);
}
if (!skip.has("install")) {
  results.install = await part(() => installRows(root, peersDir, join(work, "install")));
  for (const row of results.install.rows) log(`install: ${row.what}: ${row.packages} packages, ${(row.bytes / 2 ** 20).toFixed(1)} MiB`);
}
if (!skip.has("typecheck")) {
  results.typecheck = await part(() =>
    typecheckRows(root, peersDir, join(work, "typecheck"), {
      rounds: Number(values.rounds),
      versions: values.ts.split(",") as TypeScriptVersion[],
      log,
      ...(values.only !== undefined && { only: values.only.split(",") }),
    }),
  );
}

const jsonPath = values.json ?? join(root, "bench/results/consumers.json");
// A part skipped in this run keeps its last figures, with the date and load it ran under.
const previous: Results | undefined = existsSync(jsonPath) ? (JSON.parse(readFileSync(jsonPath, "utf8")) as Results) : undefined;
const merged: Results = { ...previous, ...results };
writeFileSync(jsonPath, `${JSON.stringify(merged, null, 2)}\n`);
if (values.json === undefined) {
  const path = join(root, "BENCHMARKS.md");
  writeFileSync(path, replaceBlock(readFileSync(path, "utf8"), "consumers", tables(merged)));
}
console.log(tables(merged));

function taken(m: Machine): string {
  return `Taken ${m.date.slice(0, 16).replace("T", " ")} UTC at ${m.commit}, ${m.cpu} (${m.cores} cores), Node ${m.node}, load ${m.loadStart.toFixed(1)}–${(m.loadEnd ?? m.loadStart).toFixed(1)}${m.loadStart >= 1.2 ? " (**loaded**: wall times are inflated)" : ""}.`;
}

function tables(all: Results): string {
  const lines: string[] = [];
  if (all.typecheck) {
    lines.push("#### Type-check (strict, skipLibCheck; CPU seconds of tsc, with tsc's own total time in brackets; medians of interleaved rounds)", "", taken(all.typecheck.machine), "");
    lines.push("| document | operations | TypeScript | client | server | openapi-typescript + openapi-fetch | client / peer | server / client | lines: client / peer | client types / instantiations | peer types / instantiations | load |");
    lines.push("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const row of all.typecheck.rows) {
      if (row.error) {
        lines.push(`| ${row.document} | | ${row.typescript} | failed: ${row.error.replaceAll("|", "\\|")} | | | | | | | | |`);
        continue;
      }
      const c = row.client!, s = row.server!, p = row.peer!;
      const time = (check: { cpuS: number; totalS: number }): string => `${check.cpuS.toFixed(2)} s (${check.totalS.toFixed(2)})`;
      // TypeScript 7.0 does not report its lines.
      const lines_ = (check: { lines: number }): string => (Number.isFinite(check.lines) ? check.lines.toLocaleString("en") : "?");
      lines.push(`| ${row.document} | ${row.operations?.toLocaleString("en")} | ${row.typescript} | ${time(c)} | ${time(s)} | ${time(p)} | **${row.clientOverPeer!.toFixed(2)}x** | ${row.serverOverClient!.toFixed(2)}x | ${lines_(c)} / ${lines_(p)} | ${c.types.toLocaleString("en")} / ${c.instantiations.toLocaleString("en")} | ${p.types.toLocaleString("en")} / ${p.instantiations.toLocaleString("en")} | ${row.load} |`);
    }
    lines.push("");
    for (const typescript of new Set(all.typecheck.rows.map((row) => row.typescript))) {
      const done = all.typecheck.rows.filter((row) => row.typescript === typescript && !row.error);
      if (done.length === 0) continue;
      lines.push(`- TypeScript ${typescript}: client / peer **${median(done.map((row) => row.clientOverPeer!)).toFixed(2)}x**, server / client **${median(done.map((row) => row.serverOverClient!)).toFixed(2)}x** (medians over ${done.length} documents; targets 1.0x and 1.0x).`);
    }
    lines.push("");
  }
  if (all.install) {
    lines.push("#### Install (an empty project, npm's cache first)", "", taken(all.install.machine), "");
    lines.push("| command | packages added | bytes (files) | largest (MiB) | install-script warning |", "| --- | ---: | ---: | --- | --- |");
    for (const row of all.install.rows) lines.push(`| \`${row.what}\` | ${row.packages} | ${(row.bytes / 2 ** 20).toFixed(1)} MiB (${(row.bytes / 1e6).toFixed(1)} MB) | ${row.largest} | ${row.installScriptWarning ? "yes" : "no"} |`);
    lines.push("");
  }
  if (all.bundles) {
    lines.push("#### One-operation bundles (esbuild, minified ESM; gzip level 9)", "", taken(all.bundles.machine), "");
    lines.push("| program | packages bundled | minified | gzipped |", "| --- | --- | ---: | ---: |");
    for (const row of all.bundles.rows) lines.push(`| ${row.program} | ${row.libraries} | ${row.minified.toLocaleString("en")} B | ${row.gzipped.toLocaleString("en")} B |`);
  }
  return lines.join("\n").trimEnd();
}
