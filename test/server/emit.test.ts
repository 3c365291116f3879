// The server emitter on its own: deterministic output, catalogue text kept inert, name clashes
// refused, mock examples checked by the compiler.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Project } from "ts-morph";
import { beforeAll, describe, expect, test } from "vitest";
import type { ApiModel, MediaType, TypeNode } from "../../src/model/types.js";
import { emitServer } from "../../src/emit/server/index.js";
import { jsonLiteral } from "../../src/emit/server/mock-file.js";
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
      "server/shared/guard.ts",
      "server/shared/media.ts",
      "server/shared/memory-rate-limit-store.ts",
      "server/shared/rate-limit-store.ts",
      "server/shared/redis-rate-limit-store.ts",
    ]);
    expect(paths.filter((path) => path.startsWith("server/runtime/")).sort()).toEqual(
      ["body", "errors", "handler", "node", "problem", "query", "rate-limit", "router", "types"].map((name) => `server/runtime/${name}.ts`),
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
