// The server emitter on its own: deterministic output, catalogue text kept inert, name clashes
// refused, mock examples checked by the compiler.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Project } from "ts-morph";
import { beforeAll, describe, expect, test } from "vitest";
import type { ApiModel, MediaType, TypeNode } from "../../src/model/types.js";
import { emitServer } from "../../src/emit/server/index.js";
import { jsonLiteral } from "../../src/emit/server/mock-file.js";
import { CHECKED_STRING_FORMATS, pathConversion } from "../../src/emit/server/operation-types.js";
import { CHECKED_FORMATS } from "../../templates/server/params.js";
import { bodyGuard } from "../../src/emit/server/validate-file.js";
import { loadModel } from "../../src/pipeline.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { featuresCatalogue } from "./helpers.js";

async function writeServer(model: ApiModel): Promise<string[]> {
  const dir = await freshDir("server-emit");
  const files = await emitServer(model);
  return Promise.all(
    files.map(async (file) => {
      const path = join(dir, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.content);
      return path;
    }),
  );
}

let real: ApiModel;
beforeAll(async () => {
  real = await loadModel(repoCatalogue);
});

describe("emitServer", () => {
  test("writes the public surface, one file per module, and the runtime, never the runtime's tests", async () => {
    const paths = (await emitServer(real)).map((file) => file.path);
    const perModule = (folder: string) => real.modules.map((module) => `server/${folder}/${module.id}.ts`);
    // Only the supplies module has a JSON example, so only it gets a mock file; only modules with
    // guards get a validate file.
    const validateModules = paths.flatMap((path) => /^server\/validate\/(\w+)\.ts$/.exec(path)?.[1] ?? []);
    expect(validateModules.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !/^server\/(runtime|shared)\//.test(path))).toEqual([
      "server/index.ts",
      "server/types.ts",
      ...[...new Set(real.types.map((named) => named.module))].sort().map((id) => `server/types/${id}.ts`),
      "server/handlers.ts",
      ...perModule("handlers"),
      "server/routes.ts",
      ...perModule("routes"),
      "server/mock.ts",
      "server/mock/supplies.ts",
      "server/validate.ts",
      ...validateModules.map((id) => `server/validate/${id}.ts`),
      "server/package.json",
    ]);
    expect(paths.filter((path) => path.startsWith("server/shared/"))).toEqual([
      "server/shared/bucket.ts",
      "server/shared/error-cost.ts",
      "server/shared/guard.ts",
      "server/shared/media.ts",
      "server/shared/memory-rate-limit-store.ts",
      "server/shared/rate-limit-store.ts",
      "server/shared/redis-rate-limit-store.ts",
    ]);
    // No security schemes, no streamed response, no styled, header or cookie parameter and no form
    // body here: no credentials.ts, stream.ts, styles.ts or form.ts.
    expect(paths.filter((path) => path.startsWith("server/runtime/")).sort()).toEqual(
      ["access", "body", "error-cost", "errors", "handler", "node", "params", "problem", "query", "rate-limit", "replies", "router", "types"].map((name) => `server/runtime/${name}.ts`),
    );
  });

  test("is deterministic", async () => {
    const again = await loadModel(repoCatalogue);
    expect(await emitServer(again)).toEqual(await emitServer(real));
  });

  test("one route per operation in its module's file, and every module in Handlers", async () => {
    const files = await emitServer(real);
    const content = (path: string) => files.find((file) => file.path === path)?.content ?? "";
    const handlers = content("server/handlers.ts");
    const routes = content("server/routes.ts");
    expect(real.modules.flatMap((module) => module.operations)).toHaveLength(184);
    for (const module of real.modules) {
      const moduleRoutes = content(`server/routes/${module.id}.ts`);
      expect(moduleRoutes.match(/^\s*id: "/gm)).toHaveLength(module.operations.length);
      for (const operation of module.operations) expect(moduleRoutes).toContain(`id: "${operation.id}"`);
      expect(routes).toContain(`import { ${module.name}Routes } from "./routes/${module.id}.js";`);
      expect(routes).toContain(`...${module.name}Routes`);
    }
    expect(routes).not.toMatch(/id: "/);
    for (const name of ["items", "inStorePickup", "ordersDbs", "analytics", "communications", "wbd", "finances", "general", "tariffs", "supplies"]) {
      expect(handlers).toMatch(new RegExp(`^\\s*${name}\\?: `, "m"));
    }
  });

  test("refuses a catalogue type named like something the server exports", async () => {
    const model = await loadModel(featuresCatalogue);
    const clashing: ApiModel = { ...model, types: [...model.types, { name: "Handlers", module: "shop", type: { kind: "string" } }] };
    await expect(emitServer(clashing)).rejects.toThrow(/Handlers clash/);
  });
});

describe("path parameters", () => {
  test("only typed parameters are listed for the router; the handler's params are typed alike", async () => {
    const files = await emitServer(await loadModel(featuresCatalogue));
    const content = (path: string) => files.find((file) => file.path === path)?.content ?? "";
    const routes = content("server/routes/shop.ts");
    // getOrder's string orderId needs no check: its route has no params line.
    expect(routes.match(/^\s*params: .*$/gm)?.map((line) => line.trim())).toEqual([
      `params: [{ name: "warehouseId", type: "integer" }, { name: "shipmentId", type: "string", format: "uuid" }],`,
      `params: [{ name: "warehouseId", type: "integer", format: "int32" }, { name: "day", type: "string", format: "date" }, { name: "zone", type: "string", enum: ["north", "south"] }, { name: "dock", type: "integer", enum: [1, 2, 3] }, { name: "cold", type: "boolean" }, { name: "maxWeight", type: "number" }],`,
      `params: [{ name: "warehouseId", type: "integer" }, { name: "since", type: "string", format: "date-time" }],`,
    ]);
    const handlers = content("server/handlers/shop.ts");
    expect(handlers).toContain("params: { orderId: string; };");
    expect(handlers).toContain("params: { warehouseId: number; shipmentId: string; };");
    expect(handlers).toContain("params: { warehouseId: number; day: string; zone: Zone; dock: 1 | 2 | 3; cold: boolean; maxWeight: number; };");
    expect(handlers).toMatch(/^import type \{ .*\bZone\b.* \} from "\.\.\/types\.js";$/m);
    // The real catalogue's one path parameter is a plain string: its routes are unchanged.
    expect((await emitServer(real)).some((file) => file.path.startsWith("server/routes/") && file.content.includes("params:"))).toBe(false);
  });

  test("refs are followed to the scalar they name; shapes a segment cannot carry stay strings", () => {
    const types = [
      { name: "OrderId", module: "m", type: { kind: "string" } },
      { name: "Alias", module: "m", type: { kind: "ref", name: "Count" } },
      { name: "Count", module: "m", type: { kind: "integer" } },
      { name: "Box", module: "m", type: { kind: "object", properties: [], additionalProperties: true } },
      { name: "Loop", module: "m", type: { kind: "ref", name: "Loop" } },
    ] as const satisfies { name: string; module: string; type: TypeNode }[];
    const convert = (schema?: TypeNode) => pathConversion({ name: "p", in: "path", required: true, ...(schema && { schema }) }, types);
    expect(convert()).toEqual({ rule: undefined, text: "string" });
    expect(convert({ kind: "ref", name: "OrderId" })).toEqual({ rule: undefined, text: "OrderId", ref: "OrderId" });
    expect(convert({ kind: "ref", name: "Alias" })).toEqual({ rule: { type: "integer" }, text: "Alias", ref: "Alias" });
    for (const schema of [{ kind: "ref", name: "Box" }, { kind: "ref", name: "Loop" }, { kind: "ref", name: "Missing" }, { kind: "array", items: { kind: "integer" } }] as TypeNode[]) {
      expect(convert(schema), JSON.stringify(schema)).toEqual({ rule: undefined, text: "string" });
    }
    expect(convert({ kind: "string", format: "email" })).toEqual({ rule: undefined, text: "string" });
    expect(convert({ kind: "integer", format: "int64" })).toEqual({ rule: { type: "integer" }, text: "number" });
  });

  test("the emitter lists the string formats the runtime checks", () => {
    expect(CHECKED_STRING_FORMATS).toEqual(CHECKED_FORMATS);
  });
});

describe("request body guards", () => {
  test("only operations whose JSON body is typed get one, named apart from every type guard", async () => {
    const model = await loadModel(featuresCatalogue);
    const files = await emitServer(model);
    const routes = files.find((file) => file.path === "server/routes/shop.ts")?.content ?? "";
    const validate = files.find((file) => file.path === "server/validate/shop.ts")?.content ?? "";
    // The typed JSON bodies (createOrder, createFolder): not the PDF upload, the multipart form or the undocumented echo.
    expect(routes.match(/check: \w+/g)).toEqual(["check: validateBodyOfCreateOrder", "check: validateBodyOfCreateFolder"]);
    expect(routes).toContain(`import { validateBodyOfCreateOrder, validateBodyOfCreateFolder } from "../validate.js";`);
    expect(validate).toMatch(/export function validateBodyOfCreateOrder\(value: unknown, path = "\$"\)/);
    expect(validate).toMatch(/export function checkNewOrder\(/);
  });

  test("no guard when a JSON content type has no schema (any JSON fits); non-JSON content is ignored", () => {
    const base = { ...real.modules[0]!.operations[0]!, id: "putThing" };
    const typed: TypeNode = { kind: "object", properties: [], additionalProperties: true };
    const withContent = (content: MediaType[]) => ({ ...base, request: { required: true, content } });
    expect(bodyGuard(withContent([{ contentType: "application/json" }]))).toBeUndefined();
    expect(bodyGuard(withContent([{ contentType: "application/json", schema: typed }, { contentType: "application/merge-patch+json" }]))).toBeUndefined();
    expect(bodyGuard(withContent([{ contentType: "application/pdf", schema: { kind: "binary" } }]))).toBeUndefined();
    // Bytes inside a JSON schema (directly or through a ref) could never fit: not checked.
    const withBytes: TypeNode = { kind: "object", properties: [{ name: "file", required: true, type: { kind: "ref", name: "Blob" } }], additionalProperties: false };
    const blob = { name: "Blob", module: "shop", type: { kind: "array", items: { kind: "binary" } } } as const;
    expect(bodyGuard(withContent([{ contentType: "application/json", schema: withBytes }]), [blob])).toBeUndefined();
    const guard = bodyGuard(withContent([{ contentType: "application/json", schema: typed }, { contentType: "text/csv" }]));
    expect(guard).toMatchObject({ name: "validateBodyOfPutThing", alternatives: [typed] });
    expect(bodyGuard({ ...base, request: null })).toBeUndefined();
    const { request: _request, ...undocumented } = base;
    expect(bodyGuard(undocumented)).toBeUndefined();
  });
});

describe("catalogue text stays inert", () => {
  test("comment and string breakers in summaries, descriptions and paths", async () => {
    const model = await loadModel(featuresCatalogue);
    const hostile = "*/ export const pwned = 1; /* \" ' ` ${x} \u2028 @param";
    const shop = model.modules.find((module) => module.id === "shop")!;
    const operation = shop.operations[0]!;
    const changed: ApiModel = {
      ...model,
      modules: model.modules.map((module) =>
        module === shop
          ? {
              ...module,
              title: hostile,
              area: hostile,
              operations: [
                {
                  ...operation,
                  summary: hostile,
                  description: hostile,
                  constraints: [hostile],
                  path: "/x/a*/b",
                  segments: [
                    { kind: "static", value: "x" },
                    { kind: "static", value: "a*" },
                    { kind: "static", value: "b" },
                  ],
                },
                ...module.operations.slice(1),
              ],
            }
          : module,
      ),
    };
    const paths = await writeServer(changed);
    const result = await typecheck(paths, { version: "7.0", resolution: "nodenext" });
    expect(result.output).toBe("");
    const project = new Project({ useInMemoryFileSystem: true });
    for (const file of await emitServer(changed)) {
      const source = project.createSourceFile(`/${file.path}`, file.content, { overwrite: true });
      expect(source.getVariableDeclaration("pwned"), file.path).toBeUndefined();
    }
  });

  test("JSON examples become literals that keep __proto__ as data", () => {
    const text = jsonLiteral(JSON.parse('{"__proto__":{"a":1},"b":["\\u2028",null,true,1.5]}'));
    expect(text).toBe('{ ["__proto__"]: { "a": 1 }, "b": ["\\u2028", null, true, 1.5] }');
    const value = new Function(`return (${text});`)() as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__", "b"]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe("mockHandlers", () => {
  test("an example outside the allowed combinations fails to compile", async () => {
    const supplies = real.modules.find((module) => module.id === "supplies")!;
    const operation = supplies.operations[0]!;
    const response = operation.responses![0]!;
    const media = response.content[0]!;
    const changed: ApiModel = {
      ...real,
      modules: real.modules.map((module) =>
        module === supplies
          ? {
              ...module,
              operations: [
                {
                  ...operation,
                  responses: [{ ...response, content: [{ ...media, example: [{ discrepancyType: "surplus", discrepancyLabel: "shortage" }] }] }],
                },
              ],
            }
          : module,
      ),
    };
    const result = await typecheck(await writeServer(changed), { version: "7.0", resolution: "nodenext" });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/mock\/supplies\.ts.*"shortage"/s);
  });
});
