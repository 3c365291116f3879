// The committed catalogue holds the seed faithfully: `catalogen list --json` against the seed.
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { readSeed } from "../helpers/seed.js";
import { repoRoot } from "../helpers/generate.js";

interface Row {
  id: string;
  module: string;
  method: string;
  path: string;
  summary: string;
  tokens: string[] | null;
  limits: unknown[] | null;
}

async function listJson(): Promise<Row[]> {
  let out = "";
  const code = await main(["list", "--json"], { out: (text) => (out += text), err: () => {}, cwd: repoRoot });
  expect(code).toBe(0);
  return JSON.parse(out) as Row[];
}

describe("the catalogue against the seed", async () => {
  const rows = await listJson();
  const seed = readSeed();

  it("holds exactly the seed's 184 operations, each in its module", () => {
    const key = (r: { module: string; method: string; path: string }) => `${r.module} ${r.method} ${r.path}`;
    expect(seed.operations).toHaveLength(184);
    expect(rows.map(key).sort()).toEqual(seed.operations.map(key).sort());
  });

  it("uses the seed's purpose as each summary", () => {
    const purpose = new Map(seed.operations.map((op) => [`${op.method} ${op.path}`, op.purpose]));
    for (const row of rows) expect(row.summary, row.id).toBe(purpose.get(`${row.method} ${row.path}`));
  });

  it("has the module counts of section 1", () => {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.module, (counts.get(row.module) ?? 0) + 1);
    for (const [module, stated] of seed.moduleCounts) {
      // "1 shown" for inbound supplies: the number is what is shown.
      expect(counts.get(module), module).toBe(Number.parseInt(stated, 10));
    }
    expect(counts.size).toBe(seed.moduleCounts.size);
  });

  it("gives ids that are unique camelCase identifiers", () => {
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it("carries the reference entry's token kinds and limit, and no other operation has any", () => {
    const reference = rows.find((row) => row.id === "getDiscrepancies")!;
    expect(reference).toMatchObject({ module: "supplies", method: "GET", path: "/api/supplies/v1/discrepancies/{supplyId}" });
    expect(reference.tokens).toEqual(["personal", "service"]);
    expect(reference.limits).toEqual([
      {
        scope: "seller",
        period: { milliseconds: 60_000, text: "1 minute" },
        limit: 1,
        interval: { milliseconds: 60_000, text: "1 minute" },
        burst: 1,
      },
    ]);
    const others = rows.filter((row) => row !== reference);
    expect(others.filter((row) => row.tokens !== null || row.limits !== null)).toEqual([]);
  });
});
