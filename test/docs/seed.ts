// Facts read straight from the seed document, so tests do not trust the catalogue or the emitters.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/generate.js";

export const seedText = readFileSync(join(repoRoot, "../shared/seed/marketplace-seller-api.md"), "utf8");

function section(heading: string): string {
  const start = seedText.indexOf(heading);
  if (start === -1) throw new Error(`seed has no ${heading}`);
  const next = seedText.indexOf("\n#", start + heading.length);
  return seedText.slice(start, next === -1 ? undefined : next);
}

const cells = (line: string): string[] =>
  line
    .split("|")
    .slice(1, -1)
    .map((cell) => cell.trim());

/** Every `| METHOD | /path | Purpose |` row of section 4, plus the one operation of 4.10. */
export function seedOperations(): { method: string; path: string }[] {
  const rows = seedText
    .split("\n")
    .filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) \| \//.test(line))
    .map((line) => {
      const [method, path] = cells(line);
      return { method: method!, path: path! };
    });
  const reference = /`(GET) \{base_url\}(\S+)`/.exec(section("### 4.10"));
  return [...rows, { method: reference![1]!, path: reference![2]! }];
}

/** Rows of the "Meaning of discrepancy values" table of 4.10. */
export function seedMeanings(): { direction: string; type: string; label: string; meaning: string }[] {
  const lines = section("### 4.10").split("\n");
  const start = lines.findIndex((line) => line.includes("Meaning of discrepancy values"));
  return lines
    .slice(start)
    .filter((line) => line.startsWith("|") && !line.includes("---"))
    .slice(1)
    .map(cells)
    .filter((row) => row.length === 4)
    .map(([direction, type, label, meaning]) => ({ direction: direction!, type: type!, label: label!, meaning: meaning! }));
}

/** The seed's modules table: id and operation count ("1 shown" for the supplies row is left out). */
export function seedModuleCounts(): Map<string, number> {
  const rows = section("## 1.").split("\n").filter((line) => /^\| [a-z_]+ \| \d+ \|/.test(line));
  return new Map(rows.map((line) => [cells(line)[0]!, Number(cells(line)[1])]));
}
