// A program that calls only getDiscrepancies bundles without any other operation's code.
import { beforeAll, expect, test } from "vitest";
import { join } from "node:path";
import { loadModel } from "../../src/pipeline.js";
import { generateForTest, repoCatalogue } from "../helpers/generate.js";
import { bundleOneOperation, bundleOneOperationCode } from "../helpers/bundle.js";

let clientDir = "";
let code = "";

beforeAll(async () => {
  clientDir = join(await generateForTest({ targets: ["client"] }), "client");
  code = await bundleOneOperationCode(clientDir);
});

test("the bundle holds getDiscrepancies and no other operation's path", async () => {
  const model = await loadModel(repoCatalogue);
  const operations = model.modules.flatMap((m) => m.operations);
  expect(operations.length).toBeGreaterThan(100);
  expect(code).toContain("/api/supplies/v1/discrepancies/{supplyId}");
  const others = operations.filter((op) => op.id !== "getDiscrepancies" && code.includes(JSON.stringify(op.path)));
  expect(others.map((op) => op.path)).toEqual([]);
  // Nor their ids (the operation objects) or the guards of other types.
  expect(operations.filter((op) => op.id !== "getDiscrepancies" && code.includes(`"${op.id}"`))).toEqual([]);
});

test("the bundle keeps the runtime it needs: token header, limits and the response check", () => {
  expect(code).toContain('"Authorization"');
  expect(code).toContain("6e4"); // intervalMs 60000, minified
  expect(code).toContain("discrepancyLabel");
});

test("the minified size is reported (goal: below 4 KB)", async () => {
  const size = await bundleOneOperation(clientDir);
  console.log(`one-operation bundle: ${size.minified} B minified, ${size.gzipped} B gzipped`);
  expect(size.minified).toBe(Buffer.byteLength(code));
  expect(size.gzipped).toBeLessThan(size.minified);
  expect(size.minified).toBeLessThan(12_000);
});
