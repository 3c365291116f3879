// Annotations and value constraints end to end (test/fixtures/catalogues/annotations): deprecated,
// titles, defaults, examples, constraints, readOnly / writeOnly, external docs and response headers,
// from the catalogue to the validator, the model, the client's types, doc comments and guards, the
// server's request checks, the mock and the docs.
import { copyFile, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import { startMock } from "../../src/mock/index.js";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { demoAuthenticate, importServer, type ServerModule } from "../server/helpers.js";
import { generateInto, runCli, tsFiles, writeCatalogue } from "./support.js";

const catalogue = fixtureCatalogue("annotations");
type Guard = (value: unknown, path?: string) => { path: string; value: unknown; expected: string } | undefined;

describe("the model", () => {
  it("holds annotations on types and properties, and deprecation, external docs, examples and headers on operations", async () => {
    const model = await loadModel(catalogue);
    const product = model.types.find((named) => named.name === "Product")!;
    expect(product.directional).toBe(true);
    expect(product.type).toMatchObject({ kind: "object", title: "A product", examples: [expect.objectContaining({ id: 7 })] });
    const property = (name: string) => (product.type.kind === "object" ? product.type.properties.find((p) => p.name === name)!.type : undefined);
    expect(property("id")).toMatchObject({ readOnly: true, minimum: 1 });
    expect(property("secret")).toMatchObject({ writeOnly: true });
    expect(property("price")).toMatchObject({ exclusiveMinimum: 0, maximum: 100000, multipleOf: 0.01 });
    expect(property("tags")).toMatchObject({ uniqueItems: true, maxItems: 5, default: [] });
    const [create, , , old] = model.modules[0]!.operations;
    expect(create!.externalDocs).toEqual({ url: "https://example.com/docs/products", description: "The product guide" });
    expect(create!.query![0]).toMatchObject({ name: "dryRun", example: true, schema: { default: false } });
    expect(create!.headers![0]).toMatchObject({ deprecated: true, examples: [{ name: "short", summary: "A short id", value: "abc" }] });
    expect(create!.responses![0]!.headers).toEqual([
      { name: "Location", required: true, description: "Where the product lives.", schema: { kind: "string" } },
      { name: "X-Rate-Remaining", required: false, schema: { kind: "integer", minimum: 0 }, example: 99 },
    ]);
    expect(old!.deprecated).toBe(true);
  });
});

describe("the validator", () => {
  it("refuses constraints that do not fit, bounds no value meets, bad patterns and defaults or examples that do not fit, each at its place", async () => {
    const dir = await writeCatalogue({
      "m.yaml": `module: { id: m, title: M, area: M }
types:
  T:
    type: object
    properties:
      a: { type: integer, minLength: 2 }
      b: { type: string, minLength: 5, maxLength: 2 }
      c: { type: string, pattern: "([a-z" }
      d: { type: integer, default: "one" }
      e: { type: string, examples: [1] }
      f: { type: string, readOnly: true, writeOnly: true }
      g: { ref: T, maximum: 3 }
`,
    });
    const run = await runCli(["validate", "--catalogue", dir], dir);
    expect(run.code).toBe(1);
    expect(run.errors).toEqual([
      ["m.yaml:6:27", '"minLength" does not apply to type integer'],
      ["m.yaml:7:37", "minLength 5 is more than maxLength 2"],
      ["m.yaml:8:35", expect.stringContaining("pattern does not compile as an ECMAScript regular expression")],
      ["m.yaml:9:27", 'the default does not fit its type: default: expected an integer, got "one"'],
      ["m.yaml:10:37", "the example does not fit its type: examples[0]: expected a string, got 1"],
      ["m.yaml:11:42", "a type cannot be both readOnly and writeOnly"],
      ["m.yaml:12:20", '"maximum" does not apply to a reference, an allOf or a const'],
    ]);
  });
});

describe("generated code", () => {
  let out: string;
  let guards: Record<string, Guard>;
  let server: ServerModule;
  beforeAll(async () => {
    out = await generateForTest({ catalogue });
    guards = (await import(pathToFileURL(join(out, "client/validate/shop.ts")).href)) as Record<string, Guard>;
    server = await importServer(out);
  });

  it("compiles under the strict flags; request types leave out read-only properties, response types write-only ones; headers are typed", async () => {
    await copyFile(new URL("fixtures/annotations-usage.ts", import.meta.url), join(out, "usage.ts"));
    const files = [...(await tsFiles(join(out, "client"))), ...(await tsFiles(join(out, "server"))), join(out, "usage.ts")];
    const result = await typecheck(files, { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  it("doc comments show @deprecated, titles, defaults, constraints, examples and the external docs link", async () => {
    const types = await readFile(join(out, "client/types/shop.ts"), "utf8");
    expect(types).toContain("/**\n * Replaced by Order.\n * @deprecated\n */\nexport type OldOrder = {");
    expect(types).toContain("  /**\n   * Use sku.\n   * @deprecated\n   */\n  legacyCode?: string;");
    expect(types).toContain("  /**\n   * Default: `1`\n   * Constraints: minimum: 1\n   */\n  quantity: number;");
    expect(types).toContain("   * Constraints: pattern: ^[A-Z]{3}-[0-9]+$\n   * Example: `\"ABC-12\"`\n");
    expect(types).toContain(" * A product\n");
    const operations = await readFile(join(out, "client/operations/shop.ts"), "utf8");
    expect(operations).toContain(" * @see https://example.com/docs/products The product guide\n */\nexport function createProduct(");
    expect(operations).toMatch(/ \* @deprecated\n \*\/\nexport function placeOldOrder\(/);
    expect(operations).toContain("     * Constraints: maxLength: 64\n     * @deprecated\n     */\n    \"X-Trace\"?: string;");
    expect(operations).toContain("     * Default: `false`\n     * Example: `true`\n     */\n    dryRun?: boolean;");
    const modules = await readFile(join(out, "client/modules/shop.ts"), "utf8");
    expect(modules).toMatch(/@deprecated\n\s*\*\/\n\s*readonly placeOldOrder/);
  });

  it.each<[string, unknown, string | undefined]>([
    ["checkProduct", { id: 7, name: "Lamp", price: 12.5 }, undefined],
    ["checkProductWritable", { name: "Lamp", price: 12.5, secret: "s" }, undefined],
    // A response requires the read-only id and has no write-only secret; a request the other way round.
    ["checkProduct", { name: "Lamp", price: 12.5 }, "$.id: a value (required)"],
    ["checkProduct", { id: 7, name: "Lamp", price: 12.5, secret: "s" }, '$["secret"]: no such field (the object is closed)'],
    ["checkProductWritable", { id: 7, name: "Lamp", price: 12.5 }, '$["id"]: no such field (the object is closed)'],
    ["checkProduct", { id: 0, name: "Lamp", price: 1 }, "$.id: a number >= 1"],
    ["checkProductWritable", { name: "", price: 1 }, "$.name: a string of at least 1 characters"],
    ["checkProductWritable", { name: "x".repeat(81), price: 1 }, "$.name: a string of at most 80 characters"],
    ["checkProductWritable", { name: "😀".repeat(80), price: 1 }, undefined],
    ["checkProductWritable", { name: "L", price: 1, sku: "abc-1" }, "$.sku: a string matching ^[A-Z]{3}-[0-9]+$"],
    ["checkProductWritable", { name: "L", price: 0 }, "$.price: a number > 0"],
    ["checkProductWritable", { name: "L", price: 100001 }, "$.price: a number <= 100000"],
    ["checkProductWritable", { name: "L", price: 0.3 }, undefined],
    ["checkProductWritable", { name: "L", price: 0.001 }, "$.price: a multiple of 0.01"],
    ["checkProductWritable", { name: "L", price: 1, tags: ["a", "a"] }, "$.tags: a list without duplicate items"],
    ["checkProductWritable", { name: "L", price: 1, tags: ["a", "b", "c", "d", "e", "f"] }, "$.tags: a list of at most 5 items"],
    ["checkProductWritable", { name: "L", price: 1, attributes: {} }, "$.attributes: an object of at least 1 fields"],
    ["checkOrderWritable", { product: { name: "L", price: 1 }, quantity: 0 }, "$.quantity: a number >= 1"],
  ])("%s(%j) -> %s", (guard, value, problem) => {
    const found = guards[guard]!(value);
    expect(found && `${found.path}: ${found.expected}`).toBe(problem);
  });

  it("the server checks request bodies against the constraints", async () => {
    const handle = server.createRequestHandler(
      { shop: { createProduct: ({ body }: { body: unknown }) => ({ status: 201, headers: { Location: "/products/1" }, body: { id: 1, ...(body as object) } }), placeOrder: () => undefined } },
      { authenticate: demoAuthenticate },
    );
    const send = (path: string, body: unknown) =>
      handle(new Request(`http://shop.test${path}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", Authorization: "tok-personal-s1" } }));
    expect((await send("/orders", { product: { name: "Lamp", price: 2 }, quantity: 1 })).status).toBeLessThan(300);
    const refused = await send("/orders", { product: { name: "Lamp", price: 2 }, quantity: 0 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("quantity");
  });

  it("the client hands the documented response headers to onHeaders, from a real HTTP server", async () => {
    const http = createServer((request, response) => {
      request.resume();
      response.writeHead(201, { "content-type": "application/json", location: "/products/9", "x-rate-remaining": "41" });
      response.end(JSON.stringify({ id: 9, name: "Lamp", price: 12.5 }));
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    try {
      const client = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as {
        createClient(options: object): { shop: Record<string, (args: object, callOptions?: object) => Promise<unknown>> };
      };
      const api = client.createClient({ baseUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, token: "t", retry: false, rateLimit: "off" });
      let seen: Record<string, string> = {};
      const product = await api.shop.createProduct!({ body: { name: "Lamp", price: 12.5 } }, { onHeaders: (headers: Record<string, string>) => (seen = headers) });
      expect(product).toEqual({ id: 9, name: "Lamp", price: 12.5 });
      expect([seen.location, seen["x-rate-remaining"]]).toEqual(["/products/9", "41"]);
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it("the mock answers with the types' examples and values within their constraints, which pass the client's checks", async () => {
    const client = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as {
      createClient(options: object): { shop: Record<string, (args: object) => Promise<unknown>> };
    };
    for (const seed of [1, 2]) {
      const mock = await startMock({ catalogue, tokens: { "tok-1": { accountId: "s1", tokenKind: "personal" } }, seed });
      try {
        const api = client.createClient({ baseUrl: mock.url, token: "tok-1", retry: false, rateLimit: "off" }).shop;
        const product = await api.getProduct!({ id: 3 });
        expect(guards.checkProduct!(product)).toBeUndefined();
      } finally {
        await mock.close();
      }
    }
  });
});

describe("docs and OpenAPI", () => {
  it("the docs mark deprecated operations and properties and show constraints and defaults; the export keeps them", async () => {
    const dir = await writeCatalogue({ "shop.yaml": await readFile(join(catalogue, "shop.yaml"), "utf8") });
    const run = await generateInto(dir, "docs,openapi");
    expect(run.code).toBe(0);
    const docs = await readFile(join(run.out, "docs/shop.md"), "utf8");
    expect(docs).toMatch(/placeOldOrder[^\n]*\n(?:[^\n]*\n){0,6}[^\n]*Deprecated/);
    expect(docs).toContain("minimum: 1");
    expect(docs).toContain("Default: `1`");
    // The response's documented headers, a table under its status.
    expect(docs).toContain("#### 201\n\nAdded.\n\n| Header | Type | Required | Description |\n| --- | --- | --- | --- |\n| Location | string | yes | Where the product lives. |\n");
    expect(docs).toMatch(/\| X-Rate-Remaining \| integer \| no \| not documented[^\n]*minimum: 0[^\n]*\|\n/);
    const openapi = JSON.parse(await readFile(join(run.out, "openapi.json"), "utf8"));
    expect(openapi.paths["/old-orders"].post.deprecated).toBe(true);
    expect(openapi.components.schemas.Product.properties.id).toEqual({ type: "integer", readOnly: true, minimum: 1 });
    expect(openapi.paths["/products"].post.responses["201"].headers.Location).toEqual({ description: "Where the product lives.", required: true, schema: { type: "string" } });
    expect(openapi.paths["/products"].post.responses["201"].headers["X-Rate-Remaining"]).toEqual({ schema: { type: "integer", minimum: 0 }, example: 99 });
  });
});

describe("allOf of values (enums, consts, scalars, refs to them)", () => {
  const module = `module: { id: chat, title: Chat, area: Messages }
types:
  Role: { type: string, enum: [user, assistant, tool] }
  Level: { type: integer, enum: [1, 2, 3] }
  UserRole: { allOf: [{ ref: Role }, { const: user }] }
  Low: { allOf: [{ ref: Level }, { type: integer, enum: [1, 2] }] }
  Message:
    type: object
    properties:
      role: { ref: UserRole, required: true }
      level: { ref: Low }
operations:
  - id: send
    method: POST
    path: /messages
    summary: Sends a message.
    request: { content: { application/json: { schema: { ref: Message } } } }
    responses: { "200": { content: { application/json: { schema: { ref: Message } } } } }
`;

  it("is typed as the intersection, checked part by part, and makes the round trip through OpenAPI", async () => {
    const dir = await writeCatalogue({ "chat.yaml": module });
    const run = await generateInto(dir, "client,openapi");
    expect(run.stderr).toBe("");
    const types = await readFile(join(run.out, "client/types/chat.ts"), "utf8");
    expect(types).toContain('export type UserRole = Role & "user";');
    expect(types).toContain("export type Low = Level & (1 | 2);");
    const result = await typecheck(await tsFiles(join(run.out, "client")), { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    const guards = (await import(pathToFileURL(join(run.out, "client/validate/chat.ts")).href)) as Record<string, Guard>;
    expect(guards.checkMessage!({ role: "user", level: 2 })).toBeUndefined();
    expect(guards.checkMessage!({ role: "tool" })?.path).toBe("$.role");
    expect(guards.checkMessage!({ role: "user", level: 3 })?.path).toBe("$.level");
    const { importOpenApi, writeCatalogue: writeImported } = await import("../../src/import/index.js");
    const imported = importOpenApi(join(run.out, "openapi.json"));
    expect(imported.report.losses.filter((loss) => /allOf|unevaluated/.test(loss.pointer))).toEqual([]);
    const { model } = await writeImported(imported.catalogue, join(dir, "again"));
    const original = await loadModel(dir);
    for (const name of ["UserRole", "Low"]) expect(model.types.find((t) => t.name === name)?.type).toEqual(original.types.find((t) => t.name === name)?.type);
  });

  it("an OpenAPI union member's tag { type: integer, enum: [1], allOf: [$ref] } imports as an intersection, not unknown", async () => {
    const { importOpenApi } = await import("../../src/import/index.js");
    const dir = await writeCatalogue({});
    const file = join(dir, "openapi.json");
    await (await import("node:fs/promises")).writeFile(
      file,
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "T", version: "1" },
        paths: { "/x": { get: { operationId: "getX", responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Member" } } } } } } } },
        components: {
          schemas: {
            Kind: { type: "integer", enum: [1, 2] },
            Member: { type: "object", required: ["kind"], properties: { kind: { type: "integer", enum: [1], allOf: [{ $ref: "#/components/schemas/Kind" }] } } },
          },
        },
      }),
    );
    const { catalogue, report } = importOpenApi(file);
    const member = catalogue.modules.flatMap((m) => m.types).find(([name]) => name === "Member")![1];
    expect(member.properties!.kind).toEqual({ allOf: [{ ref: "Kind" }, { type: "integer", enum: [1] }], required: true });
    expect(report.losses.filter((loss) => /allOf/.test(loss.pointer))).toEqual([]);
  });
});
