// Did input text escape its sink? Two outputs generated from the same input, once with benign
// text and once with hostile text in the same fields, must have the same structure: the same
// files; in TypeScript the same syntax tree once comments and the contents of string and template
// literals are set aside (and no parse error); in Markdown the same tree once text is set aside;
// JSON that parses to the same shape. Text that closed a comment, a string or a cell would add
// nodes, so it shows up as a difference, with the file and the first place the trees part.
//
// Used by the hostile-catalogue test and by the OpenAPI fuzzer: give it two output folders.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import ts from "typescript";
import { parseMarkdown, type MdNode } from "../docs/markdown-ast.js";

/** Literal kinds whose content is data: their text may differ, their kind may not. */
const LITERALS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.NumericLiteral,
]);

/**
 * The structure of a TypeScript text, one entry a node in source order: the node's kind, and for
 * an identifier or keyword-like token its text. Comments are trivia, so they are not in it; a
 * literal's content is not. Parse errors come first, so a broken file never matches a clean one.
 */
export function tsStructure(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const errors = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map(
    (d) => `parse error at ${file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
  );
  const out: string[] = [...errors];
  // Iterative: a deep expression must not overflow the checker itself.
  const stack: ts.Node[] = [file];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const kind = ts.SyntaxKind[node.kind]!;
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) out.push(`${kind} ${node.text}`);
    else if (LITERALS.has(node.kind)) out.push(kind);
    else out.push(kind);
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => {
      children.push(child);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/** Inline nodes that only hold text: adjacent ones read as one run of text. */
const TEXTUAL = new Set(["text"]);

/**
 * The structure of a Markdown text: node types in order, runs of text as one `text`, and a run of
 * paragraphs as one (a description's own blank lines make paragraphs of it, inside its place).
 */
export async function markdownStructure(text: string): Promise<string[]> {
  const out: string[] = [];
  const visit = (node: MdNode, depth: number, previous: MdNode | undefined): void => {
    const entry = `${" ".repeat(depth)}${node.type}${node.depth !== undefined ? node.depth : ""}`;
    const continues = node.type === "paragraph" && previous?.type === "paragraph";
    if (!continues && !(TEXTUAL.has(node.type) && out.at(-1) === entry)) out.push(entry);
    (node.children ?? []).forEach((child, index, children) => visit(child, depth + 1, children[index - 1]));
  };
  visit(await parseMarkdown(text), 0, undefined);
  return out;
}

/** The shape of a JSON value: strings, numbers and keys' text set aside, everything else kept. */
export function jsonShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonShape);
  if (value !== null && typeof value === "object") return Object.values(value).map((member) => ["key", jsonShape(member)]);
  return typeof value;
}

/** The first index where two lists differ, with a little context; undefined when they are equal. */
export function firstDifference(a: readonly string[], b: readonly string[]): string | undefined {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (a[i] !== b[i]) return `at node ${i}: expected ${a[i] ?? "(end)"}, found ${b[i] ?? "(end)"} (after ${a.slice(Math.max(0, i - 3), i).join(", ")})`;
  }
  return undefined;
}

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** One file of hostile output that differs in structure from its benign twin, and how. */
export interface Escape {
  file: string;
  problem: string;
}

/**
 * Compares two output folders generated from the same input with benign and with hostile text.
 * Returns every escape found (none when the hostile text stayed in its sinks), and how many files
 * of each kind were compared, so a caller can check the comparison covered what it should.
 */
export async function compareOutputs(benignDir: string, hostileDir: string): Promise<{ escapes: Escape[]; compared: Record<string, number> }> {
  const benignFiles = await filesOf(benignDir);
  const hostileFiles = await filesOf(hostileDir);
  const escapes: Escape[] = [];
  const compared: Record<string, number> = {};
  if (benignFiles.join("\n") !== hostileFiles.join("\n")) {
    escapes.push({ file: "(file list)", problem: firstDifference(benignFiles, hostileFiles) ?? "" });
  }
  for (const file of benignFiles.filter((name) => hostileFiles.includes(name))) {
    const [benign, hostile] = await Promise.all([readFile(join(benignDir, file), "utf8"), readFile(join(hostileDir, file), "utf8")]);
    const extension = file.slice(file.lastIndexOf(".") + 1);
    let problem: string | undefined;
    if (extension === "ts") problem = firstDifference(tsStructure(file, benign), tsStructure(file, hostile));
    else if (extension === "md") problem = firstDifference(await markdownStructure(benign), await markdownStructure(hostile));
    else if (extension === "json") problem = jsonProblem(benign, hostile);
    else continue;
    compared[extension] = (compared[extension] ?? 0) + 1;
    if (problem !== undefined) escapes.push({ file, problem });
  }
  return { escapes, compared };
}

function jsonProblem(benign: string, hostile: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(hostile);
  } catch (error) {
    return `does not parse: ${(error as Error).message}`;
  }
  const a = JSON.stringify(jsonShape(JSON.parse(benign)));
  const b = JSON.stringify(jsonShape(parsed));
  return a === b ? undefined : "its shape differs from the benign output's";
}
