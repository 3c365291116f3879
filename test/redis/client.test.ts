// The generated client with `rateLimitStore: redisRateLimitStore(redis)` on a real redis-server:
// three processes sharing a token stay within the catalogue's limit at a counting server; a waiting
// call is cancellable and bounded by its timeout; Redis killed: "allow" (default) goes on under the
// in-memory bucket, "deny" fails the call, nothing hangs, and the shared limit is back with Redis.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { importClient, rejection, type ClientModule } from "../client/support.js";
import { MemoryRateLimitStore } from "../../templates/shared/memory-rate-limit-store.js";
import { bundleProgram, CLIENT_KINDS, connect, CONNECT_PROGRAM, runNode, startRedis, within, type ConnectedRedis, type RedisServer } from "./support.js";

// getOrder of the server-features catalogue: burst 2, one more every 500 ms.
const BURST = 2;
const INTERVAL_MS = 500;
const ORDER = { id: "o-1", quantity: 2, status: "open" };

/** A client process: CALLS calls of getOrder with one shared token, then prints what each gave. */
const CLIENT_PROGRAM = `${CONNECT_PROGRAM}
import { createClient, redisRateLimitStore } from "./client/index.js";
const api = createClient({
  baseUrl: process.env.BASE_URL,
  token: "tok-shared",
  retry: false,
  rateLimitStore: redisRateLimitStore(redis),
  onStoreError: "deny",
});
const results = [];
for (let i = 0; i < Number(process.env.CALLS); i++) {
  try {
    await api.shop.getOrder({ orderId: "o-1" });
    results.push("ok");
  } catch (error) {
    results.push(error.kind + (error.status ? " " + error.status : ""));
  }
}
console.log(JSON.stringify({ results }));
process.exit(0);
`;

/** A server that counts getOrder's arrivals and answers 429 beyond the limit (plus one request of slack for network jitter). */
class CountingServer {
  readonly arrivals: number[] = [];
  rejected = 0;
  #limits = new MemoryRateLimitStore();
  #http: Server = createServer((request, response) => {
    this.arrivals.push(performance.now());
    const decision = this.#limits.take(request.headers.authorization ?? "", { burst: BURST + 1, intervalMs: INTERVAL_MS });
    if (!decision.allowed) {
      this.rejected++;
      response.writeHead(429, { "content-type": "application/json", "retry-after": "1" }).end("{}");
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(ORDER));
  });
  url = "";

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#http.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#http.address() as AddressInfo).port}`;
  }

  reset(): void {
    this.arrivals.length = 0;
    this.rejected = 0;
    this.#limits = new MemoryRateLimitStore();
  }

  /** The most arrivals in any window of `ms`. */
  busiest(ms: number): number {
    const sorted = [...this.arrivals].sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; i < sorted.length; i++) {
      while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= ms) j++;
      most = Math.max(most, i - j + 1);
    }
    return most;
  }

  close(): Promise<void> {
    this.#http.closeAllConnections();
    return new Promise((resolve) => this.#http.close(() => resolve()));
  }
}

let redis: RedisServer;
let out: string;
let client: ClientModule;
const counting = new CountingServer();

beforeAll(async () => {
  redis = await startRedis();
  out = await generateForTest({ catalogue: fixtureCatalogue("server-features"), targets: ["client"] });
  client = await importClient(out);
  await counting.start();
});
afterAll(async () => {
  await counting.close();
  await redis?.stop();
});
beforeEach(() => counting.reset());

type Api = ReturnType<ClientModule["createClient"]>;
const getOrder = (api: Api, call?: object) => api.shop!.getOrder!({ orderId: "o-1" }, call);

test("three client processes sharing a token and a Redis store stay within the limit, with no 429", async () => {
  const program = await bundleProgram(CLIENT_PROGRAM, out, "client");
  const calls = 4;
  const started = performance.now();
  const children = ["node-redis", "ioredis", "node-redis"].map((kind) =>
    runNode(program, { REDIS_URL: redis.url, REDIS_CLIENT: kind, BASE_URL: counting.url, CALLS: String(calls) }),
  );
  const outputs = (await within(40_000, "three client processes", Promise.all(children.map((c) => c.next())))) as { results: string[] }[];
  const elapsed = performance.now() - started;
  expect(outputs.flatMap((o) => o.results)).toEqual(Array(3 * calls).fill("ok"));
  expect(counting.rejected).toBe(0);
  expect(counting.arrivals).toHaveLength(3 * calls);
  // The catalogue's limit in every window: the burst plus one per interval, with a second of slack
  // for the way from the decision in Redis to the server (a process on a machine at load 17 can
  // stall for hundreds of ms). Three separate buckets would allow 3 times the burst at once.
  for (const window of [500, 1000, 2000]) {
    expect(counting.busiest(window), `arrivals in ${window} ms`).toBeLessThanOrEqual(BURST + Math.floor((window + 1_000) / INTERVAL_MS));
  }
  // 12 calls at 2 at once and one per 500 ms take 5 s at least.
  expect(elapsed).toBeGreaterThanOrEqual((3 * calls - BURST) * INTERVAL_MS - 150);
});

