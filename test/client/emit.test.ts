// The client emitter on the real catalogue and small models: layout, determinism, docs, names.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { emitClient } from "../../src/emit/client/index.js";
import type { ApiModel, OperationModel } from "../../src/model/types.js";
import { loadModel } from "../../src/pipeline.js";
import { resultShape } from "../../src/emit/client/signature.js";
import { paramsGuard, requestBodyGuard } from "../../src/emit/shared/operation-guards.js";
import { fixtureCatalogue, repoCatalogue } from "../helpers/generate.js";

let model: ApiModel;
let files: Map<string, string>;

beforeAll(async () => {
  model = await loadModel(repoCatalogue);
  files = new Map(emitClient(model).map((f) => [f.path, f.content]));
});

const file = (path: string): string => {
  const content = files.get(path);
  if (content === undefined) throw new Error(`no ${path}`);
  return content;
};

/** Whitespace runs as one space (the writer formats later). */
const flat = (text: string): string => text.replace(/\s+/g, " ");

/** The doc comment right before `export function <id>(`. */
function docOf(content: string, id: string): string {
  const at = content.indexOf(`export function ${id}(`);
  const start = content.lastIndexOf("/**", at);
  return content.slice(start, at);
}

describe("layout", () => {
  test("index, client, types, validate, one operations file per module, the runtime", () => {
    // A module has guards (validate/) and Standard Schemas (schemas/) for its types and for its
    // operations' typed responses, JSON bodies and parameters.
    const checked = model.modules
      .filter((m) => model.types.some((t) => t.module === m.id) || m.operations.some((op) => resultShape(op).check || requestBodyGuard(op, model.types) || paramsGuard(op)))
      .map((m) => m.id);
    const expected = [
      "client/client.ts",
      "client/index.ts",
      "client/package.json",
      ...model.modules.map((m) => `client/operations/${m.id}.ts`),
      ...model.modules.map((m) => `client/modules/${m.id}.ts`),
      ...checked.map((id) => `client/validate/${id}.ts`),
      ...checked.map((id) => `client/schemas/${id}.ts`),
      ...[...new Set(model.types.map((t) => t.module))].map((id) => `client/types/${id}.ts`),
      ...readdirSync(fileURLToPath(new URL("../../templates/client/", import.meta.url)))
        .filter((n) => n.endsWith(".ts") && !/\.test(-d)?\.ts$/.test(n) && !["servers.ts", "stream.ts", "paging.ts", "form-body.ts", "auth.ts", "styles.ts", "token-access.ts"].includes(n)) // this catalogue declares no servers, streams, pages, typed form bodies, security schemes, styled parameters or token access rules
        .map((n) => `client/runtime/${n}`),
      "client/shared/bucket.ts",
      "client/shared/error-cost.ts",
      "client/shared/guard.ts",
      "client/shared/media.ts",
      "client/shared/memory-rate-limit-store.ts",
      "client/shared/rate-limit-store.ts",
      "client/shared/redis-rate-limit-store.ts",
      "client/schemas.ts",
      "client/types.ts",
      "client/validate.ts",
    ].sort();
    expect([...files.keys()]).toEqual(expected);
  });

  test("createClient of a catalogue without operations still makes its transport with the features", () => {
    const client = new Map(emitClient({ ...model, modules: [] }).map((f) => [f.path, f.content])).get("client/client.ts")!;
    expect(client).toContain("createTransport({ ...options, use: clientFeatures(options) }); // no operations");
    expect(client).not.toContain("${");
  });

  test("runtime/servers.ts ships only with a catalogue that declares servers", async () => {
    expect(files.has("client/runtime/servers.ts")).toBe(false);
    expect([...files.values()].some((content) => content.includes("runtime/servers.js"))).toBe(false);
    const withServers = emitClient(await loadModel(fixtureCatalogue("servers"))).map((f) => f.path);
    expect(withServers).toContain("client/runtime/servers.ts");
  });

  test("runtime/stream.ts and runtime/paging.ts ship only with a catalogue that streams or pages", async () => {
    expect(files.has("client/runtime/stream.ts")).toBe(false);
    expect(files.has("client/runtime/paging.ts")).toBe(false);
    const used = emitClient(await loadModel(fixtureCatalogue("streams-pages"))).map((f) => f.path);
    expect(used).toContain("client/runtime/stream.ts");
    expect(used).toContain("client/runtime/paging.ts");
  });

  test("the runtime carries no tests and no node: imports (web standards only)", () => {
    for (const [path, content] of files) {
      expect(path).not.toMatch(/\.test(-d)?\.ts$/);
      expect(content).not.toMatch(/from\s+["']node:/);
      // Relative imports carry .js (NodeNext).
      for (const [, spec] of content.matchAll(/from\s+"(\.[^"]+)"/g)) expect(spec).toMatch(/\.js$/);
    }
  });

  test("the same model gives the same files", () => {
    expect(emitClient(model)).toEqual(emitClient(model));
  });

  test("one function per operation, 184 in all, each exported from the index by its module file", () => {
    const ids = model.modules.flatMap((m) => m.operations.map((op) => op.id));
    expect(ids).toHaveLength(184);
    for (const module of model.modules) {
      const content = file(`client/operations/${module.id}.ts`);
      const exported = [...content.matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]);
      expect(exported).toEqual(module.operations.map((op) => op.id));
      expect(file("client/index.ts")).toContain(`export * from "./operations/${module.id}.js";`);
    }
  });

  test("createClient groups modules in camelCase", () => {
    const client = file("client/client.ts");
    const names = [...client.matchAll(/^ {2}readonly (\w+): \w+Operations;/gm)].map((m) => m[1]);
    expect(names?.sort()).toEqual(
      ["items", "inStorePickup", "ordersDbs", "analytics", "communications", "wbd", "finances", "general", "tariffs", "supplies"].sort(),
    );
    expect(client).toContain('export type ModuleName =');
    expect(client).toContain('makeTransport(options, "Authorization")');
  });

  test("createClient's example calls the catalogue's first operation", async () => {
    const first = model.modules.find((m) => m.operations.length > 0)!;
    expect(docOf(file("client/client.ts"), "createClient")).toContain(`\`await api.${first.name}.${first.operations[0]!.id}(...)\``);
    const fixture = emitClient(await loadModel(fixtureCatalogue("client-http")));
    const doc = docOf(fixture.find((f) => f.path === "client/client.ts")!.content, "createClient");
    expect(doc).toContain("`await api.fileStore.downloadReportFile(...)`");
    expect(doc).not.toContain("getDiscrepancies");
  });
});

describe("the reference entry", () => {
  test("its description carries method, path, limit and the validator", () => {
    const descriptors = file("client/modules/supplies.ts");
    expect(descriptors).toContain(
      'export const getDiscrepanciesOperation: Operation = /*#__PURE__*/ op(moduleName, "getDiscrepancies /api/supplies/v1/discrepancies/{supplyId}", { limits:',
    );
    expect(descriptors).toContain('limits: [{ key: "getDiscrepancies:0", burst: 1, intervalMs: 60000 }]');
    expect(descriptors).toContain("check: checkGetDiscrepanciesResponse");
    const supplies = file("client/operations/supplies.ts");
    expect(supplies).toContain("return transport.send(getDiscrepanciesOperation, args, callOptions)");
    expect(flat(supplies)).toContain("export type GetDiscrepanciesArgs = { /** Supply identifier */ supplyId: string; };");
    expect(supplies).toContain("): Promise<ItemDiscrepancyResponse[]> {");
  });

  test("its doc comment: purpose, method and path, tokens, limits, rule", () => {
    const doc = docOf(file("client/operations/supplies.ts"), "getDiscrepancies");
    expect(doc).toContain("Supply discrepancies.");
    expect(doc).toContain("Returns the discrepancies found");
    expect(doc).toContain("`GET /api/supplies/v1/discrepancies/{supplyId}`");
    expect(doc).toContain("Tokens: personal, service.");
    expect(doc).toContain("Rate limit (per seller): 1 request per 1 minute, one back every 1 minute, burst 1.");
    expect(doc).toContain("Constraint: Only supplies accepted within the last year");
    // A GET sends no body: saying so for each would be noise.
    expect(doc).not.toContain("Request body");
    // A GET is retried as retries()' own doc says; only a method that is not safe says so.
    expect(doc).not.toContain("retries()");
    // The arguments type says what the parameters are; the doc does not say it again.
    expect(doc).not.toContain("Supply identifier");
    expect(doc).not.toMatch(/not documented/i);
  });

  test("what every operation of a file would repeat is said once, at its top", () => {
    const supplies = file("client/operations/supplies.ts");
    expect(supplies).toContain("// Rate limits: `rateLimits()` (on in createClient) keeps calls within each function's limits.");
    expect(supplies).toContain("// Token kinds: personal (Personal token), service (Service token).");
    expect(supplies.match(/rateLimits\(\)/g)).toHaveLength(1);
    const finances = file("client/operations/finances.ts");
    expect(finances).toContain("// Retries: `retries()` retries GET, HEAD, OPTIONS and what is marked idempotent; other methods only with `unsafeMethods`.");
    expect(finances).toContain("// A response the catalogue does not type resolves to its parsed JSON body, else its bytes (Uint8Array); undefined on 204.");
    expect(finances.match(/unsafeMethods/g)).toHaveLength(1);
    expect(finances.match(/Uint8Array/g)).toHaveLength(1);
  });

  test("the module interface links to the full doc instead of repeating it", () => {
    const supplies = file("client/modules/supplies.ts");
    expect(supplies).toContain(
      "/** Supply discrepancies. See {@link operations.getDiscrepancies}. */",
    );
    expect(flat(supplies)).toContain(
      "readonly getDiscrepancies: (args: operations.GetDiscrepanciesArgs, callOptions?: CallOptions) => Promise<ItemDiscrepancyResponse[]>;",
    );
    expect(flat(supplies)).toContain("return bindOperations<SuppliesOperations>(transport, [ getDiscrepanciesOperation, ]);");
    expect(supplies).not.toContain("Tokens:");
  });

  test("ItemDiscrepancyResponse is a union of exactly the four allowed combinations, open to other fields", () => {
    const types = file("client/types/supplies.ts");
    const members = [...types.matchAll(/discrepancyType: "(\w+)";\s*discrepancyLabel: "([\w-]+)";\s*\[key: string\]: unknown;/g)].map((m) => `${m[1]}/${m[2]}`);
    expect(members).toEqual(["surplus/surplus", "surplus/re-sorting", "shortage/shortage", "shortage/re-sorting"]);
  });
});

describe("undocumented operations", () => {
  test("name what is not documented on one line and take open arguments", () => {
    const finances = file("client/operations/finances.ts");
    const doc = docOf(finances, "getSellerBalance");
    expect(doc).toContain("Not documented: tokens, rate limits, query parameters, response.");
    expect(doc.match(/not documented/gi)).toHaveLength(1);
    expect(flat(finances)).toContain("export type GetSellerBalanceArgs = { query?: QueryParams; };");
    expect(flat(finances)).toMatch(/export type ListSalesReportsArgs = \{[^}]*query\?: QueryParams;[^}]*body\?: RequestBody; \};/);
    expect(finances).toContain("args?: GetSellerBalanceArgs");
    expect(finances).toContain("): Promise<unknown> {");
    expect(docOf(finances, "getSalesReportDetails")).toContain(
      "Not documented: tokens, rate limits, the type of path parameter reportId, query parameters, request body, response.",
    );
    // Retries are said once per file (above); the function states only the exception, being marked idempotent.
    expect(docOf(finances, "listSalesReports")).not.toContain("retries()");
  });
});

