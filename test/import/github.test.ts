// GitHub's REST API description (@octokit/openapi, about 1,200 operations) imports, validates,
// generates all four targets, and the generated client and server compile with zero errors.
// Compiled once, with TypeScript 7.0 (the fastest of the three), to keep CI time down.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { repoRoot } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { generatedTypeScript, importAndGenerate, type Imported } from "./helpers.js";

const github = join(repoRoot, "node_modules/@octokit/openapi/generated/api.github.com.json");
let result: Imported;

beforeAll(async () => {
  result = await importAndGenerate(github);
}, 900_000);

test("every operation of the document is in the catalogue, or listed as lost", () => {
  expect(result.operations).toBeGreaterThan(1000);
  expect(result.model.modules.length).toBeGreaterThan(30);
  expect(existsSync(join(result.out, "openapi.json"))).toBe(true);
  const lostOperations = result.reportText.split("\n").filter((line) => line.includes(": the whole operation"));
  // The report is the only place an operation may go: imported + lost whole = the document's operations.
  expect(result.operations + lostOperations.length).toBe(countOperations());
});

test("the generated client and server compile with zero errors (TypeScript 7.0, strict flags)", { timeout: 600_000 }, async () => {
  const output = await typecheck(await generatedTypeScript(result.out), { version: "7.0", resolution: "nodenext" });
  expect(output.output).toBe("");
  expect(output.ok).toBe(true);
});

function countOperations(): number {
  const document = JSON.parse(readFileSync(github, "utf8")) as { paths: Record<string, Record<string, unknown>> };
  const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  return Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).filter((key) => methods.includes(key)).length, 0);
}
