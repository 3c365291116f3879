// `catalogen scaffold`: the generation gap. Writes handler files that import the generated
// server's types, once; later runs keep them and report what the catalogue added since.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { ApiModel } from "../model/types.js";
import { formatFile } from "../write/format.js";
import { readIfExists } from "../write/writer.js";
import { inspectHandlerObject } from "./inspect.js";
import { INDEX_EXPORT, indexFile, moduleFile, moduleFileName } from "./render.js";

export interface ScaffoldOptions {
  /** Folder for the handler files. */
  outDir: string;
  /** The generated server folder (e.g. generated/server); the files import its index.js relatively. */
  serverDir: string;
  /** Replace existing files. */
  force?: boolean;
}

export interface MissingHandlers {
  /** Relative to outDir. */
  file: string;
  /** `operation`: handlers absent from a module file; `module`: modules absent from index.ts. */
  kind: "operation" | "module";
  names: string[];
}

export interface ScaffoldReport {
  outDir: string;
  /** File names relative to outDir, sorted. */
  written: string[];
  kept: string[];
  missing: MissingHandlers[];
  /** Kept files whose handler object could not be read, with why. */
  unchecked: { file: string; reason: string }[];
}

/** `../generated/server/index.js` from outDir to serverDir, posix, always starting with a dot. */
export function serverImportPath(outDir: string, serverDir: string): string {
  const rel = relative(resolve(outDir), resolve(serverDir)).split(sep).join("/");
  const prefixed = rel === "" ? "." : rel.startsWith(".") ? rel : `./${rel}`;
  return `${prefixed}/index.js`;
}

interface Planned {
  file: string;
  content: string;
  /** The variable holding the handler object, and the names it should have. */
  variable: string;
  expected: string[];
  kind: MissingHandlers["kind"];
}

function plan(model: ApiModel, serverImport: string): Planned[] {
  return [
    ...model.modules.map((module) => ({
      file: moduleFileName(module),
      content: moduleFile(module, serverImport),
      variable: module.name,
      expected: module.operations.map((operation) => operation.id),
      kind: "operation" as const,
    })),
    {
      file: "index.ts",
      content: indexFile(model, serverImport),
      variable: INDEX_EXPORT,
      expected: model.modules.map((module) => module.name),
      kind: "module" as const,
    },
  ];
}

export async function scaffoldHandlers(model: ApiModel, options: ScaffoldOptions): Promise<ScaffoldReport> {
  const outDir = resolve(options.outDir);
  const serverImport = serverImportPath(outDir, options.serverDir);
  const report: ScaffoldReport = { outDir, written: [], kept: [], missing: [], unchecked: [] };
  await mkdir(outDir, { recursive: true });

  for (const item of plan(model, serverImport)) {
    const path = join(outDir, item.file);
    const existing = options.force ? undefined : await readIfExists(path);
    if (existing === undefined) {
      await mkdir(dirname(path), { recursive: true });
      const content = await formatFile(item.file, item.content);
      // "wx": never replace a file that appeared meanwhile, unless forced.
      await writeFile(path, content, { flag: options.force ? "w" : "wx" });
      report.written.push(item.file);
      continue;
    }
    report.kept.push(item.file);
    const inspection = inspectHandlerObject(existing, item.variable);
    if (inspection.kind === "unchecked") {
      report.unchecked.push({ file: item.file, reason: inspection.reason });
      continue;
    }
    const names = item.expected.filter((name) => !inspection.names.has(name));
    if (names.length > 0) report.missing.push({ file: item.file, kind: item.kind, names });
  }
  report.written.sort();
  report.kept.sort();
  return report;
}

/** The report as the CLI prints it; `shownOutDir` is how to name the folder (e.g. relative to cwd). */
export function formatScaffoldReport(report: ScaffoldReport, shownOutDir = report.outDir): string {
  const lines = [`catalogen: ${shownOutDir}: ${report.written.length} written, ${report.kept.length} kept`];
  for (const file of report.written) lines.push(`  wrote   ${shownOutDir}/${file}`);
  for (const file of report.kept) lines.push(`  kept    ${shownOutDir}/${file} (exists; --force replaces it)`);
  for (const missing of report.missing) {
    const what = missing.kind === "operation" ? "handlers for" : "modules";
    lines.push(`  missing in ${shownOutDir}/${missing.file}: ${what} ${missing.names.join(", ")}`);
  }
  for (const unchecked of report.unchecked) {
    lines.push(`  unchecked ${shownOutDir}/${unchecked.file}: ${unchecked.reason}`);
  }
  if (report.missing.length > 0) {
    lines.push("  add the missing ones by hand (a missing handler answers 501), or rerun with --force to start over");
  }
  return lines.join("\n");
}
