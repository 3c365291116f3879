// The validators (swagger-parser, Redocly, Spectral), run as a consumer would run them.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { expect } from "vitest";
import { repoRoot } from "../helpers/generate.js";

const run = promisify(execFile);

/** Throws with swagger-parser's message when the document is invalid. */
export async function swaggerParserValidate(document: unknown): Promise<void> {
  // validate() dereferences in place: give it a copy.
  await SwaggerParser.validate(structuredClone(document) as never);
}

export interface RedoclyProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

/** `redocly lint` with the recommended ruleset; every problem it reports. */
export async function redoclyLint(file: string): Promise<RedoclyProblem[]> {
  const cli = join(repoRoot, "node_modules/@redocly/cli/bin/cli.js");
  const args = [cli, "lint", file, "--format=json", "--max-problems=100000", `--config=${join(repoRoot, "test/openapi/redocly.yaml")}`];
  // Exit code 1 means "errors found"; the JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  );
  const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { problems: RedoclyProblem[] };
  return report.problems;
}

export interface SpectralProblem {
  code: string;
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
  message: string;
  path: string[];
}

/** `spectral lint` with test/openapi/spectral.yaml (`extends: spectral:oas`); every problem it reports. */
export async function spectralLint(file: string): Promise<SpectralProblem[]> {
  const cli = join(repoRoot, "node_modules/.bin/spectral");
  const args = ["lint", file, "--format=json", `--ruleset=${join(repoRoot, "test/openapi/spectral.yaml")}`, "--quiet"];
  // Exit code 1 means "problems at the fail severity"; the JSON report is on stdout either way.
  const { stdout } = await run(cli, args, { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  );
  return JSON.parse(stdout.slice(stdout.indexOf("["))) as SpectralProblem[];
}

/** Problems counted by rule, e.g. `{ "info-license": 1 }`. */
export function countByRule(rules: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const rule of rules.sort()) counts[rule] = (counts[rule] ?? 0) + 1;
  return counts;
}

/**
 * Warnings that say something true of this API: no license is given, no 4XX response is
 * documented (the source shows no errors), and the generated-server error response is offered
 * in components without claiming the marketplace answers with it.
 */
export const EXPECTED_WARNINGS = new Set(["info-license", "operation-4xx-response", "no-unused-components"]);

/**
 * Spectral's counterparts (docs/openapi.md): no contact is given, no success
 * response is documented, and the generated-server error response is offered, unused.
 */
export const EXPECTED_SPECTRAL_WARNINGS = new Set(["info-contact", "operation-success-response", "oas3-unused-component"]);

/** The document at `file` (parsed: `document`) passes swagger-parser, and Redocly and Spectral report no error and no warning beyond the expected ones. */
export async function expectThreeValidatorsPass(file: string, document: unknown): Promise<void> {
  await expect(swaggerParserValidate(document)).resolves.toBeUndefined();
  const problems = await redoclyLint(file);
  expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
  expect([...new Set(problems.map((problem) => problem.ruleId))].filter((rule) => !EXPECTED_WARNINGS.has(rule))).toEqual([]);
  const spectral = await spectralLint(file);
  expect(spectral.filter((problem) => problem.severity === 0)).toEqual([]);
  expect([...new Set(spectral.map((problem) => problem.code))].filter((rule) => !EXPECTED_SPECTRAL_WARNINGS.has(rule))).toEqual([]);
}
