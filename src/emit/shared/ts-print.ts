// TypeScript text without loading TypeScript: small builders for the declarations the emitters
// write, and `tsFile`, which joins statements and indents every line by its bracket depth. The
// emitters decide where lines break; this module decides only indentation (two spaces a level),
// so the output is final, readable and the same on every run. Input text reaches it only through
// the sinks of src/shared/sinks.ts.

/** Lines longer than this are wrapped where a builder knows how (imports, parameter lists). */
export const WIDTH = 100;

/**
 * `import { a, type B } from "x";` (`typeOnly`: `import type { ... }`), one name a line when the
 * statement would be longer than WIDTH.
 */
export function importDeclaration(names: readonly string[], from: string, typeOnly = false): string {
  return fromDeclaration(typeOnly ? "import type" : "import", names, from);
}

/** `export { a } from "x";` (`typeOnly`: `export type { ... }`), wrapped like importDeclaration. */
export function exportFrom(names: readonly string[], from: string, typeOnly = false): string {
  return fromDeclaration(typeOnly ? "export type" : "export", names, from);
}

function fromDeclaration(head: string, names: readonly string[], from: string): string {
  const tail = ` from ${JSON.stringify(from)};`;
  return `${head} ${bracedList(names, head.length + 1, tail)}${tail}`;
}

/** The extension relative imports of generated TypeScript end in: `js` (tsc's own rule) or `ts`. */
export type ImportExtension = "js" | "ts";

export const IMPORT_EXTENSIONS: readonly ImportExtension[] = ["js", "ts"];

// The specifier of an import or export declaration (`import "./x.js";`, `... from "./x.js";`,
// the closing line `} from "./x.js";` of a wrapped one): a relative path ending in `.js` that ends
// its line; and a module augmentation's `declare module "./x.js" {`. Doc comment lines never
// match: they start with `*` or `/**`.
const RELATIVE_JS_SPECIFIER = /^((?:(?:import|export)\b.*?\bfrom|import|\}\s*from|declare module)\s*"\.{1,2}\/[^"\n]*)\.js(";|" \{)$/gm;

/**
 * The text with every relative `.js` specifier of its import and export declarations ending in
 * `extension` instead. The one place the choice is made: the pipeline passes every generated and
 * copied TypeScript file of the client and server through it.
 */
export function withImportExtension(text: string, extension: ImportExtension): string {
  if (extension === "js") return text;
  return text.replace(RELATIVE_JS_SPECIFIER, (_match, head: string, tail: string) => `${head}.${extension}${tail}`);
}

/** `(a: A, b?: B)`, one parameter a line when `prefix` + the list + `suffix` would exceed WIDTH. */
export function parameterList(parameters: readonly string[], prefix: string, suffix: string): string {
  const flat = `(${parameters.join(", ")})`;
  if (prefix.length + flat.length + suffix.length <= WIDTH || parameters.length === 0) return flat;
  return `(\n${parameters.map((parameter) => `${parameter},\n`).join("")})`;
}

/** `{ a, b }`, or one item a line with trailing commas when it does not fit in WIDTH beside the rest. */
export function bracedList(items: readonly string[], before: number, after: string): string {
  const flat = items.length === 0 ? "{}" : `{ ${items.join(", ")} }`;
  if (before + flat.length + after.length <= WIDTH) return flat;
  return `{\n${items.map((item) => `${item},\n`).join("")}}`;
}

/** An object literal, one `key: value` a line (values may span lines); `{}` when empty. */
export function objectLiteral(entries: readonly string[]): string {
  return entries.length === 0 ? "{}" : `{\n${entries.map((entry) => `${entry},\n`).join("")}}`;
}

/**
 * A file: the import statements together, a blank line, then the other statements with a blank
 * line between each two. Indentation comes from `indentTs`; the text ends with one newline.
 */
export function tsFile(imports: readonly string[], statements: readonly string[]): string {
  const parts = [imports.join("\n"), ...statements.map((statement) => statement.trim())].filter((part) => part !== "");
  return indentTs(`${parts.join("\n\n")}\n`);
}

const OPEN_BRACE = 123; // {
const OPEN_PAREN = 40; // (
const OPEN_BRACKET = 91; // [
const CLOSE_BRACE = 125; // }
const CLOSE_PAREN = 41; // )
const CLOSE_BRACKET = 93; // ]
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACKTICK = 96;
const BACKSLASH = 92;
const SLASH = 47;
const STAR = 42;


const isOpener = (c: number): boolean => c === OPEN_BRACE || c === OPEN_PAREN || c === OPEN_BRACKET;
const isCloser = (c: number): boolean => c === CLOSE_BRACE || c === CLOSE_PAREN || c === CLOSE_BRACKET;

/** The characters `indentTs` looks at (by code, below 128): found by a loop, which allocates nothing (a regular expression's match did, per character found). */
const SPECIAL = new Uint8Array(128);
for (const c of "\"'`{}()[]/") SPECIAL[c.charCodeAt(0)] = 1;

/** The index of the quote that closes a string opened before `from`, or -1 when the line ends first. */
function closingQuote(line: string, from: number, quote: number): number {
  for (let i = from; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === BACKSLASH) i += 1;
    else if (c === quote) return i;
  }
  return -1;
}

