// JSON-pointer look-ups by own properties only (issue 42, point 5): a `$ref` to
// `#/components/schemas/__proto__`, `constructor`, `toString` or `hasOwnProperty` in an imported
// document names nothing, with the reference's position, instead of resolving to Object.prototype
// or one of its functions. A schema really named `constructor` is still found.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importDocument } from "../../src/import/index.js";
import { freshDir } from "../helpers/generate.js";

function documentText(ref: string, ownSchemas = ""): string {
  return [
    'openapi: "3.1.0"',
    "info: { title: T, version: '1' }",
    "paths:",
    "  /a:",
    "    get:",
    "      operationId: getA",
    "      responses:",
    '        "200":',
    "          description: ok",
    "          content:",
    "            application/json:",
    "              schema:",
    `                $ref: "${ref}"`,
    "components:",
    "  schemas:",
    "    Thing: { type: string }",
    ownSchemas,
    "",
  ].join("\n");
}

describe("$ref look-ups by own properties", () => {
  for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
    it(`#/components/schemas/${name} names nothing, positioned at the reference`, async () => {
      const dir = await freshDir("own-pointers");
      const file = join(dir, "api.yaml");
      await writeFile(file, documentText(`#/components/schemas/${name}`));
      await expect(importDocument(file, { cwd: dir })).rejects.toThrow(new RegExp(`^api\\.yaml:13:23: error: \\$ref "#/components/schemas/${name.replace(/\$/g, "\\$")}" points at nothing`));
    });
  }

  it("a schema the document names `constructor` is found", async () => {
    const dir = await freshDir("own-pointers");
    const file = join(dir, "api.yaml");
    await writeFile(file, documentText("#/components/schemas/constructor", "    constructor: { type: integer }"));
    await expect(importDocument(file, { cwd: dir })).resolves.toBeDefined();
  });
});
