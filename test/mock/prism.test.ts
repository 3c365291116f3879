// catalogen mock and generated/openapi.json under Prism: as a validating proxy in front of the mock
// (every operation, plus 401, 403 and 429 answers) it finds no violation, and mocking the OpenAPI
// document it accepts every call the generated client makes (no 415 or 422).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMock, type MockServer } from "../../src/mock/index.js";
import { loadModel } from "../../src/pipeline.js";
import type { ApiModel, NamedType } from "../../src/model/types.js";
import { fixtureCatalogue, generateForTest, repoCatalogue } from "../helpers/generate.js";
import { importClient, rejection, type ClientModule } from "../client/support.js";
import { callArguments, recordingFetch, startPrism, type Exchange, type Prism } from "./support.js";
import { join } from "node:path";

const TOKENS = {
  "mock-personal": { sellerId: "seller-1", tokenKind: "personal" },
  "mock-service": { sellerId: "seller-2", tokenKind: "service" },
};

interface Setup {
  model: ApiModel;
  types: Map<string, NamedType>;
  out: string;
  client: ClientModule;
}

async function setUp(catalogue: string): Promise<Setup> {
  const model = await loadModel(catalogue);
  const out = await generateForTest({ catalogue, targets: ["client", "openapi"] });
  return { model, types: new Map(model.types.map((named) => [named.name, named])), out, client: await importClient(out) };
}

type Api = Record<string, Record<string, (args?: unknown) => Promise<unknown>>>;

function clientFor(setup: Setup, baseUrl: string, token: string, exchanges: Exchange[]): Api {
  return setup.client.createClient({ baseUrl, token, fetch: recordingFetch(exchanges), retry: false, rateLimit: "off" }) as Api;
}

/** Calls every operation once; returns the operations whose call failed, with the error. */
async function callEveryOperation(setup: Setup, api: Api): Promise<string[]> {
  const failures: string[] = [];
  for (const module of setup.model.modules) {
    for (const operation of module.operations) {
      try {
        await api[module.name]![operation.id]!(callArguments(operation, setup.types));
      } catch (error) {
        failures.push(`${operation.id}: ${(error as Error).message}`);
      }
    }
  }
  return failures;
}

describe("Prism in front of catalogen mock and on openapi.json", () => {
  let real: Setup;
  let features: Setup;
  const mocks: MockServer[] = [];
  const prisms: Prism[] = [];

  beforeAll(async () => {
    [real, features] = await Promise.all([setUp(repoCatalogue), setUp(fixtureCatalogue("server-features"))]);
    mocks.push(await startMock({ catalogue: repoCatalogue, tokens: TOKENS }), await startMock({
        catalogue: fixtureCatalogue("server-features"),
        tokens: TOKENS,
        // A stopped clock: getOrder's budget (2, one back every 500 ms) must not refill while Prism relays.
        now: () => 1_000_000,
      }));
    // The three start together: Prism takes seconds to come up.
    prisms.push(
      ...(await Promise.all([
        startPrism(["proxy", join(real.out, "openapi.json"), mocks[0]!.url]),
        startPrism(["proxy", join(features.out, "openapi.json"), mocks[1]!.url]),
        startPrism(["mock", join(real.out, "openapi.json")]),
      ])),
    );
  });

  afterAll(async () => {
    await Promise.all([...prisms.map((prism) => prism.stop()), ...mocks.map((mock) => mock.close())]);
  });

  it("as a validating proxy before the mock of this catalogue: every operation, a 401 and a 429, no violation", async () => {
    const exchanges: Exchange[] = [];
    const api = clientFor(real, prisms[0]!.url, "mock-personal", exchanges);
    expect(await callEveryOperation(real, api)).toEqual([]);
    // getDiscrepancies: 1 per minute per seller; the first call above took the budget.
    const limited = await rejection(api.supplies!.getDiscrepancies!({ supplyId: "supply-1" }));
    expect([limited.kind, limited.status]).toEqual(["rate_limited", 429]);
    const stranger = clientFor(real, prisms[0]!.url, "not-a-token", exchanges);
    expect((await rejection(stranger.supplies!.getDiscrepancies!({ supplyId: "supply-1" }))).status).toBe(401);

    expect(exchanges.map((exchange) => exchange.status).sort()).toEqual([...Array(184).fill(200), 401, 429]);
    expect(exchanges.flatMap((exchange) => exchange.violations.map((v) => `${exchange.method} ${exchange.url}: ${v.message}`))).toEqual([]);
  });

  it("as a validating proxy before the mock of a catalogue with one-kind operations: 403s too, no violation", async () => {
    const exchanges: Exchange[] = [];
    const personal = clientFor(features, prisms[1]!.url, "mock-personal", exchanges);
    const service = clientFor(features, prisms[1]!.url, "mock-service", exchanges);
    const shop = (api: Api) => api.shop!;
    const createOrder = features.model.modules.flatMap((module) => module.operations).find((operation) => operation.id === "createOrder")!;
    expect((await rejection(shop(service).createOrder!(callArguments(createOrder, features.types)))).kind).toBe("forbidden"); // personal only
    expect((await rejection(shop(personal).deleteOrder!({ orderId: "o-1" }))).kind).toBe("forbidden"); // service only
    // getOrder: a burst of 2 per seller.
    await shop(personal).getOrder!({ orderId: "o-1" });
    await shop(personal).getOrder!({ orderId: "o-1" });
    const limited = await rejection(shop(personal).getOrder!({ orderId: "o-1" }));
    expect(limited.kind).toBe("rate_limited");
    expect((await rejection(clientFor(features, prisms[1]!.url, "wrong", exchanges).shop!.getOrder!({ orderId: "o-1" }))).status).toBe(401);
    expect(exchanges.map((exchange) => exchange.status)).toEqual([403, 403, 200, 200, 429, 401]);
    expect(exchanges.flatMap((exchange) => exchange.violations.map((v) => `${exchange.method} ${exchange.url}: ${v.message}`))).toEqual([]);
  });

  it("the proxy does report a violation (so the tests above can fail)", async () => {
    // No token at all: the document requires one, so Prism flags the request.
    const response = await fetch(`${prisms[0]!.url}/api/supplies/v1/discrepancies/supply-1`);
    expect(response.status).toBe(401);
    expect(JSON.parse(response.headers.get("sl-violations") ?? "[]")).toEqual([expect.objectContaining({ message: "Invalid security scheme used" })]);
  });

  it("mocking openapi.json: accepts every call the generated client makes (no 415, no 422)", async () => {
    const exchanges: Exchange[] = [];
    const api = clientFor(real, prisms[2]!.url, "any-token", exchanges);
    expect(await callEveryOperation(real, api)).toEqual([]);
    expect(exchanges).toHaveLength(184);
    expect(exchanges.filter((exchange) => exchange.status >= 400)).toEqual([]);
  });
});
