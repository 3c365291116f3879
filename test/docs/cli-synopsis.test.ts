// Help and docs from one source (issue 44): each command's synopsis is made from its definition
// (src/cli/synopsis.ts); `--help` prints it, and docs/cli.md's synopsis block, the one in
// docs/mcp.md and the one in docs/import.md must be exactly those lines, so they cannot drift.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { COMMANDS } from "../../src/cli/commands.js";
import { COMMON_SYNOPSIS, synopsis } from "../../src/cli/synopsis.js";
import { repoRoot } from "../helpers/generate.js";
import { blocksOf } from "./guide-blocks.js";

const run = promisify(execFile);
const command = (name: string) => COMMANDS.find((candidate) => candidate.name === name)!;

async function synopsisBlocks(page: string): Promise<string[][]> {
  const blocks = blocksOf(page, await readFile(join(repoRoot, page), "utf8"));
  return blocks.filter((block) => block.lang === "text" && block.text.startsWith("catalogen ")).map((block) => block.text.split("\n"));
}

test("docs/cli.md lists every command's synopsis as --help makes it", async () => {
  const [lines] = await synopsisBlocks("docs/cli.md");
  expect(lines).toEqual([...COMMANDS.map(synopsis), COMMON_SYNOPSIS]);
});

test("docs/mcp.md and docs/import.md show their command's synopsis as --help makes it", async () => {
  expect((await synopsisBlocks("docs/mcp.md"))[0]).toEqual([synopsis(command("mcp"))]);
  expect((await synopsisBlocks("docs/import.md"))[0]).toEqual([synopsis(command("import"))]);
});

test("a synopsis names every option, required ones bare and repeatable ones marked", () => {
  const importSynopsis = synopsis(command("import"));
  expect(importSynopsis.startsWith("catalogen import <file.json|yaml> --out <dir> [--module-by <tag|path>]")).toBe(true);
  expect(importSynopsis).toContain("[--allow-ref-dir <dir>]...");
  for (const each of COMMANDS) for (const flag of Object.keys(each.options)) expect(synopsis(each)).toContain(`--${flag}`);
  expect(synopsis(command("generate"))).toContain("[--target <list>]");
  expect(command("generate").options.target?.description).toContain("tanstack-query, zod, mcp, msw");
});

describe("the built CLI's --help starts with the synopsis", () => {
  for (const each of COMMANDS) {
    test(each.name, async () => {
      const { stdout } = await run(process.execPath, [join(repoRoot, "bin/catalogen.js"), each.name, "--help"]);
      expect(stdout.split("\n")[0]).toBe(`Usage: ${synopsis(each)}`);
      expect(stdout).toContain("--config <file>");
    });
  }
});
