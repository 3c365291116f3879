// The msw target on this repository's catalogue, served by MSW's own setupServer (msw/node) in this
// process: every operation answers the generated client as `catalogen mock` does; the second
// getDiscrepancies of a seller within the minute is 429 with the mock's headers; 401 without a
// token (403 for a wrong token kind: seed.test.ts, this catalogue takes both kinds everywhere);
// typed overrides; reset between tests.
import "./node20.js";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { getResponse, type HttpHandler } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import type { ApiModel } from "../../src/model/types.js";
import { generateForTest, repoCatalogue } from "../helpers/generate.js";
import { importClient, type ClientModule } from "../client/support.js";
import { callArguments } from "../mock/support.js";

const BASE = "https://seller-api.test";
const TOKENS = {
  "msw-personal": { principalId: "seller-1", tokenKind: "personal" },
  "msw-service": { principalId: "seller-1", tokenKind: "service" },
  "other-seller": { principalId: "seller-2", tokenKind: "personal" },
};

interface MswModule {
  createMockHandlers(options: { tokens: typeof TOKENS; seed?: number; baseUrl?: string }): {
    handlers: HttpHandler[];
    reset(): void;
    override: Record<string, (handler: (context: { params: Record<string, string>; identity: { principalId: string } }) => unknown) => HttpHandler>;
  };
}

type Api = Record<string, Record<string, (args?: unknown) => Promise<unknown>>>;

let model: ApiModel;
let client: ClientModule;
let mocks: ReturnType<MswModule["createMockHandlers"]>;
const server = setupServer();
const discrepancies = `${BASE}/api/supplies/v1/discrepancies/WB-GI-1234`;

beforeAll(async () => {
  model = await loadModel(repoCatalogue);
  const out = await generateForTest({ targets: ["client", "msw"] });
  client = await importClient(out);
  const msw = (await import(join(out, "msw/index.ts"))) as MswModule;
  mocks = msw.createMockHandlers({ tokens: TOKENS, seed: 1 });
  server.resetHandlers(...mocks.handlers);
  server.listen({ onUnhandledFrame: "error" });
}, 60_000);

afterEach(() => {
  server.resetHandlers();
  mocks.reset();
});

afterAll(() => server.close());

const call = (token?: string, url = discrepancies) => fetch(url, token === undefined ? {} : { headers: { Authorization: token } });

