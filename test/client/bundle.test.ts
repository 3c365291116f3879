// A program that calls only getDiscrepancies bundles without any other operation's code.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { emitClient } from "../../src/emit/client/index.js";
import { resultShape } from "../../src/emit/client/signature.js";
import { typeReferences } from "../../src/emit/shared/ts-types.js";
import type { ApiModel } from "../../src/model/types.js";
import { loadModel } from "../../src/pipeline.js";
import { bundleOneOperation, bundleOneOperationCode } from "../helpers/bundle.js";
import { freshDir, generateForTest, repoCatalogue } from "../helpers/generate.js";

/**
 * Bound of the minified one-operation bundle: 12,964 bytes after the transport followed redirects
 * itself, redacted escaped tokens and capped response size (10,335 before), plus about 1,100 bytes
 * for taking turns in a shared rate-limit store (`rateLimitStore`, issue 12), plus a small margin.
 */
const MAX_MINIFIED = 14_600;

let model: ApiModel;
let clientDir = "";
let code = "";

beforeAll(async () => {
  model = await loadModel(repoCatalogue);
  clientDir = join(await generateForTest({ targets: ["client"] }), "client");
  code = await bundleOneOperationCode(clientDir);
});

/** The model cut down to getDiscrepancies and the named types its response reaches. */
function onlyGetDiscrepancies(full: ApiModel): ApiModel {
  const module = full.modules.find((m) => m.operations.some((op) => op.id === "getDiscrepancies"))!;
  const operation = module.operations.find((op) => op.id === "getDiscrepancies")!;
  const reached = new Set<string>();
  const visit = (name: string): void => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const next of typeReferences(full.types.find((t) => t.name === name)?.type)) visit(next);
  };
  for (const node of resultShape(operation).guard?.alternatives ?? []) for (const name of typeReferences(node)) visit(name);
  return { ...full, types: full.types.filter((t) => reached.has(t.name)), modules: [{ ...module, operations: [operation] }] };
}

/** Minified names differ with what else a file held; short identifiers are blanked out to compare code. */
const shape = (text: string): string => text.replace(/(?<![\w$])[A-Za-z_$][\w$]?(?![\w$])/g, "_");

test("the bundle from the 184-operation client is the bundle from a client of getDiscrepancies alone", async () => {
  const alone = onlyGetDiscrepancies(model);
  expect(alone.types.map((t) => t.name)).toContain("ItemDiscrepancyResponse");
  expect(model.modules.flatMap((m) => m.operations).length).toBeGreaterThan(100);
  const dir = await freshDir("one-operation");
  for (const file of emitClient(alone)) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content);
  }
  const aloneCode = await bundleOneOperationCode(join(dir, "client"));
  expect(shape(code)).toBe(shape(aloneCode));
});

test("the bundle holds getDiscrepancies and no other operation's path or id", () => {
  const operations = model.modules.flatMap((m) => m.operations);
  expect(code).toContain("/api/supplies/v1/discrepancies/{supplyId}");
  const others = operations.filter((op) => op.id !== "getDiscrepancies");
  expect(others.filter((op) => code.includes(JSON.stringify(op.path))).map((op) => op.path)).toEqual([]);
  expect(others.filter((op) => code.includes(`"${op.id}"`)).map((op) => op.id)).toEqual([]);
});

test("the bundle keeps the runtime it needs: token header, limits and the response check", () => {
  expect(code).toContain('"Authorization"');
  expect(code).toContain("6e4"); // intervalMs 60000, minified
  expect(code).toContain("discrepancyLabel");
});

test(`the one-operation bundle stays below ${MAX_MINIFIED} bytes minified`, async () => {
  const size = await bundleOneOperation(clientDir);
  console.log(`one-operation bundle: ${size.minified} B minified, ${size.gzipped} B gzipped`);
  expect(size.minified).toBeLessThan(MAX_MINIFIED);
});
