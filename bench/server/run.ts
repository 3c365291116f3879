// The server benchmark: the generated server (toNodeHandler(createRequestHandler(...)) on
// node:http) beside Hono (+ @hono/node-server) and find-my-way on node:http, each serving the same
// routes with the same auth check, rate limit and body check. autocannon is the load generator.
// Rounds alternate the servers (A B C, B C A, C A B, ...) so that load from other work on the
// machine hits all alike; each server gets a fresh process per round.
//   node bench/main.mjs server [--rounds 5] [--duration 5] [--warmup 2] [--connections 10] [--only a,b,c] [--json PATH]
//   node bench/main.mjs server --profile a   (our server alone under node --cpu-prof, then its top functions)
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { load1, machine } from "../lib/env.js";
import { ensureOk, findRepoRoot, measure } from "../lib/measure.js";
import { ORDER_BODY, SELLERS } from "./servers/shared.js";
import { topFunctions } from "./profile.js";
import { writeServerReport, type ScenarioResult, type ServerResults, type ServerRun } from "./report.js";

const root = findRepoRoot();
const work = join(root, ".tmp/bench/server");
const peersModules = join(root, "bench/peers/node_modules");
const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
    only: { type: "string", default: "a,b,c" },
    json: { type: "string", default: join(root, "bench/results/server.json") },
    profile: { type: "string" },
  },
});
const log = (text: string) => process.stderr.write(`[server] ${text}\n`);

if (!existsSync(join(peersModules, "autocannon"))) {
  throw new Error("bench/peers/node_modules is missing: run `npm --prefix bench/peers ci` first (node bench/main.mjs server does)");
}
const { default: autocannon } = (await import(join(peersModules, "autocannon/autocannon.js"))) as { default: Autocannon };

type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

const SERVERS = ["catalogen", "hono", "find-my-way"] as const;
type ServerName = (typeof SERVERS)[number];

interface Scenario {
  id: "a" | "b" | "c";
  title: string;
  /** autocannon's request options. */
  load: Record<string, unknown>;
}

const token = "tok-0";
const SCENARIOS: Scenario[] = [
  {
    id: "a",
    title: "GET with auth, no rate limit (`getItem`)",
    load: { method: "GET", path: "/api/bench/v1/items/it-1", headers: { authorization: token } },
  },
  {
    id: "b",
    title: `rate-limited \`getDiscrepancies\` (1 per minute per seller), ${SELLERS.toLocaleString("en")} sellers in turn`,
    load: {
      requests: Array.from({ length: SELLERS }, (_, index) => ({
        method: "GET",
        path: `/api/supplies/v1/discrepancies/sup-${index}`,
        headers: { authorization: `tok-${index}` },
      })),
    },
  },
  {
    id: "c",
    title: `POST with a typed JSON body checked against its schema (\`createOrder\`, ${ORDER_BODY.length} bytes)`,
    load: {
      method: "POST",
      path: "/api/bench/v1/orders",
      headers: { authorization: token, "content-type": "application/json" },
      body: ORDER_BODY,
    },
  },
];

/** Generates the server of the bench catalogue (the real getDiscrepancies plus bench.yaml) and bundles the three servers. */
async function prepare(): Promise<Record<ServerName, string>> {
  rmSync(work, { recursive: true, force: true });
  const catalogue = join(work, "catalogue");
  mkdirSync(catalogue, { recursive: true });
  cpSync(join(root, "catalogue/api.yaml"), join(catalogue, "api.yaml"));
  cpSync(join(root, "catalogue/supplies.yaml"), join(catalogue, "supplies.yaml"));
  cpSync(join(root, "bench/server/catalogue/bench.yaml"), join(catalogue, "bench.yaml"));
  const out = join(work, "out");
  ensureOk(
    await measure(process.execPath, [join(root, "bin/catalogen.js"), "generate", "--target", "server", "--catalogue", catalogue, "--out", out]),
    "generate the bench server",
  );
  const files = {} as Record<ServerName, string>;
  for (const name of SERVERS) {
    files[name] = join(work, `${name}.mjs`);
    await build({
      entryPoints: [join(root, "bench/server/servers", `${name}.ts`)],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: files[name],
      alias: { "catalogen-bench-server": join(out, "server/index.ts") },
      nodePaths: [peersModules, join(root, "node_modules")],
      // Not bench/tsconfig.json: its "paths" point the type checker at the peers' .d.ts files.
      tsconfigRaw: {},
      // CommonJS packages bundled into ESM call require() for Node builtins.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      logLevel: "warning",
    });
  }
  return files;
}

