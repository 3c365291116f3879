// The client of a catalogue with a limit group and per-kind limits, against a real HTTP server on
// 127.0.0.1 (test/fixtures/catalogues/limit-groups: listCards and getCard share the group content,
// 2 at once and one more every 30 s; getReport allows personal tokens 1 a minute and service
// tokens 3 at once through the group reports-service).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { importClient, ManualClock, rejection, settle, startServer, type ClientModule, type TestServer } from "./support.js";

let server: TestServer;
let client: ClientModule;

beforeAll(async () => {
  server = await startServer();
  client = await importClient(await generateForTest({ catalogue: fixtureCatalogue("limit-groups"), targets: ["client"] }));
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function api(options: Record<string, unknown> = {}) {
  return client.createClient({ baseUrl: server.url, token: "token-of-seller-one", validate: "off", retry: false, ...options });
}

describe("a limit group: one budget for all its operations", () => {
  test("after listCards used the burst, getCard fails at once ('fail' mode) until the group's budget comes back", async () => {
    const clock = new ManualClock();
    const cards = api({ clock, rateLimit: "fail" }).cards!;
    await cards.listCards!();
    await cards.listCards!();
    const error = await rejection(cards.getCard!({ cardId: "1" }));
    expect(error.kind).toBe("rate_limited");
    expect(error.retryAfterMs).toBe(30_000);
    expect(server.received).toHaveLength(2);
    clock.advance(30_000);
    await cards.getCard!({ cardId: "1" });
    expect(server.received.map((r) => r.url)).toEqual(["/cards", "/cards", "/cards/1"]);
  });

  test("in 'wait' mode getCard waits for the group's next turn", async () => {
    const clock = new ManualClock();
    const cards = api({ clock }).cards!;
    await cards.listCards!();
    await cards.getCard!({ cardId: "1" });
    const third = cards.listCards!();
    await settle();
    expect(server.received).toHaveLength(2);
    expect(clock.pendingMs()).toBe(30_000);
    clock.advance(30_000);
    await third;
    expect(server.received.map((r) => r.url)).toEqual(["/cards", "/cards/1", "/cards"]);
  });

  test("the budget is per token: another token has its own", async () => {
    const clock = new ManualClock();
    const store = new (client.MemoryRateLimitStore as new (options: object) => object)({ now: clock.now });
    const one = api({ clock, rateLimit: "fail", rateLimitStore: store }).cards!;
    const other = api({ clock, rateLimit: "fail", rateLimitStore: store, token: "token-of-seller-two" }).cards!;
    await one.listCards!();
    await one.getCard!({ cardId: "1" });
    expect((await rejection(one.listCards!())).kind).toBe("rate_limited");
    await other.getCard!({ cardId: "2" });
    expect(server.received).toHaveLength(3);
  });

  test("two clients sharing a store and a token share the group's bucket", async () => {
    const clock = new ManualClock();
    const store = new (client.MemoryRateLimitStore as new (options: object) => object)({ now: clock.now });
    const first = api({ clock, rateLimit: "fail", rateLimitStore: store }).cards!;
    const second = api({ clock, rateLimit: "fail", rateLimitStore: store }).cards!;
    await first.listCards!();
    await second.listCards!();
    expect((await rejection(first.getCard!({ cardId: "1" }))).kind).toBe("rate_limited");
    expect((await rejection(second.getCard!({ cardId: "1" }))).kind).toBe("rate_limited");
    expect(server.received).toHaveLength(2);
  });
});

describe("limits per token kind (getReport)", () => {
  async function sentBeforeRefusal(options: Record<string, unknown>): Promise<number> {
    const cards = api({ clock: new ManualClock(), rateLimit: "fail", ...options }).cards!;
    for (let sent = 0; sent < 10; sent++) {
      try {
        await cards.getReport!();
      } catch (error) {
        expect((error as { kind: string }).kind).toBe("rate_limited");
        return sent;
      }
    }
    return 10;
  }

  test("a personal token gets the personal limit (1 at once)", async () => {
    expect(await sentBeforeRefusal({ tokenKind: "personal" })).toBe(1);
  });

  test("a service token gets the service group's limit (3 at once)", async () => {
    expect(await sentBeforeRefusal({ tokenKind: "service" })).toBe(3);
  });

  test("without tokenKind every limit applies: the strictest (1 at once)", async () => {
    expect(await sentBeforeRefusal({})).toBe(1);
  });

  test("rateLimits({ tokenKind }) on a transport does the same", async () => {
    const clock = new ManualClock();
    const rateLimits = client.rateLimits as (options: object) => unknown;
    const transport = client.createTransport({ baseUrl: server.url, token: "token-of-seller-one", clock, use: [rateLimits({ mode: "fail", tokenKind: "service" })] });
    const getReport = client.getReport as (transport: unknown) => Promise<unknown>;
    for (let i = 0; i < 3; i++) await getReport(transport);
    expect((await rejection(getReport(transport))).kind).toBe("rate_limited");
    expect(server.received).toHaveLength(3);
  });
});
