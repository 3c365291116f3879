// npm run bench:redis-store: requests per second of the generated server (real catalogue, the
// discrepancies query) with the in-memory rate-limit store and with redisRateLimitStore through
// node-redis and ioredis, on a local redis-server. The server runs in its own process; the load
// comes from this one over keep-alive HTTP. Writes bench/results/redis-store.json and the
// "Rate-limit stores" table of BENCHMARKS.md.
//   node bench/main.mjs redis-store [--requests N] [--concurrency N] [--rounds N] [--json PATH]
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { load1, machine } from "./lib/env.js";
import { findRepoRoot, median } from "./lib/measure.js";

const root = findRepoRoot();
const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "20000" },
    concurrency: { type: "string", default: "32" },
    rounds: { type: "string", default: "3" },
    json: { type: "string", default: join(root, "bench/results/redis-store.json") },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const SELLERS = 5_000;
const log = (text: string) => process.stderr.write(`[bench:redis-store] ${text}\n`);

const SERVER_PROGRAM = `
import { createServer } from "node:http";
import { createRequestHandler, MemoryRateLimitStore, mockHandlers, redisRateLimitStore, toNodeHandler } from "./server/index.js";

let store = new MemoryRateLimitStore();
if (process.env.STORE === "node-redis") {
  const { createClient } = await import("redis");
  const redis = createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true });
  redis.on("error", () => {});
  await redis.connect();
  store = redisRateLimitStore(redis);
} else if (process.env.STORE === "ioredis") {
  const { Redis } = await import("ioredis");
  const redis = new Redis(process.env.REDIS_URL, { enableOfflineQueue: false });
  redis.on("error", () => {});
  await new Promise((resolve) => redis.once("ready", resolve));
  store = redisRateLimitStore(redis);
}
const handle = createRequestHandler(mockHandlers, {
  authenticate: (token) => ({ principalId: token, tokenKind: "personal" }),
  rateLimitStore: store,
});
const http = createServer(toNodeHandler(handle));
http.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: http.address().port })));
`;

interface Row {
  store: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  allowed: number;
  limited: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startRedis(): Promise<{ url: string; stop: () => void }> {
  if (spawnSync("redis-server", ["--version"]).status !== 0) throw new Error("redis-server is not installed (Debian: apt-get install redis-server)");
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "pipe" });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("Ready to accept connections") && resolve());
    child.on("exit", (code) => reject(new Error(`redis-server exited with ${String(code)}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

async function startServer(program: string, env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [program], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve));
  return { port: (JSON.parse(line) as { port: number }).port, child };
}

/** REQUESTS requests, CONCURRENCY at a time, sellers in turn (each seller's first request is allowed, the rest 429). */
async function load(port: number, sellerPrefix: string): Promise<Omit<Row, "store">> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let next = 0;
  let allowed = 0;
  let limited = 0;
  const one = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        { host: "127.0.0.1", port, agent, path: "/api/supplies/v1/discrepancies/supply-1", headers: { authorization: `${sellerPrefix}-s${i % SELLERS}` } },
        (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - started);
            if (res.statusCode === 200) allowed++;
            else if (res.statusCode === 429) limited++;
            else return reject(new Error(`unexpected status ${String(res.statusCode)}`));
            resolve();
          });
        },
      );
      req.on("error", reject);
      req.end();
    });
  const worker = async () => {
    while (next < REQUESTS) await one(next++);
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100) / 100;
  return { requestsPerSecond: Math.round(REQUESTS / seconds), p50Ms: at(0.5), p99Ms: at(0.99), allowed, limited };
}

async function main(): Promise<void> {
  const env = machine();
  const work = join(root, ".tmp/bench/redis-store");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const { generate } = (await import(pathToFileURL(join(root, "dist/index.js")).href)) as typeof import("../src/index.js");
  await generate({ catalogue: join(root, "catalogue"), out: join(work, "out"), targets: ["server"] });
  const program = join(work, "server.mjs");
  await build({
    stdin: { contents: SERVER_PROGRAM, resolveDir: join(work, "out"), sourcefile: "server.ts", loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    external: ["redis", "ioredis"],
    outfile: program,
    logLevel: "warning",
  });
  const redis = await startRedis();
  const rows: Row[] = [];
  try {
    for (const store of ["memory", "node-redis", "ioredis"]) {
      const runs: Omit<Row, "store">[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const server = await startServer(program, { STORE: store, REDIS_URL: redis.url });
        try {
          // Sellers new to the store in every pass (Redis outlives the server processes).
          await load(server.port, `${store}-${round}-warm`); // JIT, connections
          runs.push(await load(server.port, `${store}-${round}`));
        } finally {
          server.child.kill("SIGTERM");
        }
      }
      const best = runs.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
      rows.push({ store, ...best, requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)) });
      log(`${store}: ${rows.at(-1)!.requestsPerSecond} requests/s`);
    }
  } finally {
    redis.stop();
  }
  const result = { machine: { ...env, loadEnd: load1() }, requests: REQUESTS, concurrency: CONCURRENCY, sellers: SELLERS, rounds: ROUNDS, rows };
  writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
  if (values.json === join(root, "bench/results/redis-store.json")) writeTable(result);
}

function writeTable(result: { machine: ReturnType<typeof machine> & { loadEnd: number }; requests: number; concurrency: number; sellers: number; rounds: number; rows: Row[] }): void {
  const file = join(root, "BENCHMARKS.md");
  const text = readFileSync(file, "utf8");
  const { machine: m } = result;
  const table = [
    `Taken ${m.date.slice(0, 16).replace("T", " ")} UTC at ${m.commit}, ${m.cpu} (${m.cores} cores), Node ${m.node}, load ${m.loadStart.toFixed(1)}–${m.loadEnd.toFixed(1)}; ` +
      `${result.requests.toLocaleString("en")} requests, ${result.concurrency} at a time, ${result.sellers.toLocaleString("en")} sellers in turn; median of ${result.rounds} rounds.`,
    "",
    "| Store | Requests/s | p50 ms | p99 ms | 200 / 429 |",
    "|---|---:|---:|---:|---|",
    ...result.rows.map(
      (r) => `| ${r.store === "memory" ? "MemoryRateLimitStore" : `redisRateLimitStore (${r.store})`} | ${r.requestsPerSecond.toLocaleString("en")} | ${r.p50Ms} | ${r.p99Ms} | ${r.allowed.toLocaleString("en")} / ${r.limited.toLocaleString("en")} |`,
    ),
  ].join("\n");
  const start = "<!-- redis-store:start -->";
  const end = "<!-- redis-store:end -->";
  if (!text.includes(start) || !text.includes(end)) throw new Error(`BENCHMARKS.md has no ${start} ... ${end} markers`);
  writeFileSync(file, text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${table}\n${end}`));
}

await main();