interface Running {
  child: ChildProcess;
  base: string;
}

async function start(file: string, nodeArgs: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, [...nodeArgs, file], { cwd: work, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const found = /listening (\d+)/.exec(text);
      if (found) resolve(found[1]!);
    });
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code} before listening`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function stop(running: Running): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once("exit", resolve));
  running.child.kill("SIGINT");
  await exited;
}

/** The answers every server must give before it is loaded: same statuses, same rate-limit headers. */
async function checkAnswers(name: string, base: string): Promise<void> {
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) throw new Error(`${name}: ${what}: got ${String(actual)}, expected ${String(expected)}`);
  };
  const get = (path: string, headers: Record<string, string> = { authorization: token }) => fetch(`${base}${path}`, { headers });
  const post = (body: string, contentType = "application/json") =>
    fetch(`${base}/api/bench/v1/orders`, { method: "POST", body, headers: { authorization: token, "content-type": contentType } });

  const item = await get("/api/bench/v1/items/it-1");
  expect("getItem", item.status, 200);
  expect("getItem body", JSON.stringify(await item.json()), JSON.stringify({ id: "it-1", name: "Pallet of sample goods", price: 12.5 }));
  expect("no token", (await get("/api/bench/v1/items/it-1", {})).status, 401);
  expect("unknown token", (await get("/api/bench/v1/items/it-1", { authorization: "nope" })).status, 401);
  const first = await get("/api/supplies/v1/discrepancies/sup-1", { authorization: "tok-9999" });
  expect("first getDiscrepancies", first.status, 200);
  expect("remaining", first.headers.get("x-ratelimit-remaining"), "0");
  const second = await get("/api/supplies/v1/discrepancies/sup-1", { authorization: "tok-9999" });
  expect("second getDiscrepancies", second.status, 429);
  expect("retry-after", second.headers.get("retry-after"), "60");
  expect("429 body", ((await second.json()) as { code?: string }).code, "rate-limited");
  const created = await post(ORDER_BODY);
  expect("createOrder", created.status, 201);
  expect("createOrder body", JSON.stringify(await created.json()), JSON.stringify({ id: "o-sup-42", lines: 3 }));
  const wrong = JSON.parse(ORDER_BODY) as { lines: { quantity: unknown }[] };
  wrong.lines[2]!.quantity = "12";
  expect("body not fitting its schema", (await post(JSON.stringify(wrong))).status, 400);
  expect("extra field", (await post(JSON.stringify({ ...JSON.parse(ORDER_BODY), extra: 1 }))).status, 400);
  expect("malformed JSON", (await post("{")).status, 400);
  expect("wrong content type", (await post(ORDER_BODY, "text/plain")).status, 415);
}

async function load(base: string, scenario: Scenario, seconds: number): Promise<AutocannonResult> {
  const { path, ...rest } = scenario.load as { path?: string };
  return autocannon({ url: `${base}${path ?? ""}`, connections: Number(values.connections), duration: seconds, ...rest });
}

async function runScenario(scenario: Scenario, files: Record<ServerName, string>, rounds: number): Promise<ScenarioResult> {
  const runs: ServerRun[] = [];
  for (let round = 0; round < rounds; round++) {
    // Fresh processes each round (the rate-limit buckets start empty), all three up at once so
    // that their runs follow each other closely; the order turns each round.
    const order = SERVERS.map((_, index) => SERVERS[(index + round) % SERVERS.length]!);
    const running = new Map<ServerName, Running>();
    try {
      for (const name of order) running.set(name, await start(files[name]));
      for (const name of order) {
        await checkAnswers(name, running.get(name)!.base);
        await load(running.get(name)!.base, scenario, Number(values.warmup));
      }
      for (const name of order) {
        const loadStart = load1();
        const cpuBefore = cpuSeconds(running.get(name)!.child.pid);
        const result = await load(running.get(name)!.base, scenario, Number(values.duration));
        const cpuAfter = cpuSeconds(running.get(name)!.child.pid);
        if (result.requests.total === 0) throw new Error(`${name}: autocannon sent no request`);
        const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
        runs.push({
          server: name,
          round,
          rps: result.requests.average,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          errors: result.errors + result.timeouts,
          cpuUsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
          statuses,
          loadStart,
          loadEnd: load1(),
        });
        const cpu = runs.at(-1)!.cpuUsPerRequest;
        log(`${scenario.id} round ${round + 1}/${rounds} ${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${cpu?.toFixed(1) ?? "?"} µs CPU/request, statuses ${JSON.stringify(statuses)}`);
      }
    } finally {
      for (const server of running.values()) await stop(server);
    }
  }
  return { id: scenario.id, title: scenario.title, runs };
}

/**
 * CPU time (user + system) the process has used so far, from /proc (Linux); undefined elsewhere.
 * Per request it is the figure least moved by other work on the machine.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat(5) (utime, stime), counted here from field 3; in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Our server alone under `node --cpu-prof` for one scenario; prints where its time goes. */
async function profile(scenario: Scenario, file: string): Promise<void> {
  const dir = join(work, "profile");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const running = await start(file, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
  await load(running.base, scenario, Number(values.warmup));
  const result = await load(running.base, scenario, Number(values.duration));
  log(`profile ${scenario.id}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms (profiling slows it)`);
  await stop(running);
  const profileFile = readdirSync(dir).find((entry) => entry.endsWith(".cpuprofile"));
  if (!profileFile) throw new Error("no .cpuprofile written");
  console.log(`${join(dir, profileFile)}\n${topFunctions(JSON.parse(readFileSync(join(dir, profileFile), "utf8")), 40)}`);
}

const files = await prepare();
if (values.profile) {
  const scenario = SCENARIOS.find((entry) => entry.id === values.profile);
  if (!scenario) throw new Error(`--profile takes a, b or c`);
  await profile(scenario, files.catalogen);
} else {
  const env = machine();
  const wanted = new Set(values.only.split(","));
  const scenarios: ScenarioResult[] = [];
  for (const scenario of SCENARIOS.filter((entry) => wanted.has(entry.id))) {
    scenarios.push(await runScenario(scenario, files, Number(values.rounds)));
  }
  const results: ServerResults = {
    machine: { ...env, loadEnd: load1() },
    load: { connections: Number(values.connections), durationS: Number(values.duration), warmupS: Number(values.warmup), rounds: Number(values.rounds) },
    versions: peerVersions(),
    scenarios,
  };
  writeFileSync(values.json, `${JSON.stringify(results, null, 2)}\n`);
  const defaultJson = join(root, "bench/results/server.json");
  if (values.json === defaultJson) console.log(writeServerReport(root, results));
  else console.log(`wrote ${values.json} (BENCHMARKS.md left alone)`);
}

function peerVersions(): Record<string, string> {
  const version = (name: string) => (JSON.parse(readFileSync(join(peersModules, name, "package.json"), "utf8")) as { version: string }).version;
  return { hono: version("hono"), "@hono/node-server": version("@hono/node-server"), "find-my-way": version("find-my-way"), autocannon: version("autocannon") };
}
