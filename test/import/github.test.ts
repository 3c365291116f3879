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

/**
 * Every kind of loss GitHub's description still gives (vendor extensions aside), at most this many
 * times, with why the catalogue cannot hold it (docs/import.md says the same per group). Issue 44
 * asked for at most 87 or a reason per kind: 35 of 13 kinds, each with its reason.
 */
const HELD_BACK: [kind: RegExp, most: number, why: string][] = [
  [/^schema anyOf: the catalogue has no alternative required-field sets$/, 7, "'one of these field sets' is a rule across fields; the object and its own required fields are kept"],
  [/^schema oneOf: the catalogue has no alternative required-field sets$/, 4, "as with anyOf"],
  [/^schema type: the catalogue has no keywords beside oneOf/, 6, "a union is its variants alone; `type: object` beside them would be a second shape"],
  [/^schema type: the catalogue has no keywords beside anyOf/, 3, "as with oneOf"],
  [/^schema properties: the catalogue has no keywords beside anyOf/, 1, "as with oneOf"],
  [/^schema discriminator: /, 4, "variants that do not require the property as a string (user_view_type optional; a contents variant is an array)"],
  [/^example "…" \(no value\)$/, 3, "a named example with a summary and no value shows nothing"],
  [/^schema required: the catalogue has no "required" in a schema like this one$/, 2, "`required` on an array schema does not apply to it"],
  [/^schema minItems: the catalogue has no value constraints of this kind on type string$/, 1, "`minItems` on a string does not apply to it"],
  [/^schema additionalProperties: the catalogue has no "additionalProperties" in a schema like this one$/, 1, "`additionalProperties` on a non-object does not apply to it"],
  [/^schema allOf: the catalogue has no allOf composition/, 1, "a part may be null (integration is nullable): merged into one object, every property kept"],
  [/^components\.headers /, 1, "reusable headers are kept where they are used"],
  [/^info\.x-github-plan$/, 1, "an info extension has no place in api"],
];

test("the report loses at most 1% of the 11,296 items it lost before issue 22, vendor extensions aside, and says each kind once with its count", () => {
  const { report } = importOpenApi(github);
  const kept = report.losses.filter((loss) => !/vendor extension/.test(lossKind(loss)));
  // Issue 44: each kind left is one the catalogue cannot hold, for the reason HELD_BACK gives, at most as often.
  const unexplained = kept.filter((loss) => !HELD_BACK.some(([kind]) => kind.test(lossKind(loss)))).map((loss) => `${lossKind(loss)} (${loss.pointer})`);
  expect(unexplained).toEqual([]);
  for (const [kind, most, why] of HELD_BACK) expect(kept.filter((loss) => kind.test(lossKind(loss))).length, `${kind}: ${why}`).toBeLessThanOrEqual(most);
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
