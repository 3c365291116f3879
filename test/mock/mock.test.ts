// catalogen mock as a function (startMock): every operation answers the generated client, the
// made-up values fit their types and depend only on the seed, and auth, token kinds and rate
// limits are enforced as the generated server enforces them.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/emit/openapi/index.js";
import { parseTokenTable, startMock, type MockIdentity, type MockServer } from "../../src/mock/index.js";
import { principalIdField } from "../../src/shared/principal.js";
import { operationSeed, sampleValue, seededRandom } from "../../templates/mock/values.js";
import { loadModel } from "../../src/pipeline.js";
import type { ApiModel, NamedType } from "../../src/model/types.js";
import { fixtureCatalogue, generateForTest, repoCatalogue } from "../helpers/generate.js";
import { importClient, rejection, type ClientModule } from "../client/support.js";
import { callArguments } from "./support.js";

/** Two tokens of one principal, under the id field of the catalogue's principal (`sellerId` for `principal: seller`). */
const tokensOf = (principal: string): Record<string, MockIdentity> => {
  const field = principalIdField(principal);
  return { "mock-personal": { [field]: "p-1", tokenKind: "personal" }, "mock-service": { [field]: "p-1", tokenKind: "service" } };
};
const TOKENS = tokensOf("seller");

type Api = Record<string, Record<string, (args?: unknown) => Promise<unknown>>>;

async function everyCall(catalogue: string, seed = 1): Promise<{ model: ApiModel; results: Map<string, unknown>; failures: string[] }> {
  const model = await loadModel(catalogue);
  const types = new Map(model.types.map((named) => [named.name, named]));
  const client: ClientModule = await importClient(await generateForTest({ catalogue, targets: ["client"] }));
  const mock = await startMock({ catalogue, tokens: tokensOf(model.principal), seed });
  try {
    // validate: "throw" is the client's default: a made-up value that does not fit fails the call.
    const api = client.createClient({ baseUrl: mock.url, token: "mock-personal", retry: false, rateLimit: "off" }) as Api;
    const results = new Map<string, unknown>();
    const failures: string[] = [];
    for (const module of model.modules) {
      for (const operation of module.operations) {
        // A token of a kind the operation accepts.
        const token = operation.tokens && !operation.tokens.includes("personal") ? "mock-service" : "mock-personal";
        const caller = token === "mock-personal" ? api : (client.createClient({ baseUrl: mock.url, token, retry: false, rateLimit: "off" }) as Api);
        try {
          results.set(operation.id, await caller[module.name]![operation.id]!(callArguments(operation, types)));
        } catch (error) {
          failures.push(`${operation.id}: ${(error as Error).message}`);
        }
      }
    }
    return { model, results, failures };
  } finally {
    await mock.close();
  }
}

describe("startMock", () => {
  it("answers every operation of this catalogue to the generated client: examples where given, {} where not documented", async () => {
    const { model, results, failures } = await everyCall(repoCatalogue);
    expect(failures).toEqual([]);
    const operations = model.modules.flatMap((module) => module.operations);
    expect(results.size).toBe(184);
    for (const operation of operations) {
      const example = operation.responses?.find((response) => response.status === "200")?.content[0]?.example;
      expect(results.get(operation.id), operation.id).toEqual(operation.responses === undefined ? {} : example);
    }
    expect(results.get("getDiscrepancies")).toEqual([
      { discrepancyType: "surplus", discrepancyLabel: "surplus" },
      { discrepancyType: "shortage", discrepancyLabel: "re-sorting" },
    ]);
  });

  it("answers every operation of a catalogue without examples with values the client's validators accept", async () => {
    const { results, failures } = await everyCall(fixtureCatalogue("kitchen-sink"));
    expect(failures).toEqual([]);
    expect([...results.values()].some((value) => value !== undefined && JSON.stringify(value) !== "{}")).toBe(true);
    // The same seed gives the same answers, another seed other ones.
    expect((await everyCall(fixtureCatalogue("kitchen-sink"))).results).toEqual(results);
    expect((await everyCall(fixtureCatalogue("kitchen-sink"), 2)).results).not.toEqual(results);
  });
});

