// src/shared/pattern-safety.ts: the patterns it calls catastrophic, the common ones it lets
// through, and every pattern of the real OpenAPI documents in the suite let through.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { backtrackingProblem } from "../../src/shared/pattern-safety.js";
import { repoRoot } from "../helpers/generate.js";
import { patternsIn } from "../fuzz/stalling.js";

const UNSAFE = ["(a+)+$", "^(a+)+$", "(a*)*b", "(\\w+\\s?)*$", "(a|ab)*c", "(a|a)*$", "^(([a-z])+.)+[A-Z]([a-z])+$", "(?=(a+)+$)x", "^(\\d+)*$", "(.*a){3}x", "(ü+)+$", "^(\\w+\\.?)+@example\\.com$"];
const SAFE = [
  "^[a-z]+(-[a-z]+)*$",
  "^([a-z0-9]+,)*$",
  "^\\d{4}-\\d{2}-\\d{2}$",
  "^(\\d{1,3}\\.){3}\\d{1,3}$",
  "(foo|bar)+",
  "^\\+?[1-9]\\d{1,14}$",
  "^[^@\\s]+@[^@\\s]+$",
  "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$",
  "^\\p{L}+$",
  "\\d+\\d+$",
];

/** The real documents the import suite reads (test/import/corpus.test.ts, github.test.ts). */
const DOCUMENTS = [
  "node_modules/@twilio-alpha/mcp/twilio-oai/spec/json/twilio_api_v2010.json",
  "node_modules/@figma/rest-api-spec/openapi/openapi.yaml",
  "node_modules/@blockfrost/openapi/openapi.yaml",
  "node_modules/@ideal-postcodes/openapi/dist/openapi.json",
  "node_modules/@octokit/openapi/generated/api.github.com.json",
];

describe("backtrackingProblem", () => {
  it.each(UNSAFE)("refuses %s", (pattern) => expect(backtrackingProblem(pattern)).toBeDefined());
  it.each(SAFE)("lets %s through", (pattern) => expect(backtrackingProblem(pattern)).toBeUndefined());

  it("lets through every pattern of the real documents in the suite", () => {
    const patterns = new Set<string>();
    for (const document of DOCUMENTS) {
      const path = join(repoRoot, document);
      expect(existsSync(path), document).toBe(true);
      const text = readFileSync(path, "utf8");
      patternsIn(path.endsWith(".json") ? JSON.parse(text) : parse(text, { maxAliasCount: -1 }), patterns);
    }
    expect(patterns.size).toBeGreaterThan(50);
    expect([...patterns].filter((pattern) => backtrackingProblem(pattern) !== undefined)).toEqual([]);
  });
});
