// `catalogen diff`: two versions of an API read into models, compared, and what the change does
// to a consumer's code, if asked. Beside the pipeline: it reads through the same front ends and
// writes nothing but cache records.
import { withTemporaryFolder } from "../shared/temporary-folder.js";
import { compareModels } from "./compare.js";
import { readSides } from "./parallel.js";
import type { Side, SideSpec } from "./sides.js";
import { versionCheck } from "./semver.js";
import type { ConsumerReport, DiffReport, Finding } from "./types.js";

export type { DiffReport, Finding, ConsumerReport } from "./types.js";
export type { SideSpec } from "./sides.js";
export { RULES } from "./rules.js";
export { DiffError } from "./error.js";

export interface DiffOptions {
  old: SideSpec;
  new: SideSpec;
  /** Paths are resolved and shown from here. */
  cwd: string;
  /** Consumer folders to type-check against the new client (docs/diff.md). */
  consumers?: readonly string[];
  /** Where the consumers import the generated client from (default: the config's out folder's client/). */
  client?: string;
}

/** A revision's catalogue files go to a temporary folder (without a cache folder), gone however the diff ends. */
export async function diff(options: DiffOptions): Promise<DiffReport> {
  if (options.old.kind === "path" && options.new.kind === "path") return diffIn(options, "");
  return withTemporaryFolder("catalogen-diff-", (scratch) => diffIn(options, scratch));
}

async function diffIn(options: DiffOptions, scratch: string): Promise<DiffReport> {
  const [before, after] = await readSides(options.old, options.new, options.cwd, scratch);
  const findings = compareModels(before, after);
  const report = reportOf(before, after, findings);
  if (options.consumers && options.consumers.length > 0) {
    const { checkConsumers } = await import("./consumer.js");
    report.consumers = await checkConsumers({ before: before.model, after: after.model, findings, dirs: options.consumers, cwd: options.cwd, ...(options.client !== undefined && { client: options.client }) });
  }
  return report;
}

function reportOf(before: Side, after: Side, findings: Finding[]): DiffReport {
  const count = (test: (finding: Finding) => boolean): number => findings.filter(test).length;
  const summarize = (side: Side) => ({
    label: side.label,
    title: side.model.title,
    ...(side.model.version !== undefined && { version: side.model.version }),
    operations: side.model.modules.reduce((sum, module) => sum + module.operations.length, 0),
  });
  return {
    schema: 1,
    old: summarize(before),
    new: summarize(after),
    summary: {
      breaking: count((finding) => finding.level === "breaking"),
      client: count((finding) => finding.level === "breaking" && finding.side !== "server"),
      server: count((finding) => finding.level === "breaking" && finding.side !== "client"),
      compatible: count((finding) => finding.level === "compatible"),
      info: count((finding) => finding.level === "info"),
    },
    version: versionCheck(findings, before.model.version, after.model.version),
    findings,
  };
}

/** Whether `--fail-on` fails the run: any breaking finding, or one breaking clients (a broken consumer call site counts), or servers. */
export function fails(report: DiffReport, failOn: "breaking" | "client" | "server" | undefined): boolean {
  if (failOn === undefined) return false;
  const broken = (report.consumers ?? []).some((consumer: ConsumerReport) => consumer.broken.length > 0);
  if (failOn === "server") return report.summary.server > 0;
  if (failOn === "client") return report.summary.client > 0 || broken;
  return report.summary.breaking > 0 || broken;
}
export { REPORT_SCHEMA } from "./report-schema.js";
