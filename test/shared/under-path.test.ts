// `under(dir, path)` (src/shared/hash.ts) stands for `relative(dir, path)` in the generator's hash:
// it must give what relative() gives, for every path the hash is made of and for any other.
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { under } from "../../src/shared/hash.js";
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
