// Reads the seed document itself, so tests compare the catalogue and the outputs with their
// source rather than with a copy of what the catalogue or an emitter says. The one parser of it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./generate.js";

export const seedPath = join(repoRoot, "../shared/seed/marketplace-seller-api.md");
export const seedText = readFileSync(seedPath, "utf8");

export interface SeedOperation {
  module: string;
  method: string;
  path: string;
  purpose: string;
}

/** The `### 4.10`-style section starting with `heading`, up to the next heading of any level. */
function section(heading: string): string {
  const start = seedText.indexOf(`\n${heading}`);
  if (start === -1) throw new Error(`the seed has no section ${heading}`);
  const next = seedText.indexOf("\n#", start + 1);
  return seedText.slice(start + 1, next === -1 ? undefined : next);
}

const cells = (line: string): string[] =>
  line
    .split("|")
    .slice(1, -1)
    .map((cell) => cell.trim());

/** Body rows of the first table after the line containing `caption` in `text` (header and rule left out). */
function tableAfter(text: string, caption: string): string[][] {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.includes(caption));
  if (start === -1) throw new Error(`the seed has no table after "${caption}"`);
  const table: string[][] = [];
  for (const line of lines.slice(lines.findIndex((line, i) => i > start && line.startsWith("|")))) {
    if (!line.startsWith("|")) break;
    table.push(cells(line));
  }
  return table.slice(2);
}

/**
 * Every operation of section 4 (184) with its module, and section 1's stated operation count per
 * module, as written ("52", or "1 shown" for the supplies module).
 */
export function readSeed(): { operations: SeedOperation[]; moduleCounts: Map<string, string> } {
  const operations: SeedOperation[] = [];
  let module: string | undefined;
  for (const line of seedText.split("\n")) {
    const heading = /^### 4\.\d+ ([a-z_]+) \(\d+\)$/.exec(line);
    if (heading) module = heading[1];
    else if (line.startsWith("### ")) module = undefined;
    const row = /^\| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \| (.+) \|$/.exec(line);
    if (row && module) operations.push({ module, method: row[1]!, path: row[2]!, purpose: row[3]! });
  }
  // 4.10 gives its one operation as a line, not a table row; section 1 calls its module "inbound supplies".
  const reference = seedReference();
  operations.push({ module: "supplies", method: reference.method, path: reference.path, purpose: "Supply discrepancies" });

  const moduleCounts = new Map<string, string>();
  for (const [module, count] of tableAfter(section("## 1."), "divided into modules")) {
    moduleCounts.set(module === "inbound supplies" ? "supplies" : module!, count!);
  }
  return { operations, moduleCounts };
}

/** The one fully specified operation of section 4.10. */
export function seedReference(): { method: string; path: string } {
  const line = /^`(GET) \{base_url\}(\S+)`$/m.exec(section("### 4.10"));
  if (!line) throw new Error("section 4.10 has no operation line");
  return { method: line[1]!, path: line[2]! };
}

/** Rows of the "Meaning of discrepancy values" table of 4.10. */
export function seedMeanings(): { direction: string; type: string; label: string; meaning: string }[] {
  return tableAfter(section("### 4.10"), "Meaning of discrepancy values").map(([direction, type, label, meaning]) => ({
    direction: direction!,
    type: type!,
    label: label!,
    meaning: meaning!,
  }));
}

/**
 * Section 8's limit of the reference operation: its one table row (`| 1 minute | 1 request |
 * 1 minute | 1 request |`) with the request counts as numbers, and who it applies to
 * ("per seller profile").
 */
export function seedLimit(): { per: string; period: string; limit: number; interval: string; burst: number } {
  const text = section("## 8.");
  const per = /^Limit of the discrepancies operation, per ([^:]+):$/m.exec(text);
  const rows = tableAfter(text, "Limit of the discrepancies operation");
  if (!per || rows.length !== 1) throw new Error("section 8 no longer has one limit row for the discrepancies operation");
  const [period, limit, interval, burst] = rows[0]!;
  const requests = (cell: string): number => {
    const match = /^(\d+) requests?$/.exec(cell);
    if (!match) throw new Error(`not a request count: ${cell}`);
    return Number(match[1]);
  };
  return { per: per[1]!, period: period!, limit: requests(limit!), interval: interval!, burst: requests(burst!) };
}

/** The one-year rule, as 4.10 and section 8 each word it. */
export function seedOneYearRule(): { operation: string; limits: string } {
  const sentence = (text: string, words: string): string => {
    const found = text.split(/(?<=\.)\s+|\n+/).find((candidate) => candidate.includes(words));
    if (!found) throw new Error(`the seed no longer says "${words}"`);
    return found.trim();
  };
  return {
    operation: sentence(section("### 4.10"), "one year before the request"),
    limits: sentence(section("## 8."), "within the last year"),
  };
}
