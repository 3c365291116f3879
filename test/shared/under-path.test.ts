// Paths worked out without resolving each: `under(dir, path)` (src/shared/hash.ts) stands for
// `relative(dir, path)` in the generator's hash, and `displayPathsIn(dir)` (src/load/files.ts) for
// `displayPath(join(dir, name))` in the loader's messages; each must give what it stands for.
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { under } from "../../src/shared/hash.js";
import { displayPath, displayPathsIn } from "../../src/load/files.js";
import { repoRoot } from "../helpers/generate.js";

describe("under(dir, path)", () => {
  it("is relative(dir, path) for catalogen's own files, from the package root and from their folder", () => {
    for (const dir of [join(repoRoot, "src"), join(repoRoot, "templates")]) {
      const paths = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name));
      expect(paths.length).toBeGreaterThan(50);
      for (const path of paths) {
        expect(under(dir, path)).toBe(relative(dir, path));
        expect(under(repoRoot, path)).toBe(relative(repoRoot, path));
      }
    }
  });

  it("is relative(dir, path) where the path is not plainly inside the folder", () => {
    const cases: [string, string][] = [
      ["/a/b", "/a/b/c.ts"],
      ["/a/b/", "/a/b/c.ts"],
      ["/a/b", "/a/bc/d.ts"],
      ["/a/b", "/a/b/../c.ts"],
      ["/a/b", "/a/b/..c.ts"],
      ["/a/b", "/x/y.ts"],
      ["/", "/x/y.ts"],
      ["a/b", "a/b/c.ts"],
      ["./a/b", "a/b/c.ts"],
      ["a/b", resolve("a/b/c.ts")],
    ];
    for (const [dir, path] of cases) expect(under(dir, path), `${dir} ${path}`).toBe(relative(dir, path));
  });
});

describe("displayPathsIn(dir)", () => {
  it("is displayPath(join(dir, name)) inside, outside, above and at the working folder", () => {
    const cwd = "/work/project";
    const dirs = ["/work/project", "/work/project/catalogue", "catalogue", "./catalogue", "/work/other/catalogue", "/work", "..", "../other", "/", "/work/project/a/../b"];
    const names = ["api.yaml", "supplies_t0001.yaml", "..odd.yaml", ".hidden.yaml", "a..b.yaml"];
    for (const dir of dirs) {
      const shown = displayPathsIn(dir, cwd);
      for (const name of names) expect(shown(name), `${dir} ${name}`).toBe(displayPath(join(dir, name), cwd));
    }
  });
});
