// The msw target answers what `catalogen mock` answers: on a catalogue whose responses are typed
// without examples (the kitchen-sink fixture), two handler sets with the same seed give the same
// values, another seed others, and startMock with that seed the same bodies for the same requests.
// Also the 403 of a token kind an operation does not take. Handlers are asked through msw's own
// getResponse (no interception here, so the mock is reached over 127.0.0.1).
import "./node20.js";
import { join } from "node:path";
import { getResponse, type HttpHandler } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMock, type MockServer } from "../../src/mock/index.js";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";

const catalogue = fixtureCatalogue("kitchen-sink");
const TOKENS = {
  personal: { principalId: "account-1", tokenKind: "personal" },
  service: { principalId: "account-1", tokenKind: "service" },
};
// startMock names the id as the catalogue's principal does (this one names none: account).
const MOCK_TOKENS = {
  personal: { accountId: "account-1", tokenKind: "personal" },
  service: { accountId: "account-1", tokenKind: "service" },
};

interface MswModule {
  createMockHandlers(options: { tokens: typeof TOKENS; seed?: number }): { handlers: HttpHandler[] };
}

const REQUESTS = ["/shop/v1/orders?limit=5", "/shop/v1/events", "/shop/v1/orders/3f0c6a4e-1d2b-4c3d-8e9f-a0b1c2d3e4f5", "/shop/v1/orders/o-1/invoice"];

let msw: MswModule;
let mock: MockServer;

beforeAll(async () => {
  msw = (await import(join(await generateForTest({ catalogue, targets: ["msw"] }), "msw/index.ts"))) as MswModule;
  mock = await startMock({ catalogue, tokens: MOCK_TOKENS, seed: 7 });
}, 60_000);

afterAll(() => mock?.close());

async function answer(handlers: HttpHandler[], path: string, token = "personal"): Promise<{ status: number; type: string | null; body: string }> {
  const response = await getResponse(handlers, new Request(`https://shop.test${path}`, { headers: { Authorization: token } }));
  if (!response) throw new Error(`no handler answered ${path}`);
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
}

describe("seeded answers", () => {
  it("are the same for the same seed and differ for another", async () => {
    const first = msw.createMockHandlers({ tokens: TOKENS, seed: 7 }).handlers;
    const again = msw.createMockHandlers({ tokens: TOKENS, seed: 7 }).handlers;
    const other = msw.createMockHandlers({ tokens: TOKENS, seed: 8 }).handlers;
    const bodies = await Promise.all(REQUESTS.map((path) => answer(first, path)));
    expect(bodies.map((body) => body.status)).toEqual([200, 200, 200, 200]);
    expect(JSON.parse(bodies[0]!.body)).toEqual(expect.arrayContaining([expect.objectContaining({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) })]));
    for (const [index, path] of REQUESTS.entries()) expect(await answer(again, path)).toEqual(bodies[index]);
    expect(await answer(other, REQUESTS[0]!)).not.toEqual(bodies[0]);
  });

  it("are what catalogen mock answers with the same seed", async () => {
    const handlers = msw.createMockHandlers({ tokens: TOKENS, seed: 7 }).handlers;
    for (const path of REQUESTS) {
      const fromMock = await fetch(`${mock.url}${path}`, { headers: { Authorization: "personal" } });
      const body = { status: fromMock.status, type: fromMock.headers.get("content-type"), body: await fromMock.text() };
      expect(await answer(handlers, path), path).toEqual(body);
    }
  });

  it("answer 403 to a token kind the operation does not take, as the mock does", async () => {
    const handlers = msw.createMockHandlers({ tokens: TOKENS }).handlers;
    const refused = await getResponse(handlers, new Request("https://shop.test/shop/v1/orders?limit=5", { headers: { Authorization: "service" } }));
    expect(refused?.status).toBe(403);
    const body = (await refused!.json()) as Record<string, unknown>;
    const fromMock = (await (await fetch(`${mock.url}/shop/v1/orders?limit=5`, { headers: { Authorization: "service" } })).json()) as Record<string, unknown>;
    const stable = ({ requestId: _, timestamp: __, ...rest }: Record<string, unknown>) => rest;
    expect(stable(body)).toEqual(stable(fromMock));
    expect(body).toMatchObject({ status: 403, origin: "catalogen-mock" });
  });
});
