// Bench catalogues: the real one (184 operations) and synthetic ones built from it. A synthetic
// catalogue keeps the real files as they are (so getDiscrepancies is there for the bundle check)
// and adds copies of the real operations, copy k under the path prefix /tNNNN and in modules
// <module>_tNNNN, each with a small typed query, a JSON body (non-GET) and a typed JSON response
// that reference named types of its module, so type emission has real work.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";

interface RealOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
}

interface RealModule {
  id: string;
  title: string;
  area: string;
  operations: RealOperation[];
}

/** The real catalogue's modules in file order, operations in catalogue order. */
export function readRealModules(catalogue: string): RealModule[] {
  return yamlFiles(catalogue)
    .filter((name) => name !== "api.yaml")
    .map((name) => {
      const data = parse(readFileSync(join(catalogue, name), "utf8")) as { module: Omit<RealModule, "operations">; operations?: RealOperation[] };
      return { ...data.module, operations: data.operations ?? [] };
    });
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort();
}

/** Writes a catalogue of exactly `size` operations into `dir` (emptied first). */
export function writeBenchCatalogue(realCatalogue: string, size: number, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const name of yamlFiles(realCatalogue)) copyFileSync(join(realCatalogue, name), join(dir, name));
  const modules = readRealModules(realCatalogue);
  const realCount = modules.reduce((sum, module) => sum + module.operations.length, 0);
  if (size < realCount) throw new Error(`a bench catalogue holds at least the ${realCount} real operations`);
  let remaining = size - realCount;
  for (let copy = 1; remaining > 0; copy++) {
    for (const module of modules) {
      if (remaining === 0) break;
      const operations = module.operations.slice(0, remaining);
      remaining -= operations.length;
      const file = syntheticModule(module, operations, copy);
      writeFileSync(join(dir, `${file.module.id}.yaml`), stringify(file, { lineWidth: 0 }));
    }
  }
}

const pascal = (snake: string): string => snake.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

function syntheticModule(module: RealModule, operations: RealOperation[], copy: number) {
  const tag = `t${String(copy).padStart(4, "0")}`;
  const id = `${module.id}_${tag}`;
  const prefix = pascal(id);
  const item = `${prefix}Item`;
  const page = `${prefix}Page`;
  const input = `${prefix}Input`;
  return {
    module: { id, title: `${module.title} (copy ${copy})`, area: module.area },
    types: {
      [item]: {
        type: "object",
        description: `One ${module.title.toLowerCase()} record.`,
        properties: {
          id: { type: "integer", format: "int64", required: true },
          name: { type: "string", required: true },
          status: { type: "string", enum: ["active", "archived", "draft"], required: true },
          createdAt: { type: "string", format: "date-time" },
          price: { type: "number", nullable: true },
          tags: { type: "array", items: { type: "string" } },
        },
      },
      [page]: {
        type: "object",
        properties: {
          items: { type: "array", items: { ref: item }, required: true },
          total: { type: "integer", required: true },
          next: { type: "string", nullable: true },
        },
      },
      [input]: {
        type: "object",
        properties: {
          name: { type: "string", required: true },
          status: { type: "string", enum: ["active", "archived", "draft"] },
          tags: { type: "array", items: { type: "string" } },
          attributes: { type: "map", values: { type: "string" } },
        },
      },
    },
    operations: operations.map((operation) => syntheticOperation(operation, tag, { page, input })),
  };
}

function syntheticOperation(operation: RealOperation, tag: string, types: { page: string; input: string }) {
  const pathParams = [...operation.path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!);
  const hasBody = operation.method !== "GET";
  return {
    id: `${operation.id}${tag.toUpperCase()}`,
    method: operation.method,
    path: `/${tag}${operation.path}`,
    summary: operation.summary,
    tokens: ["personal"],
    limits: [{ scope: "seller", period: "1 minute", limit: 60, interval: "1 second", burst: 5 }],
    parameters: [
      ...pathParams.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
      { name: "limit", in: "query", schema: { type: "integer", format: "int32" }, description: "Page size" },
      { name: "cursor", in: "query", schema: { type: "string" } },
      { name: "status", in: "query", schema: { type: "string", enum: ["active", "archived", "draft"] } },
    ],
    request: hasBody ? { required: true, content: { "application/json": { schema: { ref: types.input } } } } : "none",
    responses: {
      "200": { description: "The page of records.", content: { "application/json": { schema: { ref: types.page } } } },
    },
  };
}

/**
 * Rewrites one operation's summary in place (the "one operation changed" step); `variant`
 * alternates so that every call is a real change. Returns the module file it touched.
 */
export function changeOneOperation(dir: string, variant: number): string {
  const name = "supplies.yaml";
  const path = join(dir, name);
  const text = readFileSync(path, "utf8");
  const next = text.replace(/^(    summary: Supply discrepancies)(?: \(edit \d+\))?$/m, `$1 (edit ${variant})`);
  if (next === text) throw new Error(`no getDiscrepancies summary to change in ${path}`);
  writeFileSync(path, next);
  return name;
}
