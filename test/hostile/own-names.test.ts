// Names that are JavaScript's own (issue 42, point 5): a type whose properties are `__proto__`,
// `constructor`, `prototype`, `toString`, `hasOwnProperty` and `valueOf`
// (test/fixtures/catalogues/own-names) keeps each as an own key in every target: the generated
// guards, the generated server's body check (behind a real node:http server), msw (MSW's own
// setupServer), `catalogen mock`, and `catalogen mcp` driven by the SDK's client. A value with
// those keys round-trips; one without its own `__proto__` is refused, whatever Object.prototype
// has. zod 4 strips a declared `__proto__` from what it parses (its own rule); the rest is kept.
import "../msw/node20.js";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { setupServer } from "msw/node";
import type { HttpHandler } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMock, type MockServer } from "../../src/mock/index.js";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { stdioSession } from "../mcp/support.js";
import { typecheck } from "../helpers/tsc.js";
import { readdir } from "node:fs/promises";

const catalogue = fixtureCatalogue("own-names");
const TEXT = '{"__proto__":"p","constructor":"c","prototype":1,"toString":"t","hasOwnProperty":true,"valueOf":"v"}';
const KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];
/** A fresh value with every key its own, as JSON.parse makes it. */
const value = (): Record<string, unknown> => JSON.parse(TEXT) as Record<string, unknown>;
/** The same without `__proto__`: only Object.prototype answers to that name. */
const withoutProto = (): Record<string, unknown> => JSON.parse(TEXT.replace('"__proto__":"p",', "")) as Record<string, unknown>;

function expectOwnKeys(result: unknown): void {
  expect(typeof result).toBe("object");
  for (const key of KEYS) expect(Object.hasOwn(result as object, key), key).toBe(true);
  expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  expect((result as Record<string, unknown>)["__proto__"]).toBe("p");
}

type Api = { records: { getRecord(args: object): Promise<unknown>; putRecord(args: object): Promise<unknown> } };
let out: string;
let createClient: (options: object) => Api;
const servers: Server[] = [];

beforeAll(async () => {
  out = await generateForTest({ catalogue, targets: ["client", "server", "zod", "msw"] });
  ({ createClient } = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as { createClient: (options: object) => Api });
}, 60_000);
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

