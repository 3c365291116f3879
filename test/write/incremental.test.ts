// A generate that keeps the files of unchanged modules (pipeline.ts, module-keys.ts) must write
// exactly what a generate into an empty folder writes. A catalogue of several modules whose types
// and operations reach named types of other modules gets seeded random single edits; after each,
// the incremental output (one folder, regenerated) is compared byte for byte, manifest included,
// with a full generate of the same catalogue into a fresh folder.
import { mkdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { seededRandom } from "../../templates/mock/values.js";
import { generate } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";
import { filesOf } from "../helpers/output-tree.js";

interface Op {
  id: string;
  limits?: unknown[];
  method: string;
  path: string;
  summary: string;
  description?: string;
  tokens: string[];
  parameters: unknown[];
  request: unknown;
  responses: Record<string, unknown>;
}
interface ModuleData {
  module: { id: string; title: string; area: string };
  types: Record<string, { type: "object"; description?: string; properties: Record<string, unknown> } | { type: "string" | "integer"; enum: (string | number)[] }>;
  operations: Op[];
}
interface Catalogue {
  api: { title: string; description: string; auth: { header: string; tokenKinds: { id: string; description: string }[] }; [more: string]: unknown };
  modules: ModuleData[];
}

const MODULES = 6;
const moduleId = (m: number) => `area_${m}`;
const typeName = (m: number, t: number) => `Area${m}Thing${t}`;
const statusName = (m: number) => `Area${m}Status`;

function operation(m: number, n: number, refModule: number): Op {
  return {
    id: `area${m}Op${n}`,
    method: n % 2 === 0 ? "GET" : "POST",
    path: `/area${m}/things/${n}/{code}`,
    summary: `Operation ${n} of area ${m}`,
    tokens: ["personal"],
    parameters: [
      // A named type of another module as a path parameter: its kind decides the conversion.
      { name: "code", in: "path", required: true, schema: { ref: statusName(refModule) }, description: "Code" },
      { name: "page", in: "query", schema: { type: "integer" }, description: "Page" },
      { name: "status", in: "query", schema: { ref: statusName(refModule) }, description: "Status" },
    ],
    request: n % 2 === 0 ? "none" : { required: true, content: { "application/json": { schema: { ref: typeName(m, 0) } } } },
    responses: { "200": { description: "The things", content: { "application/json": { schema: { type: "array", items: { ref: typeName(refModule, 1) } } } } } },
  };
}

function initialCatalogue(): Catalogue {
  const modules: ModuleData[] = [];
  for (let m = 0; m < MODULES; m++) {
    modules.push({
      module: { id: moduleId(m), title: `Area ${m}`, area: `Things of area ${m}` },
      types: {
        [typeName(m, 0)]: { type: "object", properties: { name: { type: "string", required: true }, other: { ref: typeName((m + 2) % MODULES, 1) } } },
        [typeName(m, 1)]: { type: "object", properties: { id: { type: "integer", required: true }, label: { type: "string" } } },
        [statusName(m)]: { type: "string", enum: ["open", "closed"] },
      },
      operations: [0, 1, 2].map((n) => operation(m, n, (m + 1) % MODULES)),
    });
  }
  return {
    api: { title: "Incremental test API", description: "Modules that reach each other's types.", auth: { header: "Authorization", tokenKinds: [{ id: "personal", description: "Personal token" }] } },
    modules,
  };
}

async function writeCatalogue(dir: string, catalogue: Catalogue): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "api.yaml"), stringify({ api: catalogue.api }));
  for (const module of catalogue.modules) await writeFile(join(dir, `${module.module.id}.yaml`), stringify(module, { lineWidth: 0 }));
}

/** One random edit of one operation, type or API-level part; returns what it did. */
function edit(catalogue: Catalogue, next: () => number, round: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const module = pick(catalogue.modules);
  const m = Number(module.module.id.slice("area_".length));
  const kinds = ["summary", "description", "add operation", "remove operation", "type field", "type description", "retarget reference", "status kind", "api"] as const;
  const objects = Object.values(module.types).filter((type) => type.type === "object");
  const kind = pick(kinds);
  switch (kind) {
    case "summary":
      pick(module.operations).summary = `Edited summary ${round}`;
      break;
    case "description":
      pick(module.operations).description = `Edited description ${round}`;
      break;
    case "add operation":
      module.operations.push(operation(m, 100 + round, Math.floor(next() * MODULES)));
      break;
    case "remove operation":
      if (module.operations.length > 1) module.operations.splice(Math.floor(next() * module.operations.length), 1);
      break;
    case "type field":
      pick(objects).properties[`field${round}`] = { type: "string", description: `Added in round ${round}` };
      break;
    case "type description":
      pick(objects).description = `A thing, edited in round ${round}`;
      break;
    case "retarget reference": {
      const target = typeName(Math.floor(next() * MODULES), 1);
      const op = pick(module.operations);
      op.responses = { "200": { description: `Retargeted in round ${round}`, content: { "application/json": { schema: { ref: target } } } } };
      break;
    }
    case "status kind": {
      // Used as a parameter by another module's operations.
      const status = module.types[statusName(m)]!;
      module.types[statusName(m)] = status.type === "string" ? { type: "integer", enum: [1, 2, round] } : { type: "string", enum: ["open", `closed${round}`] };
      break;
    }
    case "api":
      catalogue.api.auth.tokenKinds[0]!.description = `Personal token, round ${round}`;
      break;
  }
  return `${kind} in ${module.module.id}`;
}

