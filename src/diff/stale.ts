// What `generate --check` adds when the output is stale: what changed in the API since the output
// was generated, read from the openapi.json catalogen wrote there (its own export, which the
// importer reads back with token kinds and limits) against the catalogue as it is now.
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { diff } from "./index.js";
import { counts } from "./render.js";
import { terminalText } from "../shared/sinks.js";

const SHOWN = 10;

/** Lines for the check's report; none when the output has no openapi.json or it cannot be read. */
export async function staleSummary(out: string, catalogue: string, cwd: string): Promise<string[]> {
  const document = join(out, "openapi.json");
  if (!existsSync(document)) return [];
  const shown = (path: string): string => relative(cwd, path) || ".";
  let report;
  try {
    report = await diff({ old: { kind: "path", path: document }, new: { kind: "path", path: catalogue }, cwd });
  } catch {
    return []; // a hand-edited or foreign openapi.json: the list of files says enough
  }
  if (report.findings.length === 0) return [];
  const lines = [`what changed since ${terminalText(shown(document))} was generated: ${counts(report)}`];
  for (const finding of report.findings.slice(0, SHOWN)) {
    const what = finding.operation ?? finding.type;
    lines.push(`  ${finding.level === "breaking" ? `breaking (${finding.side})` : finding.level}: ${what === undefined ? "" : `${terminalText(what)}: `}${terminalText(finding.message)}`);
  }
  if (report.findings.length > SHOWN) lines.push(`  ... and ${report.findings.length - SHOWN} more: npx catalogen diff ${terminalText(shown(document))} ${terminalText(shown(catalogue))}`);
  return lines;
}