describe("property names that are JavaScript's own stay own keys", () => {
  it("the client, server and zod targets compile under the strict flags (TS 5.9) with the computed keys", async () => {
    const entries = await readdir(out, { recursive: true, withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.parentPath.includes("msw")).map((entry) => join(entry.parentPath, entry.name));
    const result = await typecheck(files, { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
  }, 180_000);

  it("the generated guards (client and server) accept the value and refuse one without its own __proto__", async () => {
    for (const target of ["client", "server"]) {
      const { checkOwnNames } = (await import(pathToFileURL(join(out, target, "validate/records.ts")).href)) as { checkOwnNames: (value: unknown) => unknown };
      expect(checkOwnNames(value()), target).toBeUndefined();
      expect(checkOwnNames(withoutProto()), target).toMatchObject({ path: "$.__proto__" });
    }
  });

  it("zod parses the value: the other keys own, the prototype untouched; __proto__ itself zod 4 neither checks nor keeps (its own rule)", async () => {
    const { zOwnNames } = (await import(pathToFileURL(join(out, "zod/records.ts")).href)) as { zOwnNames: { parse(value: unknown): unknown; shape: object } };
    // Declared as an own key of the shape (a plain `__proto__:` in the literal set its prototype, and every value failed).
    expect(Object.hasOwn(zOwnNames.shape, "__proto__")).toBe(true);
    const parsed = zOwnNames.parse(value()) as object;
    for (const key of KEYS.filter((key) => key !== "__proto__")) expect(Object.hasOwn(parsed, key), key).toBe(true);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, "__proto__")).toBe(false);
  });

  it("the generated server hands the body to its handler and answers it back; a body without __proto__ is a 400", async () => {
    const serverModule = (await import(pathToFileURL(join(out, "server/index.ts")).href)) as {
      createRequestHandler(handlers: object, options: object): (request: Request) => Promise<Response>;
      toNodeHandler(handler: (request: Request) => Promise<Response>): (req: IncomingMessage, res: ServerResponse) => void;
    };
    let received: unknown;
    const handle = serverModule.createRequestHandler(
      { records: { putRecord: ({ body }: { body: unknown }) => ((received = body), body) } },
      { authenticate: (token: string) => (token === "t" ? { principalId: "s1", tokenKind: "personal" } : undefined) },
    );
    const server = createServer(serverModule.toNodeHandler(handle));
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await createClient({ baseUrl: url, token: "t", retry: false }).records.putRecord({ recordId: "r1", body: value() });
    expectOwnKeys(received);
    expectOwnKeys(result);
    const refused = await fetch(`${url}/records/r1`, { method: "PUT", headers: { authorization: "t", "content-type": "application/json" }, body: JSON.stringify(withoutProto()) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("__proto__");
  });

  it("msw answers the example with its own __proto__ to the generated client", async () => {
    const msw = (await import(pathToFileURL(join(out, "msw/index.ts")).href)) as { createMockHandlers(options: object): { handlers: HttpHandler[] } };
    const server = setupServer(...msw.createMockHandlers({ tokens: { t: { principalId: "s1", tokenKind: "personal" } }, baseUrl: "https://own-names.test" }).handlers);
    server.listen();
    try {
      expectOwnKeys(await createClient({ baseUrl: "https://own-names.test", token: "t", retry: false }).records.getRecord({ recordId: "r1" }));
    } finally {
      server.close();
    }
  });

  describe("catalogen mock, and catalogen mcp in front of it", () => {
    let mock: MockServer;
    beforeAll(async () => {
      mock = await startMock({ catalogue, tokens: { t: { accountId: "s1", tokenKind: "personal" } } });
    });
    afterAll(() => mock?.close());

    it("the mock answers the example and makes up values with their own __proto__", async () => {
      const api = createClient({ baseUrl: mock.url, token: "t", retry: false });
      expectOwnKeys(await api.records.getRecord({ recordId: "r1" }));
      const made = (await api.records.putRecord({ recordId: "r1", body: value() })) as object;
      expect(Object.hasOwn(made, "__proto__")).toBe(true);
      expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
      const refused = await fetch(`${mock.url}/records/r1`, { method: "PUT", headers: { authorization: "t", "content-type": "application/json" }, body: JSON.stringify(withoutProto()) });
      expect(refused.status).toBe(400);
    });

    it("an MCP tool's input schema takes __proto__, and the call reaches the API with it", async () => {
      const session = await stdioSession(["--catalogue", catalogue], { API_TOKEN: "t", API_BASE_URL: mock.url });
      try {
        const { tools } = await session.client.listTools();
        const put = tools.find((tool) => tool.name === "putRecord")!;
        // As patternProperties `^__proto__$`: JSON Schema validators skip a `properties` entry of that name.
        const defs = (put.inputSchema as unknown as { $defs: Record<string, { patternProperties: object; required: string[] }> }).$defs;
        expect(Object.keys(defs["OwnNames"]!.patternProperties)).toEqual(["^__proto__$"]);
        expect(defs["OwnNames"]!.required).toContain("__proto__");
        const result = await session.client.callTool({ name: "putRecord", arguments: { recordId: "r1", body: value() } });
        expect(result.structuredContent, JSON.stringify(result.structuredContent)).toMatchObject({ status: "ok" });
        expect(Object.hasOwn((result.structuredContent as { result: object }).result, "__proto__")).toBe(true);
        const got = await session.client.callTool({ name: "getRecord", arguments: { recordId: "r1" } });
        expectOwnKeys((got.structuredContent as { result: object }).result);
      } finally {
        await session.close();
      }
    }, 60_000);
  });
});