describe("incremental generate", () => {
  let base: string;
  beforeAll(async () => {
    base = await freshDir("incremental");
  });

  it("writes byte for byte what a full generate writes, after each of 16 seeded random edits", async () => {
    const catalogueDir = join(base, "catalogue");
    const incremental = join(base, "incremental");
    const catalogue = initialCatalogue();
    await writeCatalogue(catalogueDir, catalogue);
    await generate({ catalogue: catalogueDir, out: incremental });
    const next = seededRandom(20261122);
    for (let round = 1; round <= 16; round++) {
      const what = edit(catalogue, next, round);
      await writeCatalogue(catalogueDir, catalogue);
      const result = await generate({ catalogue: catalogueDir, out: incremental });
      const full = join(base, `full-${round}`);
      await generate({ catalogue: catalogueDir, out: full });
      const [got, want] = [await filesOf(incremental), await filesOf(full)];
      expect([...got.keys()].sort(), what).toEqual([...want.keys()].sort());
      for (const [path, text] of want) expect(got.get(path), `${path} after ${what}`).toBe(text);
      expect(result.upToDate, what).toBe(false);
      await rm(full, { recursive: true, force: true });
    }
  }, 120_000);

  it("follows the API-level parts each module's files show (servers, api.responses and the types they reach, limit groups)", async () => {
    const catalogueDir = join(base, "api-level");
    const incremental = join(base, "api-level-out");
    const catalogue = initialCatalogue();
    const error = (description: string) => ({ description, content: { "application/problem+json": { schema: { ref: typeName(0, 1) } } } });
    catalogue.api.servers = [{ id: "live", url: "https://api.example.com", environment: "production" }];
    catalogue.api.responses = { "5XX": error("The server failed") };
    catalogue.api.principal = "seller";
    catalogue.api.limitGroups = [{ id: "shared", scope: "seller", period: "1 minute", limit: 10, interval: "6 seconds", burst: 10 }];
    for (const module of catalogue.modules) module.operations[0]!.limits = [{ group: "shared" }];
    const edits: [string, () => void][] = [
      ["a server's URL", () => ((catalogue.api.servers as { url: string }[])[0]!.url = "https://api.example.org/v2")],
      ["an API-wide error's description", () => (catalogue.api.responses = { "5XX": error("Try again later") })],
      ["a type only api.responses reaches from other modules", () => (catalogue.modules[0]!.types[typeName(0, 1)] = { type: "object", properties: { code: { type: "string", required: true } } })],
      ["a limit group's budget", () => ((catalogue.api.limitGroups as { limit: number; burst: number }[])[0]!.limit = 20)],
    ];
    await writeCatalogue(catalogueDir, catalogue);
    await generate({ catalogue: catalogueDir, out: incremental });
    for (const [what, change] of edits) {
      change();
      await writeCatalogue(catalogueDir, catalogue);
      await generate({ catalogue: catalogueDir, out: incremental });
      const full = join(base, "api-level-full");
      await rm(full, { recursive: true, force: true });
      await generate({ catalogue: catalogueDir, out: full });
      const [got, want] = [await filesOf(incremental), await filesOf(full)];
      expect([...got.keys()].sort(), what).toEqual([...want.keys()].sort());
      for (const [path, text] of want) expect(got.get(path), `${path} after ${what}`).toBe(text);
    }
  }, 120_000);

  it("one changed summary rewrites only its module's files and the joining files", async () => {
    const catalogueDir = join(base, "one-change");
    const out = join(base, "one-change-out");
    const catalogue = initialCatalogue();
    await writeCatalogue(catalogueDir, catalogue);
    await generate({ catalogue: catalogueDir, out });
    catalogue.modules[3]!.operations[1]!.summary = "A new summary";
    await writeCatalogue(catalogueDir, catalogue);
    const result = await generate({ catalogue: catalogueDir, out });
    if (result.upToDate) throw new Error("expected a write");
    expect(result.written).toEqual(expect.arrayContaining(["client/operations/area_3.ts", "docs/area_3.md", "openapi.json"]));
    expect(result.written.filter((path) => /area_\d/.test(path) && !path.includes("area_3"))).toEqual([]);
  });

  it("finds a hand-edited file of the same size, a deleted file and a touched file without rewriting the rest", async () => {
    const catalogueDir = join(base, "hand");
    const out = join(base, "hand-out");
    await writeCatalogue(catalogueDir, initialCatalogue());
    await generate({ catalogue: catalogueDir, out });
    const edited = join(out, "client/operations/area_2.ts");
    const original = await readFile(edited, "utf8");
    await writeFile(edited, original.replace("Operation", "Oxeration"));
    expect((await stat(edited)).size).toBe(Buffer.byteLength(original));
    await rm(join(out, "docs/area_4.md"));
    const touched = join(out, "server/routes/area_1.ts");
    const later = new Date(Date.now() + 5000);
    await utimes(touched, later, later);
    const result = await generate({ catalogue: catalogueDir, out });
    if (result.upToDate) throw new Error("expected a write");
    expect(result.written.sort()).toEqual(["client/operations/area_2.ts", "docs/area_4.md"]);
    expect(await readFile(edited, "utf8")).toBe(original);
    expect((await generate({ catalogue: catalogueDir, out })).upToDate).toBe(true);
  });
});
