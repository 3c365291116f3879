// A diff report for people (text, Markdown) and for programs (JSON, docs/diff.md's schema). Every
// name and sentence holds text from the two versions: it goes out through the sinks.
import { jsonText, markdownCode, markdownText, terminalText } from "../shared/sinks.js";
import type { ConsumerReport, DiffReport, Finding, Position } from "./types.js";

interface Group {
  title: string;
  findings: Finding[];
}

/** Breaking for clients, for servers, for both; compatible; informational (empty groups left out). */
export function groups(findings: readonly Finding[]): Group[] {
  const of = (title: string, test: (finding: Finding) => boolean): Group => ({ title, findings: findings.filter(test) });
  return [
    of("Breaking for clients", (finding) => finding.level === "breaking" && finding.side === "client"),
    of("Breaking for servers", (finding) => finding.level === "breaking" && finding.side === "server"),
    of("Breaking for clients and servers", (finding) => finding.level === "breaking" && finding.side === "both"),
    of("Compatible", (finding) => finding.level === "compatible"),
    of("Informational", (finding) => finding.level === "info"),
  ].filter((group) => group.findings.length > 0);
}

/** One line of counts: `3 breaking for clients, 1 for servers, 2 compatible, 1 informational`. */
export function counts(report: DiffReport): string {
  const { client, server, compatible, info } = report.summary;
  return `${client} breaking for clients, ${server} for servers, ${compatible} compatible, ${info} informational`;
}

function where(position: Position | undefined): string {
  return position ? `${position.file}:${position.line}:${position.column}` : "-";
}

/** Grouped findings, each with its place in both versions; nothing at all when nothing changed. */
export function renderText(report: DiffReport): string {
  const broken = (report.consumers ?? []).some((consumer) => consumer.broken.length > 0);
  if (report.findings.length === 0 && !broken) return "";
  const lines = [`catalogen diff: ${terminalText(report.old.label)} → ${terminalText(report.new.label)}: ${counts(report)}`];
  for (const group of groups(report.findings)) {
    lines.push("", `${group.title} (${group.findings.length}):`);
    for (const finding of group.findings) {
      const what = finding.operation ?? finding.type;
      lines.push(`  ${what === undefined ? "" : `${terminalText(what)}: `}${terminalText(finding.message)} [${finding.rule}]`);
      lines.push(`      ${terminalText(where(finding.old))} → ${terminalText(where(finding.new))}${finding.operations ? `; reached by ${terminalText(listed(finding.operations))}` : ""}`);
    }
  }
  lines.push("", `version: ${terminalText(report.version.message)}`);
  for (const consumer of report.consumers ?? []) lines.push("", ...consumerText(consumer));
  return lines.join("\n");
}

function consumerText(consumer: ConsumerReport): string[] {
  const head = `consumer ${terminalText(consumer.dir)} (${terminalText(consumer.tsconfig)}, TypeScript ${consumer.typescript}): `;
  if (consumer.broken.length === 0) return [`${head}every call site still compiles`];
  const lines = [`${head}${consumer.broken.length} call site${consumer.broken.length === 1 ? "" : "s"} stop compiling`];
  for (const site of consumer.broken) {
    const cause = site.finding !== undefined ? `${site.operation !== undefined ? `${terminalText(site.operation)}: ` : ""}${terminalText(site.finding)} [${site.rule}]` : site.operation !== undefined ? `${terminalText(site.operation)}: changed` : "a changed type";
    lines.push(`  ${terminalText(site.file)}:${site.line}:${site.column}  ${cause}`);
    lines.push(`      TS${site.code}: ${terminalText(site.error)}`);
  }
  return lines;
}

/** At most five names, then how many more. */
function listed(names: readonly string[]): string {
  return names.length <= 5 ? names.join(", ") : `${names.slice(0, 5).join(", ")} and ${names.length - 5} more`;
}

/** A changelog section a release can paste. */
export function renderMarkdown(report: DiffReport): string {
  const lines = [`## API changes: ${markdownText(report.old.label)} → ${markdownText(report.new.label)}`, ""];
  if (report.findings.length === 0) lines.push("No changes.", "");
  else lines.push(`${markdownText(counts(report))}. Suggested version bump: **${report.version.suggested}** (${markdownText(report.version.message)}).`, "");
  for (const group of groups(report.findings)) {
    lines.push(`### ${group.title}`, "");
    for (const finding of group.findings) {
      const what = finding.operation !== undefined ? `${markdownCode(finding.operation)}${finding.route ? ` (${markdownCode(finding.route)})` : ""}: ` : finding.type !== undefined ? `${markdownCode(finding.type)}: ` : "";
      lines.push(`- ${what}${markdownText(finding.message)}${finding.operations ? ` (${markdownText(listed(finding.operations))})` : ""}`);
    }
    lines.push("");
  }
  for (const consumer of report.consumers ?? []) {
    lines.push(`### Call sites that stop compiling in ${markdownCode(consumer.dir)}`, "");
    if (consumer.broken.length === 0) lines.push("None.");
    for (const site of consumer.broken) lines.push(`- ${markdownCode(`${site.file}:${site.line}:${site.column}`)}${site.operation ? ` ${markdownCode(site.operation)}` : ""}: ${markdownText(site.finding ?? site.error)}`);
    lines.push("");
  }
  return lines.join("\n").trimEnd() + "\n";
}

export function renderJson(report: DiffReport): string {
  return jsonText(report, 2);
}
