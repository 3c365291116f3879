// oasdiff's test pairs through `catalogen diff` (test/diff/oasdiff.ts): per oasdiff check, how
// many of its pairs catalogen reports the same change for, at the same operation. The table in
// docs/diff.md is what this computes (CATALOGEN_UPDATE_DOCS=1 writes it there).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { diff } from "../../src/diff/index.js";
import type { Finding } from "../../src/diff/types.js";
import { RULES } from "../../src/diff/rules.js";
import { repoRoot } from "../helpers/generate.js";
import { oasdiffData, SAME, WHY_MISSED, type OasdiffCase } from "./oasdiff.js";

const { cases, levels } = JSON.parse(readFileSync(join(repoRoot, "test/diff/oasdiff-cases.json"), "utf8")) as { cases: OasdiffCase[]; levels: Record<string, string> };
const data = oasdiffData(repoRoot);

const route = (text: string) => text.replace(/\{[^}]*\}/g, "{}").replace(/\/$/, "");

it("every oasdiff check of the cases has its catalogen rules named", () => {
  const ids = new Set(cases.flatMap((item) => item.expect.map((expected) => expected.id)));
  expect([...ids].filter((id) => SAME[id] === undefined)).toEqual([]);
  expect(Object.values(SAME).flat().filter((rule) => RULES[rule] === undefined)).toEqual([]);
});

it.skipIf(data === undefined)("oasdiff's pairs: the table of docs/diff.md", async () => {
  const tally = new Map<string, { found: number; missed: number; rules: Set<string>; why: Set<string> }>();
  const unexplained: string[] = [];
  for (const item of cases) {
    let findings: Finding[] | undefined;
    try {
      findings = (await diff({ old: { kind: "path", path: join(data!, item.old) }, new: { kind: "path", path: join(data!, item.new) }, cwd: data! })).findings;
    } catch {
      findings = undefined; // a document catalogen does not read: every expected change missed
    }
    for (const expected of item.expect) {
      const same = SAME[expected.id]!;
      const at = expected.operation && expected.path ? route(`${expected.operation} ${expected.path}`) : undefined;
      const match = findings?.find((finding) => same.includes(finding.rule) && (at === undefined || finding.route === undefined || route(finding.route) === at));
      let entry = tally.get(expected.id);
      if (!entry) tally.set(expected.id, (entry = { found: 0, missed: 0, rules: new Set(), why: new Set() }));
      if (match) {
        entry.found++;
        entry.rules.add(match.rule);
        continue;
      }
      entry.missed++;
      // Every miss is explained: the model does not hold the keyword, or WHY_MISSED says why.
      const why = same.length === 0 ? "the model does not hold it" : WHY_MISSED[item.old];
      if (why === undefined) unexplained.push(`${item.test}: ${expected.id} (${item.old} → ${item.new})`);
      else entry.why.add(why);
    }
  }
  expect(unexplained).toEqual([]);
  const rows = [...tally].sort(([a], [b]) => (a < b ? -1 : 1));
  const total = rows.reduce((sum, [, entry]) => [sum[0]! + entry.found, sum[1]! + entry.missed], [0, 0]);
  const checks = [rows.filter(([, entry]) => entry.found > 0).length, rows.length];
  const table = [
    `${checks[0]} of ${checks[1]} checks found in at least one of their pairs; ${total[0]} of ${total[0]! + total[1]!} expected changes found, ${total[1]} missed.`,
    "",
    "| oasdiff check | level | pairs | found | missed | catalogen rule | why missed |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(([id, entry]) => {
      const rules = [...(entry.rules.size > 0 ? entry.rules : SAME[id]!)].sort();
      const said = rules.length === 0 ? "none" : rules.map((rule) => `\`${rule}\` (${RULES[rule]!.level}, ${RULES[rule]!.side})`).join(", ");
      return `| \`${id}\` | ${levels[id]} | ${entry.found + entry.missed} | ${entry.found} | ${entry.missed} | ${said} | ${[...entry.why].join("; ")} |`;
    }),
  ].join("\n");
  const page = join(repoRoot, "docs/diff.md");
  const text = readFileSync(page, "utf8");
  const start = text.indexOf("<!-- oasdiff-table -->");
  const end = text.indexOf("<!-- /oasdiff-table -->");
  if (process.env.CATALOGEN_UPDATE_DOCS === "1") {
    writeFileSync(page, `${text.slice(0, start)}<!-- oasdiff-table -->\n${table}\n${text.slice(end)}`);
    return;
  }
  expect(text.slice(start + "<!-- oasdiff-table -->\n".length, end).trim()).toBe(table);
}, 600_000);