describe("made-up values", () => {
  for (const fixture of ["kitchen-sink", "docs-shapes", "server-features"]) {
    it(`fit their OpenAPI schema, formats included, for every named type of ${fixture}`, async () => {
      const model = await loadModel(fixtureCatalogue(fixture));
      const types = new Map<string, NamedType>(model.types.map((named) => [named.name, named]));
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(ajv);
      ajv.addSchema({ ...openApiDocument(model), $id: "https://catalogen.invalid/openapi.json" });
      for (const named of model.types) {
        const validate = ajv.compile({ $ref: `https://catalogen.invalid/openapi.json#/components/schemas/${named.name}` });
        for (let seed = 1; seed <= 20; seed++) {
          const value = sampleValue(named.type, types, seededRandom(operationSeed(seed, named.name)));
          expect(validate(value), `${named.name} seed ${seed}: ${JSON.stringify(value)} ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      }
    });
  }
});

describe("made-up strings with a pattern", () => {
  /** Every string type with a pattern in `node`, its examples left out (an example is answered as it is). */
  const patterned = (node: unknown, found: { pattern: string; minLength?: number; maxLength?: number }[] = []) => {
    if (Array.isArray(node)) node.forEach((item) => patterned(item, found));
    else if (node !== null && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (record.kind === "string" && typeof record.pattern === "string") found.push(Object.fromEntries(Object.entries(record).filter(([key]) => key !== "examples")) as never);
      Object.values(record).forEach((value) => patterned(value, found));
    }
    return found;
  };

  for (const fixture of ["annotations", "validators"]) {
    it(`match it, within their lengths, for every patterned string of ${fixture} with its examples left out`, async () => {
      const model = await loadModel(fixtureCatalogue(fixture));
      const nodes = patterned(model.types);
      expect(nodes.length).toBeGreaterThan(0);
      for (const node of nodes) {
        for (let seed = 1; seed <= 20; seed++) {
          const value = sampleValue(node as never, new Map(), seededRandom(operationSeed(seed, node.pattern)));
          expect(typeof value === "string" && new RegExp(node.pattern, "u").test(value), `${node.pattern} seed ${seed}: ${JSON.stringify(value)}`).toBe(true);
          if (node.minLength !== undefined) expect((value as string).length).toBeGreaterThanOrEqual(node.minLength);
          if (node.maxLength !== undefined) expect((value as string).length).toBeLessThanOrEqual(node.maxLength);
        }
      }
    });
  }
});

describe("startMock enforces auth, token kinds and rate limits", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ catalogue: fixtureCatalogue("server-features"), tokens: TOKENS, now: () => 1_000_000 });
  });
  afterAll(() => mock.close());

  const get = (path: string, token?: string, method = "GET") =>
    fetch(`${mock.url}${path}`, { method, headers: token === undefined ? {} : { authorization: token } });

  it("401 without a token or with an unknown one, 403 for a kind the operation does not accept", async () => {
    expect((await get("/shop/v1/orders/o-1")).status).toBe(401);
    expect((await get("/shop/v1/orders/o-1", "not-listed")).status).toBe(401);
    const forbidden = await get("/shop/v1/orders/o-1", "mock-personal", "DELETE"); // service tokens only
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ status: 403, origin: "catalogen-mock" });
    expect((await get("/shop/v1/orders/o-1", "mock-service", "DELETE")).status).toBe(204);
  });

  it("429 with the rate-limit headers once the seller's budget is spent, shared by its tokens", async () => {
    // getOrder: a burst of 2 per seller, one back every 500 ms; the clock stands still.
    expect((await get("/shop/v1/orders/o-1", "mock-personal")).status).toBe(200);
    expect((await get("/shop/v1/orders/o-1", "mock-service")).status).toBe(200);
    const limited = await get("/shop/v1/orders/o-1", "mock-personal");
    expect(limited.status).toBe(429);
    expect(Object.fromEntries([...limited.headers].filter(([name]) => name.startsWith("x-ratelimit") || name === "retry-after"))).toEqual({
      "x-ratelimit-retry": "1",
      "x-ratelimit-limit": "2",
      "x-ratelimit-reset": "1",
      "retry-after": "1",
    });
  });

  it("answers with the catalogue's example and its documented status", async () => {
    const created = await fetch(`${mock.url}/shop/v1/orders`, {
      method: "POST",
      headers: { authorization: "mock-personal", "content-type": "application/json" },
      body: JSON.stringify({ quantity: 1 }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: "o-2", quantity: 1, status: "open" });
  });
});

describe("startMock options", () => {
  it("refuses a token kind the catalogue does not declare, without naming the token", async () => {
    const start = startMock({ catalogue: repoCatalogue, tokens: { "secret-1": { sellerId: "s", tokenKind: "admin" } } });
    await expect(start).rejects.toThrow('startMock: token kind "admin" is not one of the catalogue\'s kinds (personal, service)');
    await expect(start).rejects.not.toThrow(/secret/);
  });
});

describe("parseTokenTable", () => {
  it("reads token=sellerId:kind lines for principal seller, skipping blank lines and comments", () => {
    const table = parseTokenTable("# dev\n\n  a-1=seller-1:personal  \r\nb-2=seller-2:service\n", ["personal", "service"], "t.txt", "seller");
    expect([...table]).toEqual([
      ["a-1", { sellerId: "seller-1", tokenKind: "personal" }],
      ["b-2", { sellerId: "seller-2", tokenKind: "service" }],
    ]);
  });

  it("names the line of a repeated token without the token", () => {
    expect(() => parseTokenTable("secret=s:personal\nsecret=t:service\n", ["personal", "service"], "t.txt")).toThrow(
      /^t\.txt:2: this token is already listed on an earlier line$/,
    );
  });
});
