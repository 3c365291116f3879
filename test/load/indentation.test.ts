// One mis-indented line is one diagnostic at that line (issue 27), and no line of a catalogue that
// parses is ever taken for one.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { misindentedLine } from "../../src/load/indentation.js";
import { repoRoot } from "../helpers/generate.js";
import { runCli, writeCatalogue } from "../catalogue/support.js";

const MODULE = (lines: string[]) => ["module:", "  id: shop", "  title: Shop", "  area: Things", "operations:", ...lines, ""].join("\n");

const CASES: [name: string, text: string, line: number, message: RegExp][] = [
  ["a key one space deeper than its siblings", MODULE(["  - id: listThings", "    method: GET", "     path: /things", "    summary: List"]), 8, /indented 5 spaces, more than the line above \(4\)/],
  ["a key one space shallower than its siblings", MODULE(["  - id: listThings", "    method: GET", "    path: /things", "   summary: List"]), 9, /indented 3 spaces, which lines up with no block above it \(4 or 2\)/],
  ["a top-level key indented", ["api:", "  title: T", " auth: {}", ""].join("\n"), 3, /indented 1 space, which lines up/],
];

describe("misindentedLine", () => {
  test.each(CASES)("%s", (_name, text, line, message) => {
    expect(misindentedLine(text)).toMatchObject({ line, message: expect.stringMatching(message) });
  });

  test("finds nothing in any catalogue file of this repository", () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (entry.name.endsWith(".yaml")) files.push(join(dir, entry.name));
      }
    };
    walk(join(repoRoot, "catalogue"));
    walk(join(repoRoot, "test/fixtures/catalogues"));
    expect(files.length).toBeGreaterThan(30);
    const flagged = files.filter((file) => misindentedLine(readFileSync(file, "utf8")) !== undefined);
    expect(flagged).toEqual([]);
  });

  test("block scalars, flow collections over several lines and lists at their key's level fit", () => {
    const text = ["types:", "  A:", "    description: |", "      text", "         more text", "    type: object", "    properties: {", "        a: { type: string },", "      }", "list:", "- one", "- two", ""].join("\n");
    expect(misindentedLine(text)).toBeUndefined();
  });
});

test("the CLI reports one diagnostic at the mis-indented line", async () => {
  const dir = await writeCatalogue({ "shop.yaml": CASES[0]![1] });
  const result = await runCli(["validate", "--catalogue", dir], dir);
  expect(result.code).toBe(1);
  expect(result.errors).toEqual([["shop.yaml:8:6", expect.stringMatching(/^this line is indented 5 spaces/)]]);
});