describe("msw handlers from this repository's catalogue", () => {
  it("answer every operation to the generated client: examples where given, {} where not documented", async () => {
    expect(mocks.handlers).toHaveLength(184);
    const types = new Map(model.types.map((named) => [named.name, named]));
    const failures: string[] = [];
    let answered = 0;
    for (const module of model.modules) {
      for (const operation of module.operations) {
        const token = operation.tokens && !operation.tokens.includes("personal") ? "msw-service" : "msw-personal";
        const api = client.createClient({ baseUrl: BASE, token, retry: false, rateLimit: "off" }) as Api;
        try {
          const result = await api[module.name]![operation.id]!(callArguments(operation, types));
          const example = operation.responses?.find((response) => response.status === "200")?.content[0]?.example;
          expect(result, operation.id).toEqual(operation.responses === undefined ? {} : example);
          answered++;
        } catch (error) {
          failures.push(`${operation.id}: ${(error as Error).message}`);
        }
        mocks.reset();
      }
    }
    expect(failures).toEqual([]);
    expect(answered).toBe(184);
  }, 30_000);

  it("answer the second getDiscrepancies of a seller within a minute with 429 and the mock's headers", async () => {
    const first = await call("msw-personal");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual([
      { discrepancyType: "surplus", discrepancyLabel: "surplus" },
      { discrepancyType: "shortage", discrepancyLabel: "re-sorting" },
    ]);
    // Another token of the same seller shares the budget; another seller has its own.
    const second = await call("msw-service");
    expect(second.status).toBe(429);
    expect(Object.fromEntries(["retry-after", "x-ratelimit-limit", "x-ratelimit-reset", "x-ratelimit-retry"].map((name) => [name, second.headers.get(name)]))).toEqual({
      "retry-after": "60",
      "x-ratelimit-limit": "1",
      "x-ratelimit-reset": "60",
      "x-ratelimit-retry": "60",
    });
    expect(await second.json()).toMatchObject({ status: 429, code: "rate-limited", origin: "catalogen-mock", detail: "Too many requests for this seller; retry in 60 s." });
    expect((await call("other-seller")).status).toBe(200);
    // The generated client reads it as a rate-limit error with the wait.
    const api = client.createClient({ baseUrl: BASE, token: "msw-personal", retry: false, rateLimit: "off" }) as Api;
    await expect(api.supplies!.getDiscrepancies!({ supplyId: "WB-GI-1234" })).rejects.toMatchObject({ status: 429 });
  });

  it("start every test with a full budget after reset()", async () => {
    expect((await call("msw-personal")).status).toBe(200);
    mocks.reset();
    expect((await call("msw-personal")).status).toBe(200);
    expect((await call("msw-personal")).status).toBe(429);
  });

  it("answer 401 without a token or with an unknown one", async () => {
    const missing = await call();
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ status: 401, code: "missing-token", origin: "catalogen-mock" });
    expect((await call("nope")).status).toBe(401);
  });

  it("take per-test overrides typed by the operation, behind the same auth and limits", async () => {
    server.use(
      mocks.override.getDiscrepancies!(({ params, identity }) => [
        { discrepancyType: "surplus", discrepancyLabel: params.supplyId === "WB-GI-1234" && identity.principalId === "seller-1" ? "re-sorting" : "surplus" },
      ]),
    );
    const answer = await call("msw-personal");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([{ discrepancyType: "surplus", discrepancyLabel: "re-sorting" }]);
    expect((await call("msw-personal")).status).toBe(429);
    expect((await call()).status).toBe(401);
    server.resetHandlers();
    mocks.reset();
    expect(await (await call("msw-personal")).json()).toHaveLength(2);
  });

  it("answer only under baseUrl when given, taking its path off", async () => {
    const scoped = (await import(join(await generateForTestOnce(), "msw/index.ts")) as MswModule).createMockHandlers({ tokens: TOKENS, baseUrl: `${BASE}/v2/` });
    const ask = (url: string) => getResponse(scoped.handlers, new Request(url, { headers: { Authorization: "msw-personal" } }));
    expect((await ask(`${BASE}/v2/api/supplies/v1/discrepancies/X`))?.status).toBe(200);
    expect(await ask(`${BASE}/api/supplies/v1/discrepancies/X`)).toBeUndefined();
    expect(await ask("https://elsewhere.test/v2/api/supplies/v1/discrepancies/X")).toBeUndefined();
    // Without baseUrl: the catalogue's path on any origin.
    expect((await getResponse(mocks.handlers, new Request("https://elsewhere.test/api/supplies/v1/discrepancies/X", { headers: { Authorization: "msw-personal" } })))?.status).toBe(200);
  });

  it("still read tokens written { sellerId, tokenKind } (deprecated), counting per sellerId and saying so once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const msw = (await import(join(await generateForTestOnce(), "msw/index.ts"))) as { createMockHandlers(options: { tokens: Record<string, { sellerId: string; tokenKind: string }> }): { handlers: HttpHandler[] } };
      const old = msw.createMockHandlers({ tokens: { a1: { sellerId: "seller-1", tokenKind: "personal" }, a2: { sellerId: "seller-1", tokenKind: "service" }, b: { sellerId: "seller-2", tokenKind: "personal" } } });
      msw.createMockHandlers({ tokens: { c: { sellerId: "seller-3", tokenKind: "personal" } } });
      const ask = async (token: string) => (await getResponse(old.handlers, new Request(discrepancies, { headers: { Authorization: token } })))?.status;
      expect([await ask("a1"), await ask("a2"), await ask("b")]).toEqual([200, 429, 200]);
      expect(warn.mock.calls).toEqual([["createMockHandlers: tokens' { sellerId, tokenKind } is deprecated: write { principalId, tokenKind } (sellerId is read as principalId until the next release)"]]);
    } finally {
      warn.mockRestore();
    }
  });
});

let once: string | undefined;
async function generateForTestOnce(): Promise<string> {
  once ??= await generateForTest({ targets: ["msw"] });
  return once;
}
