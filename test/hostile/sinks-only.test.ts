// Input text reaches output only through the sinks of src/shared/sinks.ts: no emitter, writer or
// scaffold builds a comment around interpolated text itself, or escapes `*/` on its own. (The
// structural proof is escape.test.ts; this keeps the next emitter from opening its own door.)
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../helpers/generate.js";

/** A comment opened in a template literal that interpolates, or per-call escaping of a comment's end. */
const OWN_COMMENT = [/`[^`]*\/\*\*?[^`]*\$\{/, /`\/\/ [^`]*\$\{/, /<!--[^`]*\$\{/, /\.replace\(\/\\\*\\\//];
/** Build-time code that writes no input text. */
const ALLOWED = new Set(["src/emit/docs/templates.ts"]);

it("no emitter, writer or scaffold writes a comment around input text without a sink", async () => {
  const found: string[] = [];
  for (const folder of ["src/emit", "src/write", "src/scaffold", "src/mock"]) {
    const entries = await readdir(join(repoRoot, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries.filter((e) => e.isFile() && e.name.endsWith(".ts"))) {
      const path = relative(repoRoot, join(entry.parentPath, entry.name));
      if (ALLOWED.has(path)) continue;
      const lines = (await readFile(join(repoRoot, path), "utf8")).split("\n");
      lines.forEach((line, index) => {
        if (OWN_COMMENT.some((pattern) => pattern.test(line))) found.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
  }
  expect(found).toEqual([]);
});

it("the check itself flags a doc comment built by hand", () => {
  expect(OWN_COMMENT.some((pattern) => pattern.test("const doc = `/** ${description} */`;"))).toBe(true);
  expect(OWN_COMMENT.some((pattern) => pattern.test('text.replace(/\\*\\//g, "*\\\\/")'))).toBe(true);
  expect(OWN_COMMENT.some((pattern) => pattern.test("docComment([`The ${id} module`])"))).toBe(false);
});
