// Documented error responses (test/fixtures/catalogues/error-responses): the generated client
// against a real server on 127.0.0.1 gives each error's body parsed by its content type, and
// `isOperationError` types it; the client compiles under the strict flags with the type tests of
// fixtures/usage-errors.ts (every `@ts-expect-error` line an error).
import { copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { fixtureCatalogue, freshDir, generateForTest } from "../helpers/generate.js";
import { generate } from "../../src/pipeline.js";
import { typecheck } from "../helpers/tsc.js";
import { generatePortable } from "../portable/consumer.js";
import { importClient, json, rejection, startServer, type ClientModule, type TestServer } from "./support.js";

const catalogue = fixtureCatalogue("error-responses");
let server: TestServer;
let client: ClientModule;
let out: string;

beforeAll(async () => {
  server = await startServer();
  out = await generateForTest({ targets: ["client"], catalogue });
  client = await importClient(out);
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const api = () => client.createClient({ baseUrl: server.url, token: "t", retry: false });
const isOperationError = (...args: unknown[]): boolean => (client.isOperationError as (...a: unknown[]) => boolean)(...args);

describe("bodies by content type", () => {
  test("a 404 with a problem+json body: an ApiError with the parsed problem", async () => {
    server.handle((_req, res) => json(res, 404, { title: "Not found", status: 404, detail: "offer 7" }, { "content-type": "application/problem+json" }));
    const error = await rejection(api().offers!.getOffer!({ offerId: "7" }));
    expect(error).toBeInstanceOf(client.ApiError);
    expect([error.kind, error.status, error.operationId]).toEqual(["not_found", 404, "getOffer"]);
    expect(error.body).toEqual({ title: "Not found", status: 404, detail: "offer 7" });
    expect(isOperationError(error, "getOffer", 404)).toBe(true);
    expect(isOperationError(error, "getOffer", "4XX")).toBe(true);
    expect(isOperationError(error, "getOffer", 409)).toBe(false);
    expect(isOperationError(error, "deleteOffer")).toBe(false);
  });

  test("a 409 as text/plain; charset=utf-8: the text", async () => {
    server.handle((_req, res) => {
      res.writeHead(409, { "content-type": "text/plain; charset=utf-8" });
      res.end("locked: ünïcode");
    });
    const error = await rejection(api().offers!.getOffer!({ offerId: "7" }));
    expect([error.kind, error.status]).toEqual(["http", 409]);
    expect(error.body).toBe("locked: ünïcode");
    expect(isOperationError(error, "getOffer", 409)).toBe(true);
  });

  test("the API-wide 5XX: a problem+json body of a 503 on an operation that lists only 4XX", async () => {
    server.handle((_req, res) => json(res, 503, { title: "Unavailable" }, { "content-type": "application/problem+json; charset=utf-8" }));
    const error = await rejection(api().offers!.deleteOffer!({ offerId: "7" }));
    expect(error.body).toEqual({ title: "Unavailable" });
    expect(isOperationError(error, "deleteOffer", "5XX")).toBe(true);
    expect(isOperationError(error, "deleteOffer", "4XX")).toBe(false);
  });

  test("a success with a media type that has parameters is parsed as JSON", async () => {
    server.handle((_req, res) => json(res, 200, { id: "7", price: 1.5 }, { "content-type": "application/json; charset=utf-8" }));
    expect(await api().offers!.getOffer!({ offerId: "7" })).toEqual({ id: "7", price: 1.5 });
  });
});

async function clientFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(dir, "client"), { recursive: true });
  return entries.filter((name) => name.endsWith(".ts")).map((name) => join(dir, "client", name)).sort();
}

describe("types under the strict flags", () => {
  test.each([
    ["5.9", "nodenext"],
    ["7.0", "bundler"],
  ] as const)("TypeScript %s, %s resolution: no errors, the type tests hold", async (version, resolution) => {
    await copyFile(new URL("fixtures/usage-errors.ts", import.meta.url), join(out, "usage-errors.ts"));
    const result = await typecheck([...(await clientFiles(out)), join(out, "usage-errors.ts")], { version, resolution, portable: true, types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  test("importExtension ts: the registry augmentation names runtime/operation-errors.ts", async () => {
    const dir = await generatePortable(["client"], "ts", catalogue);
    const usage = await readFile(new URL("fixtures/usage-errors.ts", import.meta.url), "utf8");
    await writeFile(join(dir, "usage-errors.ts"), usage.replace('"./client/index.js"', '"./client/index.ts"'));
    const errorsFile = await readFile(join(dir, "client/errors/offers.ts"), "utf8");
    expect(errorsFile).toContain('declare module "../runtime/operation-errors.ts" {');
    const result = await typecheck([...(await clientFiles(dir)), join(dir, "usage-errors.ts")], { version: "5.9", resolution: "bundler", portable: true, types: ["node"], tsExtensions: true });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});

describe("error body types by the body's JSON shape", () => {
  test("a composition (allOf) is an object, typed by its name; a JSON string is text and imports nothing", async () => {
    const dir = await freshDir("error-shapes");
    const catalogueDir = join(dir, "catalogue");
    await mkdir(catalogueDir);
    await writeFile(
      join(catalogueDir, "api.yaml"),
      "api:\n  title: Shapes\n  auth:\n    header: Authorization\n    tokenKinds:\n      - id: personal\n        description: Personal token\n",
    );
    await writeFile(
      join(catalogueDir, "things.yaml"),
      `module: { id: things, title: Things, area: Error body shapes }
types:
  Base:
    type: object
    additionalProperties: true
    properties:
      code: { type: string, required: true }
  NotFound:
    allOf: [{ ref: Base }, { type: object, additionalProperties: true, properties: { id: { type: string } } }]
  Reason:
    type: string
operations:
  - id: getThing
    method: GET
    path: /things/{id}
    summary: A thing
    responses:
      "404": { content: { application/json: { schema: { ref: NotFound } } } }
      "409": { content: { application/json: { schema: { ref: Reason } } } }
`,
    );
    const shapesOut = join(dir, "generated");
    await generate({ catalogue: catalogueDir, out: shapesOut, targets: ["client"] });
    const errorsFile = await readFile(join(shapesOut, "client/errors/things.ts"), "utf8");
    expect(errorsFile).toMatch(/404: NotFound;/);
    expect(errorsFile).toMatch(/409: string;/);
    expect(errorsFile).not.toMatch(/\bReason\b/);
    const result = await typecheck(await clientFiles(shapesOut), { version: "5.9", resolution: "nodenext", portable: true, types: ["node"] });
    expect(result.output).toBe("");
  });
});
