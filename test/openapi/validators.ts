// The two validators the issue names, run as a consumer would run them.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
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

/**
 * Warnings that say something true of this API: no license is given, no 4XX response is
 * documented (the source shows no errors), and the generated-server error response is offered
 * in components without claiming the marketplace answers with it.
 */
export const EXPECTED_WARNINGS = new Set(["info-license", "operation-4xx-response", "no-unused-components"]);
