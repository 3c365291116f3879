// `catalogen scaffold`: the generation gap. Writes handler files that import the generated
// server's types, once; later runs keep them and report what the catalogue added since.
import { lstat, mkdir, readFile, readlink, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import type { ApiModel } from "../model/types.js";
import { withImportExtension, type ImportExtension } from "../emit/shared/ts-print.js";
import { formatFile, loadPrettier } from "../write/format.js";
import { stage } from "../write/staging.js";
import { WriteError } from "../write/writer.js";
import { inspectHandlerObject } from "./inspect.js";
import { INDEX_EXPORT, indexFile, moduleFile, moduleFileName } from "./render.js";

export interface ScaffoldOptions {
  /** Folder for the handler files. */
  outDir: string;
  /** The generated server folder (e.g. generated/server); the files import its index.js relatively. */
  serverDir: string;
  /** Replace existing files. */
  force?: boolean;
  /** Extension of the files' relative imports, as `generate` wrote the server's (default js). */
  importExtension?: ImportExtension;
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

function plan(model: ApiModel, serverImport: string, extension: ImportExtension): Planned[] {
  return [
    ...model.modules.map((module) => ({
      file: moduleFileName(module),
      content: withImportExtension(moduleFile(module, serverImport), extension),
      variable: module.name,
      expected: module.operations.map((operation) => operation.id),
      kind: "operation" as const,
    })),
    {
      file: "index.ts",
      content: withImportExtension(indexFile(model, serverImport), extension),
      variable: INDEX_EXPORT,
      expected: model.modules.map((module) => module.name),
      kind: "module" as const,
    },
  ];
}

/** Creates the handler folder if needed; refuses a path that is (or runs through) a file. */
async function handlerFolder(outDir: string): Promise<void> {
  try {
    await mkdir(outDir, { recursive: true });
    if ((await stat(outDir)).isDirectory()) return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EEXIST" && code !== "ENOTDIR") throw error;
  }
  throw new WriteError(`the scaffold folder ${outDir} is a file (or inside one), not a folder`);
}

type Existing = { kind: "none" } | { kind: "file" } | { kind: "link to a file" };

/** What is at a handler file's path, or why scaffold must stop before writing anything. */
async function existing(path: string, force: boolean): Promise<Existing | { kind: "problem"; message: string }> {
  let stats;
  try {
    stats = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "none" };
    throw error;
  }
  if (stats.isSymbolicLink()) {
    const target = await readlink(path).catch(() => "?");
    const pointee = await stat(path).catch(() => undefined);
    if (!pointee) return { kind: "problem", message: `${path} is a symbolic link to nothing (-> ${target}); remove it or point it at your handler file` };
    if (force) return { kind: "problem", message: `${path} is a symbolic link (-> ${target}); --force never writes through a link: remove it, or edit the file it points to` };
    if (!pointee.isFile()) return { kind: "problem", message: `${path} is a symbolic link to a folder (-> ${target}); scaffold needs a handler file there` };
    return { kind: "link to a file" };
  }
  if (stats.isDirectory()) return { kind: "problem", message: `${path} is a folder where scaffold writes a handler file; move it away` };
  if (!stats.isFile()) return { kind: "problem", message: `${path} is not a regular file; scaffold writes a handler file there` };
  return { kind: "file" };
}

/**
 * Writes the handler files that do not exist yet (all of them with `force`) and inspects the
 * kept ones. Everything in the folder is looked at first: a folder, a dangling link, or (with
 * `force`) any link where a handler file goes stops the run before anything is written. New files
 * are created exclusively; forced ones are staged and renamed over the old file, so no link
 * planted meanwhile is written through.
 */
export async function scaffoldHandlers(model: ApiModel, options: ScaffoldOptions): Promise<ScaffoldReport> {
  const outDir = resolve(options.outDir);
  const force = options.force === true;
  const serverImport = serverImportPath(outDir, options.serverDir);
  const report: ScaffoldReport = { outDir, written: [], kept: [], missing: [], unchecked: [] };
  await loadPrettier(); // before anything is made: a missing prettier leaves no empty folder behind
  await handlerFolder(outDir);

  const items = plan(model, serverImport, options.importExtension ?? "js");
  const found = await Promise.all(items.map((item) => existing(join(outDir, item.file), force)));
  const problems = found.flatMap((entry) => (entry.kind === "problem" ? [entry.message] : []));
  if (problems.length > 0) throw new WriteError(problems.join("\n"));

  for (const [index, item] of items.entries()) {
    const path = join(outDir, item.file);
    const entry = found[index]!;
    if (entry.kind === "none" || force) {
      const content = await formatFile(item.file, item.content);
      if (entry.kind === "none") await createNew(path, content);
      else await replace(path, content);
      report.written.push(item.file);
      continue;
    }
    report.kept.push(item.file);
    const inspection = inspectHandlerObject(await readFile(path, "utf8"), item.variable);
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

async function createNew(path: string, content: string): Promise<void> {
  try {
    await writeFile(path, content, { flag: "wx" }); // never replaces what appeared meanwhile, link included
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new WriteError(`${path} appeared while scaffolding; run again`);
    throw error;
  }
}

async function replace(path: string, content: string): Promise<void> {
  const staged = await stage(path, content);
  try {
    await rename(staged, path);
  } catch (error) {
    await rm(staged, { force: true });
    throw error;
  }
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
