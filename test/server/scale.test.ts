// No generated server file grows with the whole API: a catalogue of 40 modules gives per-module
// files no larger than a 2-module catalogue of the same modules does, and the files that join the
// modules (index.ts, types.ts, handlers.ts, routes.ts, mock.ts, validate.ts) grow by a few lines per module.
// The 40-module server still compiles and answers an operation of its last module.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { freshDir, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { demoAuthenticate, importServer, type ServerModule } from "./helpers.js";

const OPERATIONS_PER_MODULE = 25;
const JOINING_FILES = ["index.ts", "types.ts", "handlers.ts", "routes.ts", "mock.ts", "validate.ts"];

function moduleId(index: number): string {
  return `m${String(index).padStart(2, "0")}`;
}

/** Operation `number` of a module: a typed POST body, a GET by id, or a GET list (a page of the module's own type) with a query, each with an example. */
function operation(id: string, number: number): Record<string, unknown> {
  const name = `${id}Thing${String(number).padStart(2, "0")}`;
  const base = `/${id}/v1/${name.toLowerCase()}`;
  const item = { id: `${name}-1`, quantity: number };
  if (number % 3 === 0) {
    return {
      id: `create${name.charAt(0).toUpperCase()}${name.slice(1)}`,
      method: "POST",
      path: base,
      summary: `Create a ${name}`,
      request: { required: true, content: { "application/json": { schema: { ref: "NewItem" } } } },
      responses: { "201": { content: { "application/json": { schema: { ref: "Item" }, example: item } } } },
    };
  }
  if (number % 3 === 1) {
    return {
      id: `get${name.charAt(0).toUpperCase()}${name.slice(1)}`,
      method: "GET",
      path: `${base}/{itemId}`,
      summary: `One ${name}`,
      parameters: [{ name: "itemId", in: "path", required: true, schema: { type: "string" } }],
      request: "none",
      responses: { "200": { content: { "application/json": { schema: { ref: "Item" }, example: item } } } },
    };
  }
  return {
    id: `list${name.charAt(0).toUpperCase()}${name.slice(1)}`,
    method: "GET",
    path: base,
    summary: `List ${name}`,
    parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
    request: "none",
    responses: { "200": { content: { "application/json": { schema: { ref: pageType(id) }, example: { items: [item] } } } } },
  };
}

function pageType(id: string): string {
  return `${id.charAt(0).toUpperCase()}${id.slice(1)}Page`;
}

/** A catalogue of `modules` modules of 25 operations each; Item and NewItem live in the first, each module has its own page type of Items. */
async function writeCatalogue(modules: number): Promise<string> {
  // One prefix for every size: the generated header names the catalogue folder.
  const dir = await freshDir("scale-catalogue");
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, "api.yaml"),
    stringify({
      api: {
        title: "Scale",
        description: "Many modules of the same shape.",
        auth: { header: "Authorization", tokenKinds: [{ id: "personal", description: "Personal token" }] },
      },
    }),
  );
  for (let index = 1; index <= modules; index++) {
    const id = moduleId(index);
    const types = {
      [pageType(id)]: { type: "object", properties: { items: { type: "array", items: { ref: "Item" }, required: true } } },
      ...(index === 1 && {
        Item: { type: "object", properties: { id: { type: "string", required: true }, quantity: { type: "integer", required: true } } },
        NewItem: { type: "object", properties: { quantity: { type: "integer", required: true } } },
      }),
    };
    const operations = Array.from({ length: OPERATIONS_PER_MODULE }, (_, number) => operation(id, number + 1));
    await writeFile(join(dir, `${id}.yaml`), stringify({ module: { id, title: `Module ${id}`, area: `Things of ${id}` }, types, operations }));
  }
  return dir;
}

interface ServerFile {
  name: string;
  lines: number;
  bytes: number;
}

/** The generated server's own files (not the fixed runtime/ and shared/), by path under server/. */
async function serverFiles(out: string): Promise<ServerFile[]> {
  const names = (await readdir(join(out, "server"), { recursive: true })).filter(
    (name) => name.endsWith(".ts") && !/^(runtime|shared)\//.test(name.split("\\").join("/")),
  );
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(out, "server", name), "utf8");
      return { name: name.split("\\").join("/"), lines: text.split("\n").length, bytes: Buffer.byteLength(text) };
    }),
  );
}

function largestPerModuleFile(files: ServerFile[]): number {
  return Math.max(...files.filter((file) => !JOINING_FILES.includes(file.name)).map((file) => file.bytes));
}

describe("a catalogue of 40 modules x 25 operations", () => {
  let out: string;
  let many: ServerFile[];
  let few: ServerFile[];
  beforeAll(async () => {
    out = await generateForTest({ catalogue: await writeCatalogue(40), targets: ["server"] });
    many = await serverFiles(out);
    few = await serverFiles(await generateForTest({ catalogue: await writeCatalogue(2), targets: ["server"] }));
  }, 240_000);

  test("every module has its own routes, handlers, mock and validate file", () => {
    for (let index = 1; index <= 40; index++) {
      for (const folder of ["types", "routes", "handlers", "mock", "validate"]) {
        expect(many.map((file) => file.name)).toContain(`${folder}/${moduleId(index)}.ts`);
      }
    }
  });

  test("no per-module file is larger than with 2 modules", () => {
    expect(largestPerModuleFile(many)).toBeLessThanOrEqual(largestPerModuleFile(few));
  });

  test("the joining files grow by at most 3 lines per module", () => {
    for (const name of JOINING_FILES) {
      const grown = many.find((file) => file.name === name)!.lines - few.find((file) => file.name === name)!.lines;
      expect(grown, name).toBeGreaterThan(0);
      expect(grown, name).toBeLessThanOrEqual(3 * 38);
    }
  });

  test("compiles under strict flags (TypeScript 5.9, nodenext)", async () => {
    const paths = (await readdir(join(out, "server"), { recursive: true })).filter((name) => name.endsWith(".ts")).map((name) => join(out, "server", name));
    const result = await typecheck(paths, { version: "5.9", resolution: "nodenext", types: [] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 120_000);

  describe("answers operations of the last module", () => {
    let handle: (request: Request) => Promise<Response>;
    let server: ServerModule;
    beforeAll(async () => {
      server = await importServer(out);
      handle = server.createRequestHandler(server.mockHandlers, { authenticate: demoAuthenticate });
    });
    const headers = { Authorization: "tok-personal-s1" };

    test("GET by id answers its example through mockHandlers", async () => {
      const response = await handle(new Request("http://localhost/m40/v1/m40thing25/x-1", { headers }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: "m40Thing25-1", quantity: 25 });
      expect(server.api.routes.filter((route) => route.module === "m40")).toHaveLength(OPERATIONS_PER_MODULE);
    });

    test("GET list answers a page of the module's own type, its query converted", async () => {
      const response = await handle(new Request("http://localhost/m40/v1/m40thing23?limit=2", { headers }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ items: [{ id: "m40Thing23-1", quantity: 23 }] });
      expect((await handle(new Request("http://localhost/m40/v1/m40thing23?limit=two", { headers }))).status).toBe(400);
    });

    test("a POST body that does not fit NewItem is a 400 from the module's guard", async () => {
      const request = (body: unknown) =>
        new Request("http://localhost/m40/v1/m40thing24", { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const bad = await handle(request({ quantity: "many" }));
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toContain("quantity");
      const good = await handle(request({ quantity: 3 }));
      expect(good.status).toBe(201);
    });
  });
});
