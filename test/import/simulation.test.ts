// Issue 43: the point of importing a document's limits. The marketplace's English DBS document
// (test/import/real/missial-en/orders-dbs.json) gives, in `x-wb-rate-limits`, one budget of 300
// requests a minute (one every 200 ms, bursts of 20) shared by all eight "DBS assembly orders"
// methods, and charges an answer of 4XX as 10 requests. Imported, generated and run on 127.0.0.1,
// the generated client driven by several concurrent callers over those operations never meets a
// 429 from the generated server, and both sides charge each 4XX answer 10 requests.
//
// Both sides read one stepping clock: time moves only when a caller waits (to the end of its wait),
// so what the limiters see does not depend on how fast a busy machine sends the requests.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import type { ApiModel } from "../../src/model/types.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";
import { importClient, rejection, type ClientModule } from "../client/support.js";
import { importServer } from "../server/helpers.js";
import { SteppingClock } from "./stepping-clock.js";

const document = fileURLToPath(new URL("real/missial-en/orders-dbs.json", import.meta.url));
const GROUP = "dbs-assembly-orders";
const BURST = 20;
const INTERVAL_MS = 200;
const ERROR_COST = 10;

/** One request as the server saw it: when (on the stepping clock), which seller, which operation, its answer. */
interface Arrival {
  at: number;
  seller: string;
  path: string;
  status: number;
  remaining: string | null;
}

let model: ApiModel;
let dir = "";
const clock = new SteppingClock();
const arrivals: Arrival[] = [];
/** Sellers whose next requests the handlers answer with 400, and how many. */
const failures = new Map<string, number>();
let client: ClientModule;
let http: Server;
let base = "";

