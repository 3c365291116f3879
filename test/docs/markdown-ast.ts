// Reads generated Markdown the way a renderer would: prettier's Markdown parser (remark, with
// GitHub tables) gives the syntax tree, so tests check structure rather than strings.
import * as prettier from "prettier";

export interface MdNode {
  type: string;
  value?: string;
  url?: string;
  depth?: number;
  children?: MdNode[];
  position?: { start: { offset: number }; end: { offset: number } };
}

interface PrettierDebug {
  __debug: { parse: (text: string, options: { parser: string }) => Promise<{ ast: MdNode }> };
}

export async function parseMarkdown(text: string): Promise<MdNode> {
  return (await (prettier as unknown as PrettierDebug).__debug.parse(text, { parser: "markdown" })).ast;
}

export function* walk(node: MdNode): Generator<MdNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

/** The text a reader sees: text, code and link labels, without markup. */
export function plainText(node: MdNode): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value ?? "";
  return (node.children ?? []).map(plainText).join("");
}

/** Each table as rows of cell texts (the first row is the header). */
export function tables(root: MdNode): string[][][] {
  return [...walk(root)]
    .filter((node) => node.type === "table")
    .map((table) => (table.children ?? []).map((row) => (row.children ?? []).map(plainText)));
}

/** Pipes that separate cells on a raw table line (a pipe after an odd number of backslashes is escaped). */
export function unescapedPipes(line: string): number {
  let count = 0;
  let backslashes = 0;
  for (const char of line) {
    if (char === "|" && backslashes % 2 === 0) count++;
    backslashes = char === "\\" ? backslashes + 1 : 0;
  }
  return count;
}

/** Raw lines of every table block (runs of lines starting with `|`), with each block's lines. */
export function rawTableBlocks(text: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("|")) current.push(line);
    else if (current.length > 0) {
      blocks.push(current);
      current = [];
    }
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

export interface Heading {
  anchor: string;
  depth: number;
  text: string;
  /** Text of the nearest heading above this one with a smaller depth ("" at the top). */
  parent: string;
}

/**
 * Every heading of a page with the anchor GitHub gives it (github-slugger): the visible text
 * lower-cased, punctuation other than `-` and `_` dropped, spaces to `-`, and a slug already on
 * the page numbered `-1`, `-2`, ... in document order.
 */
export function headings(root: MdNode): Heading[] {
  const occurrences = new Map<string, number>();
  const result: Heading[] = [];
  const open: Heading[] = [];
  for (const node of walk(root)) {
    if (node.type !== "heading") continue;
    const text = plainText(node);
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    let anchor = base;
    while (occurrences.has(anchor)) {
      occurrences.set(base, occurrences.get(base)! + 1);
      anchor = `${base}-${occurrences.get(base)}`;
    }
    occurrences.set(anchor, 0);
    while (open.length > 0 && open.at(-1)!.depth >= node.depth!) open.pop();
    const heading = { anchor, depth: node.depth!, text, parent: open.at(-1)?.text ?? "" };
    open.push(heading);
    result.push(heading);
  }
  return result;
}

/** Problems with the table structure and raw HTML of a generated page (empty when sound). */
export async function markdownProblems(text: string): Promise<string[]> {
  const problems: string[] = [];
  const root = await parseMarkdown(text);
  for (const node of walk(root)) {
    // The writer's header is the one HTML comment allowed, first in the file.
    if (node.type === "html" && !(node.position?.start.offset === 0 && /^<!--[^]*-->$/.test(node.value ?? ""))) {
      problems.push(`raw HTML: ${node.value}`);
    }
  }
  const parsed = tables(root);
  const raw = rawTableBlocks(text);
  if (parsed.length !== raw.length) problems.push(`${raw.length} table blocks but ${parsed.length} tables parsed`);
  for (const block of raw) {
    const columns = unescapedPipes(block[0]!);
    for (const line of block) {
      if (unescapedPipes(line) !== columns) problems.push(`row has ${unescapedPipes(line) - 1} cells, header ${columns - 1}: ${line}`);
    }
  }
  for (const table of parsed) {
    for (const row of table) {
      if (row.length !== table[0]!.length) problems.push(`parsed row has ${row.length} cells: ${row.join(" | ")}`);
      for (const cell of row) if (cell.trim() === "") problems.push(`empty cell in row: ${row.join(" | ")}`);
    }
  }
  return problems;
}

/**
 * The narrowest a table can be drawn, in characters: for each column, the longest run of its
 * cells' text that cannot wrap (browsers break at spaces and after hyphens), plus 3 characters
 * for a cell's padding and border (26 px on GitHub).
 */
export function minTableWidth(rows: string[][]): number {
  const columns = rows[0]?.length ?? 0;
  let width = 0;
  for (let column = 0; column < columns; column++) {
    const runs = rows.flatMap((row) => (row[column] ?? "").split(/\s+|(?<=-)/));
    width += Math.max(0, ...runs.map((run) => run.length)) + 3;
  }
  return width;
}
