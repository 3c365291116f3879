// TypeScript text without loading TypeScript: small builders for the declarations the emitters
// write, and `tsFile`, which joins statements and indents every line by its bracket depth. The
// emitters decide where lines break; this module decides only indentation (two spaces a level),
// so the output is final, readable and the same on every run.

/** Lines longer than this are wrapped where a builder knows how (imports, parameter lists). */
export const WIDTH = 100;

/**
 * A doc comment from lines already made inert with docCommentText (a line may hold `\n`): one
 * line gives `/** text *\/`, more give a block. No lines give an empty string.
 */
export function docComment(lines: readonly string[]): string {
  const body = lines.flatMap((line) => line.split("\n"));
  if (body.length === 0) return "";
  if (body.length === 1) return `/** ${body[0]} */\n`;
  return `/**\n${body.map((line) => ` * ${line}`.trimEnd()).join("\n")}\n */\n`;
}

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

const OPENERS = new Set(["{", "(", "["]);
const CLOSERS = new Set(["}", ")", "]"]);

/**
 * Re-indents TypeScript text by bracket depth: each line is trimmed and indented two spaces per
 * bracket (`{`, `(`, `[`) open before it; a line starting with closers sits at their depth, the
 * lines of a block comment one space in (` * `), a line after one ending in `=` one level further.
 * Brackets in strings, template literals and comments do not count. Runs of blank lines become one,
 * and there is none straight after an opening or before a closing bracket.
 */
export function indentTs(text: string): string {
  const out: string[] = [];
  let depth = 0;
  let inComment = false;
  let inTemplate = false;
  let continuation = false;
  let pendingBlank = false;
  for (const raw of text.split("\n")) {
    const line = inTemplate ? raw : raw.trim();
    if (line === "" && !inTemplate) {
      pendingBlank = out.length > 0;
      continue;
    }
    let leading = 0;
    if (!inComment && !inTemplate) while (leading < line.length && CLOSERS.has(line[leading] ?? "")) leading += 1;
    const level = Math.max(0, depth - leading) + (continuation ? 1 : 0);
    const pad = "  ".repeat(level);
    const startsInTemplate = inTemplate;
    if (pendingBlank && !startsInTemplate) {
      const previous = out[out.length - 1] ?? "";
      if (leading === 0 && !OPENERS.has(previous[previous.length - 1] ?? "")) out.push("");
    }
    pendingBlank = false;
    if (startsInTemplate) out.push(line);
    else if (inComment) out.push(line.startsWith("*") ? `${pad} ${line}` : `${pad}${line}`);
    else out.push(`${pad}${line}`);
    // Scan the line for brackets outside strings and comments.
    let quote = "";
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (inComment) {
        if (c === "*" && line[i + 1] === "/") {
          inComment = false;
          i += 1;
        }
      } else if (inTemplate) {
        if (c === "\\") i += 1;
        else if (c === "`") inTemplate = false;
      } else if (quote !== "") {
        if (c === "\\") i += 1;
        else if (c === quote) quote = "";
      } else if (c === '"' || c === "'") quote = c;
      else if (c === "`") inTemplate = true;
      else if (c === "/" && line[i + 1] === "/") break;
      else if (c === "/" && line[i + 1] === "*") {
        inComment = true;
        i += 1;
      } else if (c !== undefined && OPENERS.has(c)) depth += 1;
      else if (c !== undefined && CLOSERS.has(c)) depth = Math.max(0, depth - 1);
    }
    continuation = !inComment && !inTemplate && line.endsWith("=") && !line.startsWith("//");
  }
  return `${out.join("\n")}\n`;
}