describe("arguments types", () => {
  test("an operation whose arguments are those of an earlier operation of its module names that type", () => {
    const analytics = flat(file("client/operations/analytics.ts"));
    expect(analytics).toContain(
      "/** Arguments of {@link getCardStatsByDay}: as {@link GetCardStatsForPeriodArgs}. */ export type GetCardStatsByDayArgs = GetCardStatsForPeriodArgs;",
    );
    expect(analytics).toMatch(/export type GetCardStatsForPeriodArgs = \{/);
    // Each shape is written out once per file.
    const shapes = analytics.match(/export type \w+Args = \{.*?\};/g) ?? [];
    expect(new Set(shapes.map((shape) => shape.replace(/^export type \w+ = /, ""))).size).toBe(shapes.length);
  });
});

describe("retries", () => {
  test("an operation that is not safe says whether retries() retries it", async () => {
    const fixture = emitClient(await loadModel(fixtureCatalogue("client-http")));
    const things = fixture.find((f) => f.path === "client/operations/things.ts")!.content;
    expect(docOf(things, "createThing")).toContain("Marked idempotent: `retries()` retries it.");
    expect(docOf(things, "createThing")).toContain("Request body: application/json.");
    expect(docOf(things, "listThings")).not.toContain("retries()");
  });
});

describe("response checks", () => {
  test("a response of one named type uses that type's guard; no per-operation guard is generated", async () => {
    const fixture = emitClient(await loadModel(fixtureCatalogue("client-http")));
    const things = fixture.find((f) => f.path === "client/modules/things.ts")!.content;
    const validate = fixture.find((f) => f.path === "client/validate/things.ts")!.content;
    expect(things).toMatch(/const createThingOperation: Operation = \/\*#__PURE__\*\/ written\("createThing POST \/things", \{[^}]*check: checkThing \}\);/);
    expect(things).toContain("check: checkListThingsResponse");
    expect(things).toMatch(/import \{\s*checkDeleteThingResponse,\s*checkListThingsResponse,\s*checkThing,\s*\} from "\.\.\/validate\/things\.js";/);
    expect(validate).not.toContain("checkCreateThingResponse");
    expect(validate).toContain("export function checkListThingsResponse(");
  });
});

describe("names and hostile text", () => {
  function withOperation(patch: Partial<OperationModel>): ApiModel {
    const module = model.modules.find((m) => m.id === "supplies")!;
    const operation = { ...module.operations[0]!, ...patch };
    return { ...model, modules: model.modules.map((m) => (m === module ? { ...m, operations: [operation] } : m)) };
  }

  test.each(["createTransport", "retries", "rateLimits", "responseChecks"])("an operation may not take a name the client exports (%s)", (id) => {
    expect(() => emitClient(withOperation({ id }))).toThrow(new RegExp(`would both be named ${id}\\b`));
  });

  test("a path parameter may not be named like a reserved argument", () => {
    const patched = withOperation({ path: "/x/{query}", segments: [], pathParams: [{ name: "query", in: "path", required: true }] });
    expect(() => emitClient(patched)).toThrow(/query/);
  });

  test("catalogue text cannot close a doc comment or start a tag", async () => {
    const fixture = emitClient(await loadModel(fixtureCatalogue("client-http")));
    const things = fixture.find((f) => f.path === "client/operations/things.ts")!.content;
    const doc = docOf(things, "deleteThing");
    expect(doc).toContain("Delete a thing *\\/ export const injected = 1; /*");
    expect(doc).toContain("\\@deprecated is not a tag here");
    // The only comment terminator in the doc is its own.
    expect(doc.match(/\*\//g)).toHaveLength(1);
  });
});

describe("imports", () => {
  test("named types are imported when a signature uses them, not when only words or string values name them", async () => {
    const fixture = emitClient(await loadModel(fixtureCatalogue("client-refs")));
    const file = (name: string) => fixture.find((f) => f.path === name)!.content;
    const importsOf = (text: string) => flat(text).match(/import [^;]*;/g);
    expect(importsOf(file("client/operations/orders.ts"))).toEqual([
      `import type { CallOptions, Transport } from "../runtime/transport.js";`,
      `import type { Line } from "../types.js";`,
      `import { addLineOperation, showOrderViewOperation } from "../modules/orders.js";`,
    ]);
    expect(importsOf(file("client/modules/orders.ts"))).toEqual([
      `import type { CallOptions, Transport } from "../runtime/transport.js";`,
      `import { bindOperations, op, type Operation, type OperationMore } from "../runtime/operation.js";`,
      `import { writeQueryAndBody } from "../runtime/encoding.js";`,
      `import type * as operations from "../operations/orders.js";`,
      `import { checkAddLineResponse, checkShowOrderViewResponse } from "../validate/orders.js";`,
    ]);
  });
});
