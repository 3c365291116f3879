// The generated server with redisRateLimitStore on a real redis-server: three instances in separate
// processes grant each seller exactly its budget; Redis killed in the middle gives 503 ("deny", the
// default) or lets requests through ("allow"), never hangs, and is picked up again when it is back.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateForTest } from "../helpers/generate.js";
import { importServer, type ServerModule } from "../server/helpers.js";
import type { ErrorContext } from "../../templates/server/types.js";
import { redisRateLimitStore } from "../../templates/shared/redis-rate-limit-store.js";
import { bundleProgram, CLIENT_KINDS, connect, CONNECT_PROGRAM, runNode, startRedis, within, type Child, type ConnectedRedis, type RedisServer } from "./support.js";

const DISCREPANCIES = "/api/supplies/v1/discrepancies/supply-1";

/** A generated server of the real catalogue over node:http, its store in Redis; prints its port. */
const SERVER_PROGRAM = `${CONNECT_PROGRAM}
import { createServer } from "node:http";
import { createRequestHandler, mockHandlers, redisRateLimitStore, toNodeHandler } from "./server/index.js";
const handle = createRequestHandler(mockHandlers, {
  // "tok-<seller>" is a personal token of <seller>.
  authenticate: (token) => (token.startsWith("tok-") ? { principalId: token.slice(4), tokenKind: "personal" } : undefined),
  rateLimitStore: redisRateLimitStore(redis),
});
const http = createServer(toNodeHandler(handle));
http.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: http.address().port })));
`;

let redis: RedisServer;
let out: string;
let server: ServerModule;

beforeAll(async () => {
  redis = await startRedis();
  out = await generateForTest({ targets: ["server"] });
  server = await importServer(out);
});
afterAll(async () => {
  await redis?.stop();
});

describe("three server instances in separate processes share one Redis", () => {
  const children: Child[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    const program = await bundleProgram(SERVER_PROGRAM, out, "server");
    // Both client libraries in one fleet: they share the buckets.
    for (const kind of ["node-redis", "ioredis", "node-redis"]) {
      children.push(runNode(program, { REDIS_URL: redis.url, REDIS_CLIENT: kind }));
    }
    for (const child of children) {
      const { port } = (await within(20_000, "a server process starting", child.next())) as { port: number };
      bases.push(`http://127.0.0.1:${port}`);
    }
  });
  afterAll(() => {
    for (const child of children) child.kill();
  });

  const get = (instance: number, seller: string): Promise<Response> =>
    fetch(`${bases[instance % bases.length]}${DISCREPANCIES}`, { headers: { authorization: `tok-${seller}` } });

  test("50 concurrent requests of one seller: exactly one 200 and 49 429s; other sellers unaffected", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => get(i, "s1")));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);

    const ok = responses.find((r) => r.status === 200);
    expect(ok?.headers.get("x-ratelimit-remaining")).toBe("0");
    for (const denied of responses.filter((r) => r.status === 429)) {
      expect(denied.headers.get("x-ratelimit-limit")).toBe("1");
      const retry = Number(denied.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(59);
      expect(retry).toBeLessThanOrEqual(60);
      expect(denied.headers.get("x-ratelimit-retry")).toBe(String(retry));
      expect(Number(denied.headers.get("x-ratelimit-reset"))).toBeLessThanOrEqual(60);
    }
    await Promise.all(responses.map((r) => r.arrayBuffer()));

    // Other sellers have their own budget, on every instance.
    for (const [instance, seller] of [[0, "s2"], [1, "s3"], [2, "s4"]] as const) {
      const response = await get(instance, seller);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const again = await get(1, "s2");
    expect(again.status).toBe(429);
    await again.arrayBuffer();
  });
});

describe.each(CLIENT_KINDS)("Redis killed in the middle (%s, default client settings)", (kind) => {
  let connection: ConnectedRedis;
  let sellers = 0;
  beforeAll(async () => {
    // Default settings: commands wait in the client's offline queue; the store's timeout bounds them.
    connection = await connect(kind, redis.url, { failFast: false });
  });
  afterAll(async () => {
    await connection?.close();
  });

  function handlerWith(onStoreError: "allow" | "deny" | undefined) {
    const logged: { error: unknown; context: ErrorContext }[] = [];
    const storeErrors: Error[] = [];
    const handle = server.createRequestHandler(server.mockHandlers, {
      authenticate: (token: string) => (token.startsWith("tok-") ? { principalId: token.slice(4), tokenKind: "personal" } : undefined),
      rateLimitStore: redisRateLimitStore(connection.client, { prefix: `kill-${kind}-${String(onStoreError)}:`, timeoutMs: 300, onError: (e) => storeErrors.push(e) }),
      onError: (error, context) => logged.push({ error, context }),
      ...(onStoreError && { onStoreError }),
    });
    const get = (seller: string) =>
      within(15_000, "a request while Redis is down", handle(new Request(`http://server.test${DISCREPANCIES}`, { headers: { authorization: `tok-${seller}` } })));
    return { get, logged, storeErrors };
  }

  const newSeller = () => `${kind}-seller-${sellers++}`;

  /** Until Redis is back and the store answers: a fresh seller gets 200 (not 503). */
  async function untilRecovered(get: (seller: string) => Promise<Response>): Promise<string> {
    const started = Date.now();
    for (;;) {
      const seller = newSeller();
      const response = await get(seller);
      if (response.status === 200) return seller;
      expect(response.status).toBe(503);
      if (Date.now() - started > 15_000) throw new Error("the store did not recover within 15 s of Redis coming back");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  test('"deny" (default): 503 with Retry-After while Redis is down, onError told, back to normal without a restart', async () => {
    const { get, logged, storeErrors } = handlerWith(undefined);
    const seller = newSeller();
    expect((await get(seller)).status).toBe(200);
    expect((await get(seller)).status).toBe(429);

    await redis.kill();
    try {
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const response = await get(newSeller());
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("1");
        expect(await response.json()).toMatchObject({ status: 503, code: "rate-limit-store-unavailable" });
        expect(Date.now() - started).toBeLessThan(15_000); // generous: the store's 300 ms timeout, not a hang
      }
      expect(logged.length).toBeGreaterThanOrEqual(3);
      expect(logged[0]?.context).toMatchObject({ operation: "getDiscrepancies", method: "GET", path: DISCREPANCIES });
      expect(String(logged[0]?.error)).toMatch(/rate-limit store|Redis/);
      expect(storeErrors.length).toBeGreaterThanOrEqual(3);
    } finally {
      await redis.start();
    }
    const recovered = await untilRecovered(get);
    // Limits hold again, through Redis.
    expect((await get(recovered)).status).toBe(429);
  });

  test('"allow": requests go through while Redis is down, and limits hold again when it is back', async () => {
    const { get, logged } = handlerWith("allow");
    await redis.kill();
    try {
      const seller = newSeller();
      for (let i = 0; i < 3; i++) {
        const response = await get(seller);
        expect(response.status).toBe(200);
        expect(response.headers.get("x-ratelimit-remaining")).toBeNull();
      }
      expect(logged.length).toBeGreaterThanOrEqual(3);
    } finally {
      await redis.start();
    }
    const recovered = await untilRecovered(get);
    expect((await get(recovered)).status).toBe(429);
  });
});