const PADS: string[] = [""];
function pad(level: number): string {
  while (PADS.length <= level) PADS.push(`${PADS[PADS.length - 1]}  `);
  return PADS[level] ?? "";
}

/**
 * Re-indents TypeScript text by bracket depth: each line is trimmed and indented two spaces per
 * line that left brackets (`{`, `(`, `[`) open before it (one level however many it opened:
 * `f({` indents what follows once); a line starting with closers sits at their depth, the
 * lines of a block comment one space in (` * `), a line after one ending in `=` one level further.
 * Brackets in strings, template literals and comments do not count. Runs of blank lines become one,
 * and there is none straight after an opening or before a closing bracket.
 */
export function indentTs(text: string): string {
  let out = "";
  // The open brackets, innermost last; true for the first of those a line left open (it indents).
  const open: boolean[] = [];
  let level = 0; // how many of `open` are true
  let inComment = false;
  let inTemplate = false;
  let continuation = false;
  let pendingBlank = false;
  let lastCode = -1; // the last character written, as a code
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const raw = text.slice(start, end);
    start = end + 1;
    const line = inTemplate ? raw : raw.trim();
    if (line === "" && !inTemplate) {
      pendingBlank = out.length > 0;
      continue;
    }
    let leading = 0;
    if (!inComment && !inTemplate) while (leading < line.length && isCloser(line.charCodeAt(leading))) leading += 1;
    if (pendingBlank && !inTemplate && leading === 0 && !isOpener(lastCode)) out += "\n";
    pendingBlank = false;
    let closing = 0; // levels the leading closers end
    for (let k = 1; k <= leading && k <= open.length; k++) if (open[open.length - k]) closing += 1;
    const indent = pad(level - closing + (continuation ? 1 : 0));
    if (inTemplate) out += `${line}\n`;
    else if (inComment && line.charCodeAt(0) === STAR) out += `${indent} ${line}\n`;
    else out += `${indent}${line}\n`;
    lastCode = line.charCodeAt(line.length - 1);
    // Brackets outside strings and comments; runs of other characters are skipped by search.
    let lowest = open.length; // open[lowest..] were opened on this line
    let i = 0;
    while (i < line.length) {
      if (inComment) {
        const close = line.indexOf("*/", i);
        if (close === -1) break;
        inComment = false;
        i = close + 2;
        continue;
      }
      if (inTemplate) {
        const close = closingQuote(line, i, BACKTICK);
        if (close === -1) break;
        inTemplate = false;
        i = close + 1;
        continue;
      }
      let at = i;
      let c = -1;
      for (; at < line.length; at++) {
        const code = line.charCodeAt(at);
        if (code < 128 && SPECIAL[code] === 1) {
          c = code;
          break;
        }
      }
      if (c === -1) break;
      i = at + 1;
      if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
        const close = closingQuote(line, i, c);
        i = close === -1 ? line.length : close + 1;
      } else if (c === BACKTICK) inTemplate = true;
      else if (c === SLASH) {
        const next = line.charCodeAt(i);
        if (next === SLASH) break;
        if (next === STAR) {
          inComment = true;
          i += 1;
        }
      } else if (isOpener(c)) open.push(false);
      else if (open.length > 0) {
        if (open.pop()) level -= 1;
        lowest = Math.min(lowest, open.length);
      }
    }
    if (lowest < open.length) {
      open[lowest] = true;
      level += 1;
    }
    continuation = !inComment && !inTemplate && line.endsWith("=") && !line.startsWith("//");
  }
  return out;
}