describe.each(CLIENT_KINDS)("one process (%s)", (kind) => {
  let connection: ConnectedRedis;
  let tokens = 0;
  beforeAll(async () => {
    connection = await connect(kind, redis.url, { failFast: false });
  });
  afterAll(async () => {
    await connection?.close();
  });

  const newToken = () => `tok-${kind}-${tokens++}`;

  function apiWith(token: string, options: Record<string, unknown> = {}) {
    const storeErrors: Error[] = [];
    const { storeOptions, ...rest } = options as { storeOptions?: object };
    const store = (client as unknown as { redisRateLimitStore: (r: unknown, o: object) => unknown }).redisRateLimitStore(connection.client, {
      prefix: `client-${kind}:`,
      timeoutMs: 300,
      onError: (error: Error) => storeErrors.push(error),
      ...storeOptions,
    });
    const api = client.createClient({ baseUrl: counting.url, token, retry: false, rateLimitStore: store, ...rest });
    return { api, storeErrors };
  }

  test("a call waits for its turn in the shared bucket, cancellable by its signal, bounded by its timeout", async () => {
    const token = newToken();
    const a = apiWith(token).api;
    const b = apiWith(token).api;
    const started = performance.now();
    await getOrder(a);
    await getOrder(a);
    // b shares the bucket: its call waits until one interval after the first call.
    await getOrder(b);
    expect(performance.now() - started).toBeGreaterThanOrEqual(INTERVAL_MS - 20);

    // A waiting call ends when its signal aborts.
    const controller = new AbortController();
    const waiting = rejection(getOrder(b, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    // "aborted", not the answer its turn would have brought.
    expect(await within(20_000, "an aborted wait", waiting)).toMatchObject({ kind: "aborted" });

    // A turn that comes after the call's timeout is not waited for.
    const tooLate = await within(20_000, "a call whose turn is past its timeout", rejection(getOrder(b, { timeoutMs: 100 })));
    expect(tooLate).toMatchObject({ kind: "rate_limited" });
    expect(tooLate.retryAfterMs).toBeGreaterThan(100);
    expect(counting.rejected).toBe(0);
  });

  test('Redis down, "allow" (default): calls go on under the in-memory bucket, none hangs; the shared bucket is back with Redis', async () => {
    await redis.kill();
    try {
      const { api, storeErrors } = apiWith(newToken(), { rateLimit: "fail" });
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: 3 }, () => getOrder(api).then(() => "ok", (error: { kind: string }) => error.kind)),
      );
      // Generous bounds (a busy machine is slow) that still tell the store's 300 ms timeout from a hang.
      expect(performance.now() - started).toBeLessThan(15_000);
      // The in-memory bucket of this client: the burst, then "fail" mode refuses.
      expect(results.sort()).toEqual(["ok", "ok", "rate_limited"]);
      expect(storeErrors.length).toBeGreaterThanOrEqual(3);
      expect(storeErrors[0]?.message).toMatch(/rate-limit store \(Redis\) failed|no answer from Redis/);
    } finally {
      await redis.start();
    }
    // Recovered: two clients with one token share one bucket again.
    const started = Date.now();
    for (;;) {
      const token = newToken();
      const first = apiWith(token, { rateLimit: "fail" }).api;
      const second = apiWith(token, { rateLimit: "fail" }).api;
      await getOrder(first);
      await getOrder(first);
      const error = await getOrder(second).then(() => undefined, (e: { kind: string }) => e);
      if (error?.kind === "rate_limited") break;
      if (Date.now() - started > 15_000) throw new Error("the shared bucket did not come back within 15 s of Redis");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  test('Redis down, "deny": calls fail as network errors within the store timeout; a slow store is bounded by the call timeout', async () => {
    const errors: unknown[] = [];
    await redis.kill();
    try {
      const { api } = apiWith(newToken(), { onStoreError: "deny", onError: (event: { error: unknown }) => errors.push(event.error) });
      const started = performance.now();
      const error = await within(20_000, "a call while Redis is down", rejection(getOrder(api)));
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(error).toMatchObject({ kind: "network" });
      expect(error.message).toMatch(/rate-limit store failed/);
      expect(errors).toHaveLength(1);

      // A store slower than the call's timeout: the call's timeout wins.
      const slow = apiWith(newToken(), { onStoreError: "deny", storeOptions: { timeoutMs: 60_000 } }).api;
      const slowStarted = performance.now();
      const timedOut = await within(20_000, "a call with a 200 ms timeout", rejection(getOrder(slow, { timeoutMs: 200 })));
      expect(timedOut).toMatchObject({ kind: "network" });
      expect(performance.now() - slowStarted).toBeLessThan(15_000); // the call's 200 ms, not the store's 60 s
      expect(counting.arrivals).toHaveLength(0);
    } finally {
      await redis.start();
    }
  });
});