beforeAll(async () => {
  dir = await freshDir("simulation");
  const catalogue = join(dir, "catalogue");
  let err = "";
  const args = ["import", document, "--out", catalogue, "--report", join(dir, "report.txt"), "--token-kinds-extension", "x-token-types", "--limits-extension", "x-wb-rate-limits"];
  expect(await main(args, { out: () => {}, err: (text) => (err += text), cwd: dir })).toBe(0);
  expect(err).toBe("");
  model = await loadModel(catalogue);
  const out = join(dir, "generated");
  await generate({ catalogue, out, targets: ["client", "server"] });
  client = await importClient(out);
  const server = await importServer(out);
  const answer = (context: { identity: { principalId: string }; error: (status: number, detail: string) => Response }, value: unknown): unknown => {
    const left = failures.get(context.identity.principalId) ?? 0;
    if (left === 0) return value;
    failures.set(context.identity.principalId, left - 1);
    return context.error(400, "refused on purpose");
  };
  type Context = Parameters<typeof answer>[0];
  const handle = server.createRequestHandler(
    {
      dbsAssemblyOrders: {
        getV3DbsOrdersNew: (context: Context) => answer(context, { orders: [] }),
        getV3DbsOrders: (context: Context) => answer(context, { next: 0, orders: [] }),
        postV3DbsOrdersStatusInfo: (context: Context) => answer(context, { orders: [] }),
        postV3DbsOrdersB2bInfo: (context: Context) => answer(context, { orders: [] }),
      },
    },
    { authenticate: (token: string) => ({ principalId: token, tokenKind: "personal" }), now: clock.now },
  );
  http = createServer(
    server.toNodeHandler(async (request) => {
      const response = await handle(request);
      const seller = request.headers.get("authorization") ?? "";
      arrivals.push({ at: clock.now(), seller, path: new URL(request.url).pathname, status: response.status, remaining: response.headers.get("x-ratelimit-remaining") });
      return response;
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  http?.closeAllConnections();
  await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
});

const api = (seller: string) =>
  client.createClient({ baseUrl: base, token: seller, tokenKind: "personal", clock, rateLimitMarginMs: 0, retry: false, validate: "off" }).dbsAssemblyOrders!;

/** The four operations of the group the handlers answer, called in turn. */
const calls = [
  (ops: ReturnType<typeof api>) => ops.getV3DbsOrdersNew!(),
  (ops: ReturnType<typeof api>) => ops.getV3DbsOrders!({ query: { limit: 10, next: 0, dateFrom: 1, dateTo: 2 } }),
  (ops: ReturnType<typeof api>) => ops.postV3DbsOrdersStatusInfo!({ body: { ordersIds: [1] } }),
  (ops: ReturnType<typeof api>) => ops.postV3DbsOrdersB2bInfo!({ body: { ordersIds: [1] } }),
];

/** Whether a token bucket of BURST refilled one per INTERVAL_MS admits every arrival (each charged `cost`). */
function withinBudget(seen: readonly { at: number; cost: number }[]): boolean {
  let tokens = BURST;
  let last = seen[0]?.at ?? 0;
  for (const { at, cost } of seen) {
    tokens = Math.min(BURST, tokens + (at - last) / INTERVAL_MS);
    last = at;
    if (tokens < 1) return false;
    tokens -= Math.min(cost, tokens);
  }
  return true;
}

describe("the imported group", () => {
  test("the eight DBS assembly orders methods share one budget: 300 a minute, one every 200 ms, bursts of 20, 4XX costs 10", async () => {
    const group = model.limitGroups?.find((candidate) => candidate.id === GROUP);
    expect(group && [group.limit.limit, group.limit.period.text, group.limit.interval.milliseconds, group.limit.burst, group.limit.errorCost]).toEqual([300, "1 minute", INTERVAL_MS, BURST, [{ status: "4XX", cost: ERROR_COST }]]);
    const members = model.modules.flatMap((module) => module.operations).filter((operation) => operation.limits?.some((limit) => limit.group === GROUP));
    expect(members.map((operation) => operation.path).sort()).toEqual([
      "/api/marketplace/v3/dbs/orders/b2b/info",
      "/api/marketplace/v3/dbs/orders/status/info",
      "/api/marketplace/v3/dbs/orders/stickers",
      "/api/v3/dbs/groups/info",
      "/api/v3/dbs/orders",
      "/api/v3/dbs/orders/client",
      "/api/v3/dbs/orders/delivery-date",
      "/api/v3/dbs/orders/new",
    ]);
  });
});

describe("the generated client against the generated server", () => {
  test("8 concurrent callers, 10 calls each over four operations of the group: no 429, and the group's budget is kept", async () => {
    const seller = "seller-concurrent";
    const ops = api(seller);
    const started = clock.now();
    const CALLERS = 8;
    const EACH = 10;
    await Promise.all(
      Array.from({ length: CALLERS }, async (_, caller) => {
        for (let i = 0; i < EACH; i++) await calls[(caller + i) % calls.length]!(ops);
      }),
    );
    const seen = arrivals.filter((arrival) => arrival.seller === seller);
    expect(seen).toHaveLength(CALLERS * EACH);
    expect(seen.filter((arrival) => arrival.status === 429)).toEqual([]);
    expect(new Set(seen.map((arrival) => arrival.path)).size).toBe(calls.length);
    expect(withinBudget(seen.map(({ at }) => ({ at, cost: 1 })))).toBe(true);
    // One budget, not one per operation: 80 requests at bursts of 20 and one per 200 ms take at
    // least 60 intervals (four budgets of their own would have let all 80 through at once).
    expect(clock.now() - started).toBeGreaterThanOrEqual((CALLERS * EACH - BURST) * INTERVAL_MS);
  });

  test("a burst of 4XX answers is charged 10 each by the server and by the client", async () => {
    const seller = "seller-errors";
    const ops = api(seller);
    // Two concurrent calls answered 400: the server charges each 10 (20 of the burst of 20) ...
    failures.set(seller, 2);
    const refused = await Promise.all([rejection(calls[0]!(ops)), rejection(calls[2]!(ops))]);
    expect(refused.map((error) => error.status)).toEqual([400, 400]);
    expect(arrivals.filter((arrival) => arrival.seller === seller).map((arrival) => arrival.remaining).sort()).toEqual(["0", "10"]);
    // ... and so does the client: each next call waits for one refill, instead of meeting a 429
    // (charged 1 each, it would have sent them at once).
    for (const call of calls.slice(1)) {
      const before = clock.now();
      await call(ops);
      expect(clock.now() - before).toBe(INTERVAL_MS);
    }
    expect(arrivals.filter((arrival) => arrival.seller === seller).map((arrival) => arrival.status)).toEqual([400, 400, 200, 200, 200]);
  });

  test("one 4XX leaves 10 of the burst: the client sends 10 at once and the 11th one interval later", async () => {
    const seller = "seller-one-error";
    const ops = api(seller);
    failures.set(seller, 1);
    expect((await rejection(calls[1]!(ops))).status).toBe(400);
    expect(arrivals.filter((arrival) => arrival.seller === seller).map((arrival) => arrival.remaining)).toEqual([String(BURST - ERROR_COST)]);
    const afterError = clock.now();
    await Promise.all(Array.from({ length: BURST - ERROR_COST }, (_, i) => calls[i % calls.length]!(ops)));
    expect(clock.now()).toBe(afterError);
    await calls[0]!(ops);
    expect(clock.now() - afterError).toBe(INTERVAL_MS);
    const statuses = arrivals.filter((arrival) => arrival.seller === seller).map((arrival) => arrival.status);
    expect(statuses).toEqual([400, ...Array.from({ length: BURST - ERROR_COST + 1 }, () => 200)]);
  });

  test("the report names the group and the cost, and nothing about the extension is lost", async () => {
    const report = await readFile(join(dir, "report.txt"), "utf8");
    expect(report).toContain(`limit group ${GROUP} for the methods of "DBS assembly orders"`);
    expect(report).not.toContain("x-wb-rate-limits: {");
  });
});
