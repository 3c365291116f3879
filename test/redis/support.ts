// A real redis-server per test file (127.0.0.1, a free port, no persistence), the two Redis clients
// the store supports, and child Node processes running bundled programs over generated code.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { createConnection, createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { build } from "esbuild";
import { Redis as IoRedis } from "ioredis";
import { createClient as createNodeRedis } from "redis";
import { freshDir } from "../helpers/generate.js";

const REDIS_SERVER = process.env.REDIS_SERVER ?? "redis-server";

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** SIGKILL: no goodbye to the clients, as when a machine dies. */
  kill(): Promise<void>;
  /** Starts again on the same port, empty (no persistence): script cache and keys are gone. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts redis-server, or fails with a message saying how to get it: these tests never skip.
 * `cluster`: a one-node Redis Cluster holding every slot.
 */
export async function startRedis({ cluster = false } = {}): Promise<RedisServer> {
  const found = spawnSync(REDIS_SERVER, ["--version"], { encoding: "utf8" });
  if (found.error || found.status !== 0) {
    throw new Error(
      `redis-server is not installed (could not run "${REDIS_SERVER} --version"): the Redis store tests need a real server; install it (Debian: apt-get install redis-server; .ci/run does) or set REDIS_SERVER`,
    );
  }
  const port = await freePort();
  const clusterArgs = cluster ? ["--cluster-enabled", "yes", "--cluster-announce-ip", "127.0.0.1", "--cluster-config-file", join(await freshDir("redis-cluster"), "nodes.conf")] : [];
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--loglevel", "warning", ...clusterArgs];
      child = spawn(REDIS_SERVER, args, {
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const started = Date.now();
      while (!(await ping(port))) {
        if (child.exitCode !== null || Date.now() - started > 10_000) {
          throw new Error(`redis-server on port ${port} did not start: ${stderr.trim() || `exit code ${String(child.exitCode)}`}`);
        }
        await sleep(20);
      }
    },
    kill: () => stopChild("SIGKILL"),
    stop: () => stopChild("SIGTERM"),
  };
  async function stopChild(signal: NodeJS.Signals): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
    running.kill(signal);
    await exited;
  }
  await server.start();
  return server;
}

/** Answers PONG on `port`? */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    let reply = "";
    socket.setTimeout(500, () => (socket.destroy(), resolve(false)));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) {
        socket.destroy();
        resolve(reply.startsWith("+PONG"));
      }
    });
    socket.on("error", () => resolve(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type ClientKind = "node-redis" | "ioredis";
export const CLIENT_KINDS: readonly ClientKind[] = ["node-redis", "ioredis"];

/** A connected client of either kind, configured as the README recommends (commands fail fast while disconnected). */
export interface ConnectedRedis {
  kind: ClientKind;
  client: ReturnType<typeof createNodeRedis> | IoRedis;
  /** Raw commands for the test's own checks. */
  command(...args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/** `failFast: false`: the libraries' defaults (commands queue while disconnected); reconnects are quick either way. */
export async function connect(kind: ClientKind, url: string, { failFast = true } = {}): Promise<ConnectedRedis> {
  if (kind === "node-redis") {
    const client = createNodeRedis({ url, disableOfflineQueue: failFast, socket: { reconnectStrategy: () => 100 } });
    client.on("error", () => undefined);
    await client.connect();
    return {
      kind,
      client,
      command: (...args) => client.sendCommand(args),
      close: async () => {
        client.destroy();
      },
    };
  }
  const client = new IoRedis(url, { ...(failFast && { enableOfflineQueue: false, maxRetriesPerRequest: 1 }), retryStrategy: () => 100, lazyConnect: true });
  client.on("error", () => undefined);
  await client.connect();
  return {
    kind,
    client,
    command: (name, ...args) => client.call(name ?? "PING", ...args),
    close: async () => {
      client.disconnect();
    },
  };
}

/**
 * Bundles `source` (TypeScript that imports generated code relative to `resolveDir`) into a Node
 * program under .tmp/; `redis` and `ioredis` stay imports of the repository's node_modules.
 */
export async function bundleProgram(source: string, resolveDir: string, name: string): Promise<string> {
  const dir = await freshDir("redis-program");
  const outfile = join(dir, `${name}.mjs`);
  await mkdir(dir, { recursive: true });
  await build({
    stdin: { contents: source, resolveDir, sourcefile: `${name}.ts`, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["redis", "ioredis"],
    outfile,
    logLevel: "silent",
  });
  await writeFile(join(dir, "package.json"), '{ "type": "module" }\n');
  return outfile;
}

/** A child Node process that speaks JSON lines on stdout. */
export interface Child {
  /** The next JSON line it prints. */
  next(): Promise<unknown>;
  /** Waits for its exit; rejects when the exit code is not 0. */
  exited(): Promise<void>;
  kill(): void;
}

export function runNode(file: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, [file], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    const value: unknown = JSON.parse(line);
    const waiter = waiting.shift();
    if (waiter) waiter(value);
    else lines.push(value);
  });
  const exit = new Promise<void>((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`child ${file} exited with ${String(code)}: ${stderr.trim()}`)))),
  );
  exit.catch(() => undefined);
  return {
    next: () =>
      lines.length > 0
        ? Promise.resolve(lines.shift())
        : Promise.race([new Promise((resolve) => waiting.push(resolve)), exit.then(() => Promise.reject(new Error(`child ${file} exited early: ${stderr.trim()}`)))]),
    exited: () => exit,
    kill: () => child.kill("SIGKILL"),
  };
}

/** Ends within `ms`, or fails saying what hung. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The start of a child program (bundled by bundleProgram): connects `redis` to REDIS_URL with the
 * client REDIS_CLIENT names, failing fast while Redis is down. Programs import their own store.
 */
export const CONNECT_PROGRAM = `
import { createClient as createNodeRedis } from "redis";
import { Redis } from "ioredis";

const url = process.env.REDIS_URL;
let redis;
if (process.env.REDIS_CLIENT === "ioredis") {
  redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  await new Promise((resolve) => redis.once("ready", resolve));
} else {
  redis = createNodeRedis({ url, disableOfflineQueue: true });
  await redis.connect();
}
redis.on("error", () => {});
`;
