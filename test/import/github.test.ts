// GitHub's REST API description (@octokit/openapi, about 1,200 operations) imports, validates,
// generates all four targets, and the generated client and server compile with zero errors.
// Compiled once, with TypeScript 7.0 (the fastest of the three), to keep CI time down.
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { importOpenApi } from "../../src/import/index.js";
import { lossKind } from "../../src/import/report.js";
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

test("the report loses at most 1% of the 11,296 items it lost before issue 22, vendor extensions aside, and says each kind once with its count", () => {
  const { report } = importOpenApi(github);
  const kept = report.losses.filter((loss) => !/vendor extension/.test(lossKind(loss)));
  // Before: 8,710 non-vendor losses (examples 2,621, titles 1,996, defaults 1,717, external docs 1,222,
  // response headers 250, ...). What is left is structural (alternative required-field sets,
  // keywords beside oneOf/anyOf, discriminators), info fields and one operation: 40 at the last count.
  expect(kept.length).toBeLessThanOrEqual(40);
  // The discriminators left: variants that do not require the property (user_view_type), or are arrays.
  expect(kept.filter((loss) => /discriminator/.test(loss.pointer)).length).toBeLessThanOrEqual(4);
  const before = /the catalogue has no (examples on schemas|schema titles|default values|value constraints$|deprecation$|read-only)|operation (externalDocs|deprecated)|the catalogue documents no response headers|parameter (deprecated|examples?) /;
  expect(kept.filter((loss) => before.test(lossKind(loss)))).toEqual([]);
  // The document's own mistakes (examples that do not fit their schemas) are listed apart, not as losses.
  expect(report.refused.every((item) => /does not fit its schema/.test(item.what))).toBe(true);
  const text = report.toText();
  expect(text).toMatch(/^Lost \(\d+\): what the catalogue language cannot hold, by kind\n  \d+ × operation x-github \(vendor extension\)\n    #\/paths/);
});

test("the generated client shows @deprecated, defaults, constraints and read-only shapes for GitHub", async () => {
  const classroom = await readFile(join(result.out, "client/operations/classroom.ts"), "utf8");
  expect(classroom).toMatch(/@deprecated\n \*\/\nexport function classroomGetAnAssignment\(/);
  const repos = await readFile(join(result.out, "client/operations/repos.ts"), "utf8");
  expect(repos).toMatch(/Default: `30`\n/);
  const types = (await Promise.all(["client/types.ts"].map((file) => readFile(join(result.out, file), "utf8")))).join("");
  expect(types).toContain("export type * from");
  const all = await generatedTypeScript(result.out);
  const typeFiles = await Promise.all(all.filter((file) => file.includes("/client/types/")).map((file) => readFile(file, "utf8")));
  expect(typeFiles.some((text) => /Read-only: sent by the server/.test(text) && /export type \w+Writable = /.test(text))).toBe(true);
  expect(typeFiles.some((text) => /Constraints: (minLength|maxLength|pattern)/.test(text))).toBe(true);
});

function countOperations(): number {
  const document = JSON.parse(readFileSync(github, "utf8")) as { paths: Record<string, Record<string, unknown>> };
  const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  return Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).filter((key) => methods.includes(key)).length, 0);
}
