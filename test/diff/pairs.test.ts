// Catalogue pairs covering every rule (test/diff/pairs.ts): each change gives exactly the
// findings listed, with the level and side its rule has, placed in both versions.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diff } from "../../src/diff/index.js";
import { RULES } from "../../src/diff/rules.js";
import { repoRoot } from "../helpers/generate.js";
import { editedShop, PAIRS } from "./pairs.js";

describe("catalogue pairs", { timeout: 120_000 }, () => {
  it.each(PAIRS.map((pair) => [pair.name, pair] as const))("%s", async (_, pair) => {
    const [old, next] = await Promise.all([editedShop(pair.old), editedShop(pair.new)]);
    const report = await diff({ old: { kind: "path", path: old }, new: { kind: "path", path: next }, cwd: process.cwd() });
    const found = report.findings.map((finding) => [finding.rule, finding.operation ?? finding.type].filter(Boolean).join(" "));
    expect(found.sort()).toEqual([...pair.expect].sort());
    for (const finding of report.findings) {
      expect(finding.level).toBe(RULES[finding.rule]!.level);
      expect(finding.side).toBe(RULES[finding.rule]!.side);
      expect(finding.message.length).toBeGreaterThan(10);
      if (finding.operation !== undefined && !finding.rule.startsWith("operation-added")) expect(finding.old?.file).toMatch(/shop\.yaml$/);
      if (finding.operation !== undefined && finding.rule !== "operation-removed") expect(finding.new?.file).toMatch(/shop\.yaml$/);
    }
  });

  it("covers every rule", () => {
    const covered = new Set(PAIRS.flatMap((pair) => pair.expect.map((entry) => entry.split(" ")[0]!)));
    expect(Object.keys(RULES).filter((rule) => !covered.has(rule))).toEqual([]);
  });

  it("docs/diff.md names every rule (a type rule once, for its request- and response- forms)", async () => {
    const page = await readFile(join(repoRoot, "docs/diff.md"), "utf8");
    const named = (rule: string) => page.includes(`\`${rule}\``) || page.includes(`\`${rule.replace(/^(request|response)-/, "")}\``);
    expect(Object.keys(RULES).filter((rule) => !named(rule))).toEqual([]);
  });

  it("finds nothing between a catalogue and itself", async () => {
    const dir = await editedShop();
    const report = await diff({ old: { kind: "path", path: dir }, new: { kind: "path", path: dir }, cwd: process.cwd() });
    expect(report.findings).toEqual([]);
    expect(report.version.suggested).toBe("none");
  });
});
