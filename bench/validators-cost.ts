// What each validator costs a consumer: bundle bytes (esbuild, minified, ESM, as test/helpers/bundle.ts)
// and type-check cost (tsc --extendedDiagnostics, the bench's flags) of the client's guards, the
// same guards as Standard Schemas (client/schemas.ts), the zod target and the zod target with
// `mini: true`, for one operation (getDiscrepancies' response) and for a whole catalogue:
//   node bench/main.mjs validators-cost [--size 368] [--rounds 3]
// The whole catalogue is the bench catalogue of `size` operations (bench/lib/catalogues.ts: the real
// 184 and typed copies of them, each with a typed query, JSON body and response).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { RESOLUTIONS, STRICT_OPTIONS } from "../test/helpers/tsc.js";
import { writeBenchCatalogue } from "./lib/catalogues.js";
import { load1, machine } from "./lib/env.js";
import { findRepoRoot } from "./lib/measure.js";
import { TSC } from "./lib/tsc.js";
import { bundleOptions } from "../test/helpers/bundle.js";

const root = findRepoRoot();
const { values } = parseArgs({ options: { size: { type: "string", default: "368" }, rounds: { type: "string", default: "3" } } });
const work = join(root, ".tmp/bench/validators-cost");
rmSync(work, { recursive: true, force: true });
const catalogue = join(work, "catalogue");
writeBenchCatalogue(join(root, "catalogue"), Number(values.size), catalogue);
const out = join(work, "out");
execFileSync(process.execPath, [join(root, "bin/catalogen.js"), "generate", "--catalogue", catalogue, "--out", out, "--target", "client"], { stdio: "ignore" });
execFileSync(process.execPath, [join(root, "bin/catalogen.js"), "generate", "--catalogue", catalogue, "--out", join(work, "zod-out"), "--target", "zod"], { stdio: "ignore" });
// The zod target's files, and with `mini: true` the same files importing zod/mini (the only difference the option makes).
const zodDir = join(work, "zod-out/zod");
for (const [folder, from] of [["zod", "zod"], ["zod-mini", "zod/mini"]] as const) {
  const target = join(out, folder);
  mkdirSync(join(target, "shared"), { recursive: true });
  for (const name of readdirSync(zodDir, { recursive: true }) as string[]) {
    if (!name.endsWith(".ts")) continue;
    writeFileSync(join(target, name), readFileSync(join(zodDir, name), "utf8").replace('from "zod";', `from ${JSON.stringify(from)};`));
  }
}

const PROGRAMS: Record<string, { one: string; all: string }> = {
  guards: {
    one: `import { checkGetDiscrepanciesResponse } from "./client/validate.js";\nexport const ok = (v: unknown) => checkGetDiscrepanciesResponse(v) === undefined;\n`,
    all: `export * from "./client/validate.js";\n`,
  },
  "guards as Standard Schema": {
    one: `import { getDiscrepanciesResponseSchema } from "./client/schemas.js";\nexport const ok = (v: unknown) => getDiscrepanciesResponseSchema["~standard"].validate(v);\n`,
    all: `export * from "./client/schemas.js";\n`,
  },
  zod: {
    one: `import { zGetDiscrepanciesResponse } from "./zod/index.js";\nexport const ok = (v: unknown) => zGetDiscrepanciesResponse.safeParse(v).success;\n`,
    all: `export * from "./zod/index.js";\n`,
  },
  "zod/mini": {
    one: `import { zGetDiscrepanciesResponse } from "./zod-mini/index.js";\nexport const ok = (v: unknown) => zGetDiscrepanciesResponse.safeParse(v).success;\n`,
    all: `export * from "./zod-mini/index.js";\n`,
  },
};

async function bundle(program: string): Promise<{ minified: number; gzipped: number }> {
  const result = await build(bundleOptions(out, program));
  const code = result.outputFiles[0]?.text ?? "";
  return { minified: Buffer.byteLength(code), gzipped: gzipSync(code, { level: 9 }).length };
}

interface Check {
  types: number;
  instantiations: number;
  check: number;
  total: number;
  errors: number;
}

function typecheck(name: string, program: string): Check {
  const file = join(out, `${name}.ts`);
  writeFileSync(file, program);
  const config = join(out, `${name}.tsconfig.json`);
  const compilerOptions = { ...STRICT_OPTIONS, ...RESOLUTIONS.bundler, skipLibCheck: true, types: [] };
  writeFileSync(config, JSON.stringify({ compilerOptions, files: [file] }));
  let text: string;
  try {
    text = execFileSync(process.execPath, [TSC, "-p", config, "--extendedDiagnostics"], { encoding: "utf8", maxBuffer: 1 << 28 });
  } catch (error) {
    text = (error as { stdout: string }).stdout;
  }
  const figure = (label: string): number => Number(text.match(new RegExp(`^${label}:\\s+([\\d.]+)`, "m"))?.[1]);
  return { types: figure("Types"), instantiations: figure("Instantiations"), check: figure("Check time"), total: figure("Total time"), errors: (text.match(/error TS\d+/g) ?? []).length };
}

const median = (list: number[]): number => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;
const info = machine();
const loads = [load1()];
const rows: string[] = [];
for (const [label, program] of Object.entries(PROGRAMS)) {
  for (const scope of ["one", "all"] as const) {
    const size = await bundle(program[scope]);
    const name = `${label.replace(/\W+/g, "-")}-${scope}`;
    const runs: Check[] = [];
    for (let round = 0; round < Number(values.rounds); round++) runs.push(typecheck(name, program[scope]));
    loads.push(load1());
    const first = runs[0]!;
    rows.push(
      `| ${label} | ${scope === "one" ? "one operation" : `whole catalogue (${values.size} operations)`} | ${size.minified.toLocaleString("en")} | ${size.gzipped.toLocaleString("en")} | ${first.types.toLocaleString("en")} | ${first.instantiations.toLocaleString("en")} | ${median(runs.map((r) => r.check)).toFixed(2)} s | ${median(runs.map((r) => r.total)).toFixed(2)} s | ${first.errors} |`,
    );
  }
}
console.log(`${info.date}, commit ${info.commit}, ${info.cpu} (${info.cores} cores), node ${info.node}, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, ${values.rounds} rounds (median)`);
console.log("| validator | scope | minified B | gzipped B | types | instantiations | check time | total time | tsc errors |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
