// The server of a catalogue with a limit group and per-kind limits, behind toNodeHandler on
// node:http, 127.0.0.1 (test/fixtures/catalogues/limit-groups: listCards and getCard share the group
// content, 2 at once and one more every 30 s; getReport allows personal tokens 1 a minute and
// service tokens 3 at once through the group reports-service).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue } from "../helpers/generate.js";
import { demoAuthenticate, generateServer, manualClock, type ServerModule } from "./helpers.js";

let server: ServerModule;
let base: string;
let http: Server;
const clock = manualClock();

const handlers = {
  cards: {
    listCards: () => ["a", "b"],
    getCard: ({ params }: { params: { cardId: string } }) => params.cardId,
    getReport: () => "report",
  },
};

beforeAll(async () => {
  ({ server } = await generateServer(fixtureCatalogue("limit-groups")));
  const handle = server.createRequestHandler(handlers, { authenticate: demoAuthenticate, now: clock.now });
  http = createServer(server.toNodeHandler(handle));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }),
);

const get = (path: string, token: string) => fetch(`${base}${path}`, { headers: { authorization: token } });

describe("a limit group on the server", () => {
  test("two routes of the group spend one budget per seller: 429 on the second route, not for another seller", async () => {
    const first = await get("/cards", "tok-personal-s1");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("1");
    // The seller's service token spends from the same seller's budget.
    const second = await get("/cards/c1", "tok-service-s1");
    expect(second.status).toBe(200);
    expect(second.headers.get("x-ratelimit-remaining")).toBe("0");
    const third = await get("/cards/c2", "tok-personal-s1");
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("30");
    expect(third.headers.get("x-ratelimit-limit")).toBe("2");
    expect((await get("/cards", "tok-personal-s1")).status).toBe(429);
    // Another seller has a budget of its own.
    expect((await get("/cards/c3", "tok-personal-s2")).status).toBe(200);
    clock.advance(30_000);
    expect((await get("/cards/c4", "tok-personal-s1")).status).toBe(200);
    expect((await get("/cards", "tok-personal-s1")).status).toBe(429);
  });
});

describe("limits per token kind on the server (getReport)", () => {
  test("a personal token gets 1 a minute; the same seller's service token, counted apart, 3 at once", async () => {
    const personal = await get("/reports", "tok-personal-s1");
    expect(personal.status).toBe(200);
    expect(personal.headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await get("/reports", "tok-personal-s1")).status).toBe(429);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get("/reports", "tok-service-s1")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await get("/reports", "tok-service-s1");
    expect(refused.headers.get("x-ratelimit-limit")).toBe("3");
    expect(refused.headers.get("retry-after")).toBe("20");
  });
});
