// Reads the seed document itself, so tests compare the catalogue with its source rather than
// with a copy of what the catalogue says.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./generate.js";

export const seedPath = join(repoRoot, "../shared/seed/marketplace-seller-api.md");

export interface SeedOperation {
  module: string;
  method: string;
  path: string;
  purpose: string;
}

export function readSeed(): { operations: SeedOperation[]; moduleCounts: Map<string, string> } {
  const text = readFileSync(seedPath, "utf8");
  const operations: SeedOperation[] = [];
  let module: string | undefined;
  for (const line of text.split("\n")) {
    const heading = /^### 4\.\d+ ([a-z_]+) \(\d+\)$/.exec(line);
    if (heading) module = heading[1];
    else if (line.startsWith("### ")) module = undefined;
    const row = /^\| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \| (.+) \|$/.exec(line);
    if (row && module) operations.push({ module, method: row[1]!, path: row[2]!, purpose: row[3]! });
  }
  // 4.10 gives its one operation as a line, not a table row; section 1 calls its module "inbound supplies".
  const reference = /^`(GET) \{base_url\}(\S+)`$/m.exec(text)!;
  operations.push({ module: "supplies", method: reference[1]!, path: reference[2]!, purpose: "Supply discrepancies" });

  const moduleCounts = new Map<string, string>();
  const section1 = text.slice(text.indexOf("## 1."), text.indexOf("## 2."));
  for (const match of section1.matchAll(/^\| ([a-z_ ]+) \| ([^|]+) \| [^|]+ \|$/gm)) {
    moduleCounts.set(match[1] === "inbound supplies" ? "supplies" : match[1]!, match[2]!.trim());
  }
  return { operations, moduleCounts };
}
