// templateFiles: what of templates/<target>/ ships as <target>/runtime/.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { templateFiles } from "../../src/emit/shared/templates.js";
import { freshDir } from "../helpers/generate.js";

test("ships the .ts files sorted by name, never tests or type tests", async () => {
  const root = await freshDir("templates");
  await mkdir(join(root, "demo"));
  const names = ["b.ts", "a.ts", "a.test.ts", "a.test-d.ts", "notes.md"];
  for (const name of names) await writeFile(join(root, "demo", name), `// ${name}\n`);
  const files = templateFiles("demo", root);
  expect(files.map((f) => f.path)).toEqual(["demo/runtime/a.ts", "demo/runtime/b.ts"]);
  expect(files[0]?.content).toBe("// a.ts\n");
});

test("the client's runtime is templates/client/ without its tests", () => {
  const paths = templateFiles("client").map((f) => f.path);
  expect(paths).toContain("client/runtime/transport.ts");
  expect(paths.filter((p) => /\.test(-d)?\.ts$/.test(p))).toEqual([]);
});
