// Reads catalogue/*.yaml into YAML documents that remember where every node came from.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { Diagnostic } from "../validate/diagnostic.js";

export interface CatalogueFile {
  /** As shown in messages: relative to the working directory. */
  displayPath: string;
  /** File name, e.g. `items.yaml`. */
  name: string;
  text: string;
  document: Document;
  lineCounter: LineCounter;
  /** Plain data (undefined when the file has YAML errors). */
  data: unknown;
}

export interface LoadResult {
  files: CatalogueFile[];
  diagnostics: Diagnostic[];
}

export type YamlPath = readonly (string | number)[];

export async function listCatalogueFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

export async function loadCatalogue(dir: string): Promise<LoadResult> {
  const names = await listCatalogueFiles(dir);
  const files: CatalogueFile[] = [];
  const diagnostics: Diagnostic[] = [];
  if (names.length === 0) {
    diagnostics.push({
      file: displayPath(dir),
      line: 1,
      column: 1,
      length: 1,
      message: "no catalogue files (*.yaml) found in this folder",
      hint: "point --catalogue at the folder that holds api.yaml and the module files",
    });
  }
  for (const name of names) {
    const path = join(dir, name);
    const text = await readFile(path, "utf8");
    const file = parseCatalogueFile(displayPath(path), name, text);
    files.push(file);
    for (const error of file.document.errors) {
      const [start, end] = error.pos;
      diagnostics.push({
        ...locate(file, start, end),
        message: `YAML syntax error: ${error.message.split("\n")[0]}`,
        hint: "fix the YAML syntax; nothing else in this file is checked until it parses",
      });
    }
  }
  return { files, diagnostics };
}

export function parseCatalogueFile(displayPath: string, name: string, text: string): CatalogueFile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const data = document.errors.length === 0 ? document.toJS({ maxAliasCount: 100 }) : undefined;
  return { displayPath, name, text, document, lineCounter, data };
}

function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel.startsWith("..") || rel === "" ? path : rel;
}

/** Line, column and length of an offset range in a file. */
export function locate(file: CatalogueFile, start: number, end: number): Pick<Diagnostic, "file" | "line" | "column" | "length"> {
  // A problem found at the end of the file (an unclosed bracket, say) is shown at the last text.
  const lastText = file.text.trimEnd().length;
  if (start >= lastText && lastText > 0) [start, end] = [lastText - 1, lastText];
  const { line, col } = file.lineCounter.linePos(start);
  const lineEnd = file.text.indexOf("\n", start);
  const stop = Math.min(end, lineEnd === -1 ? file.text.length : lineEnd);
  return { file: file.displayPath, line, column: col, length: Math.max(1, stop - start) };
}

/**
 * Where a path into the data sits in the file: the value node, or with `key: true` the key of
 * the last segment. Falls back to the deepest node that exists.
 */
export function locatePath(
  file: CatalogueFile,
  path: YamlPath,
  options: { key?: boolean } = {},
): Pick<Diagnostic, "file" | "line" | "column" | "length"> {
  let node: unknown = file.document.contents;
  let range: readonly number[] | undefined = (node as Node | null)?.range ?? [0, 1];
  for (const [index, segment] of path.entries()) {
    const last = index === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      if (last && options.key && isScalar(pair.key)) {
        range = pair.key.range ?? range;
        break;
      }
      node = pair.value;
    } else if (isSeq(node) && typeof segment === "number") {
      node = node.items[segment];
    } else {
      break;
    }
    range = (node as Node | null)?.range ?? range;
  }
  const [start = 0, end = start + 1] = range ?? [];
  return locate(file, start, end);
}
