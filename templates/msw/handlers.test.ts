// The handler set on a hand-made API of two routes, with the server runtime (../server/) as the
// generated index passes it: routing through the server's router, auth, token kinds, a limit with
// its 429, reset, overrides, baseUrl and the clock. Handlers are asked through msw's getResponse.
import "../../test/msw/node20.js";
import { getResponse } from "msw";
import { describe, expect, test } from "vitest";
import { createRequestHandler } from "../server/handler.js";
import { createRouter } from "../server/router.js";
import type { ApiDefinition, RouteDefinition } from "../server/types.js";
import { createMockHandlerSet, type MockHandlersOptions } from "./handlers.js";

const getThing: RouteDefinition = {
  id: "getThing", module: "things", method: "GET", path: "/things/{id}", segments: ["things", { param: "id" }],
  tokens: ["personal"], limits: [{ burst: 1, intervalMs: 60_000, limit: 1, periodMs: 60_000 }], query: undefined, body: { kind: "none" }, status: 200,
};
const listThings: RouteDefinition = {
  id: "listThings", module: "things", method: "GET", path: "/things", segments: ["things"],
  tokens: undefined, limits: undefined, query: undefined, body: { kind: "none" }, status: 200,
};
const api: ApiDefinition = { authHeader: "Authorization", routes: [getThing, listThings] };
const TOKENS = { p: { principalId: "s1", tokenKind: "personal" }, s: { principalId: "s1", tokenKind: "service" } };

function handlerSet(options: Partial<MockHandlersOptions> = {}) {
  return createMockHandlerSet(
    {
      api,
      createRouter,
      createRequestHandler,
      answers: { getThing: { kind: "json", schema: { kind: "ref", name: "Thing" } }, listThings: { kind: "json", example: [] } },
      types: { Thing: { kind: "object", properties: [{ name: "n", required: true, type: { kind: "integer", minimum: 1, maximum: 3 } }] } },
    },
    { tokens: TOKENS, ...options },
  );
}

const get = (handlers: Parameters<typeof getResponse>[0], url: string, token?: string) =>
  getResponse(handlers, new Request(url, token === undefined ? {} : { headers: { Authorization: token } }));

describe("createMockHandlerSet", () => {
  test("one handler per route; answers seeded values through the server's pipeline", async () => {
    const set = handlerSet({ seed: 4 });
    expect(set.handlers).toHaveLength(2);
    const thing = await get(set.handlers, "https://x.test/things/1", "p");
    expect(thing?.status).toBe(200);
    const body = (await thing!.json()) as { n: number };
    expect([1, 2, 3]).toContain(body.n);
    expect(await (await get(handlerSet({ seed: 4 }).handlers, "https://y.test/things/2", "p"))!.json()).toEqual(body);
    expect(await (await get(set.handlers, "https://x.test/things", "s"))!.json()).toEqual([]);
    // No route: no handler answers (msw's unhandled-request policy applies).
    expect(await get(set.handlers, "https://x.test/other", "p")).toBeUndefined();
  });

  test("401, 403, 429 with the headers; reset() and the clock give the budget back", async () => {
    let now = 1_000_000;
    const set = handlerSet({ now: () => now });
    expect((await get(set.handlers, "https://x.test/things/1"))?.status).toBe(401);
    expect((await get(set.handlers, "https://x.test/things/1", "s"))?.status).toBe(403);
    expect((await get(set.handlers, "https://x.test/things/1", "p"))?.status).toBe(200);
    const limited = await get(set.handlers, "https://x.test/things/1", "p");
    expect(limited?.status).toBe(429);
    expect(["retry-after", "x-ratelimit-retry", "x-ratelimit-limit", "x-ratelimit-reset"].map((name) => limited!.headers.get(name))).toEqual(["60", "60", "1", "60"]);
    now += 60_000;
    expect((await get(set.handlers, "https://x.test/things/1", "p"))?.status).toBe(200);
    set.reset();
    expect((await get(set.handlers, "https://x.test/things/1", "p"))?.status).toBe(200);
  });

  test("an override answers instead, behind the same auth and the same budget", async () => {
    const set = handlerSet();
    const override = set.override("getThing", (({ params }: { params: { id: string } }) => ({ n: Number(params.id) })) as never);
    const handlers = [override, ...set.handlers];
    expect(await (await get(handlers, "https://x.test/things/7", "p"))!.json()).toEqual({ n: 7 });
    expect((await get(handlers, "https://x.test/things/7", "p"))?.status).toBe(429);
    expect((await get(set.handlers, "https://x.test/things/7", "p"))?.status).toBe(429);
    expect((await get(handlers, "https://x.test/things/7"))?.status).toBe(401);
    expect(() => set.override("nothing", (() => 1) as never)).toThrow(/no operation "nothing"/);
  });

  test("baseUrl: only requests under it, its path taken off", async () => {
    const set = handlerSet({ baseUrl: "https://api.test/v2" });
    expect((await get(set.handlers, "https://api.test/v2/things", "p"))?.status).toBe(200);
    expect(await get(set.handlers, "https://api.test/things", "p")).toBeUndefined();
    expect(await get(set.handlers, "https://api.test/v20/things", "p")).toBeUndefined();
    expect(await get(set.handlers, "https://other.test/v2/things", "p")).toBeUndefined();
  });
});
