// The sinks: the only way text from an input (a catalogue, an imported document, the command
// line) reaches generated output. Each makes the text inert in one kind of place: a doc comment,
// a line comment, an HTML comment, a string literal, a template literal's text, an identifier or
// property key, a Markdown cell or paragraph, JSON, YAML, an HTTP header value. Emitters and the
// docs templates print input text only through these (see docs/security.md); what they print
// raw is text written in catalogen's own source.

/** JavaScript line terminators besides `\n`: `\r`, `\r\n`, U+2028, U+2029. */
const OTHER_LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;
/**
 * Characters that must not stay raw in a generated file: NUL and the other C0 controls but tab
 * and line feed (a NUL makes `git diff` call the file binary), DEL, NEL, and the bidi embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make an editor or a review show
 * text in another order than a compiler reads it.
 */
export const NOT_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f\u0085\u202a-\u202e\u2066-\u2069]/g;
/** Bidi controls alone (the sinks that flatten text to one line already turn controls into spaces). */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

/** `\u202E`: how comments and Markdown show a character of NOT_TEXT, visibly and as plain ASCII. */
function visibleEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** `\u202e`: the same character as a JSON or JavaScript string escape (the same value once parsed). */
export function stringEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** Text without these is left unchanged by docCommentText. */
const DOC_COMMENT_WORK = new RegExp(`[\\r\\u2028\\u2029@]|\\*\\/|${NOT_TEXT.source}`);

/**
 * Body of a `/** ... *\/` doc comment: `*\/` cannot close the comment, `@` cannot start a tag.
 * Every line terminator becomes `\n`, so callers that prefix each line with ` * ` see all lines;
 * a character of NOT_TEXT is shown as its escape (`\u202E`).
 */
export function docCommentText(text: string): string {
  if (!DOC_COMMENT_WORK.test(text)) return text; // most text: nothing to change
  return text
    .replace(OTHER_LINE_BREAKS, "\n")
    .replace(NOT_TEXT, visibleEscape)
    .replace(/\*\//g, "*\\/")
    .replace(/^(\s*)@/gm, "$1\\@");
}

/** A doc comment's tag line: the tag is catalogen's own word, its text (input) made inert on one line. */
export type DocTag = string & { readonly docTag: true };

export function docTag(name: "deprecated" | "see", text?: string): DocTag {
  return (text === undefined ? `@${name}` : `@${name} ${docCommentText(text).replace(/\n/g, " ")}`) as DocTag;
}

/**
 * A doc comment from lines of text (a line may hold line breaks): one line gives `/** text *\/`,
 * more give a block (`block`: always a block; `oneLine`: the lines joined by spaces on one line);
 * no lines give an empty string. Every line passes through docCommentText, so no caller can close
 * the comment early or start a tag (escaping twice changes nothing); `tags` (made by docTag) end
 * the block.
 */
export function docComment(lines: readonly string[], options: { block?: boolean; oneLine?: boolean; tags?: readonly DocTag[] } = {}): string {
  const tags = options.tags ?? [];
  if (options.oneLine && tags.length === 0) return lines.length === 0 ? "" : `/** ${lines.map(docCommentText).join(" ").replace(/\n/g, " ")} */\n`;
  // Loops, not spreads of flatMap and map: there is a doc comment for almost every operation,
  // parameter and property (50 ms of a cold generate at 10,000 operations, now about half).
  const body: string[] = [];
  for (const line of lines) {
    const text = docCommentText(line);
    if (text.includes("\n")) for (const part of text.split("\n")) body.push(part);
    else body.push(text);
  }
  for (const tag of tags) body.push(tag);
  if (body.length === 0) return "";
  if (body.length === 1 && !options.block) return `/** ${body[0]} */\n`;
  let block = "/**\n";
  for (const line of body) block += `${` * ${line}`.trimEnd()}\n`;
  return `${block} */\n`;
}

/** Any line terminator or other control character, bidi controls too: none may stay in a one-line comment. */
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const TERMINAL_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text for a terminal on one line: every control character (escape sequences above all, which
 * could recolour or rewrite the screen), line break and bidirectional override is shown as a `\u`
 * escape, so a name from an input cannot pass for catalogen's own output.
 */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROL, stringEscape);
}

/** `// text` on one line: every line break and control character (bidi controls too) becomes a space. */
export function lineComment(text: string): string {
  return `// ${text.replace(CONTROL, " ")}`;
}

/**
 * `<!-- text -->` on one line (Markdown pages' header): no `--` survives, so nothing can end the
 * comment early (`-->`, `--!>`), and no line break.
 */
export function htmlComment(text: string): string {
  return `<!-- ${text.replace(CONTROL, " ").replace(/-(?=-)/g, "- ")} -->`;
}

/** A JavaScript/TypeScript string literal (double-quoted; JSON escaping plus the characters of UNESCAPED_BY_JSON). */
export function stringLiteral(text: string): string {
  return escapeRest(JSON.stringify(text));
}

/** What JSON.stringify leaves raw but a generated file may not hold: U+2028, U+2029 (line breaks to older JavaScript) and NOT_TEXT's DEL, NEL and bidi controls. */
const UNESCAPED_BY_JSON = /[\u007f\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON text with UNESCAPED_BY_JSON's characters escaped (they are only ever inside strings there). */
function escapeRest(json: string): string {
  return json.replace(UNESCAPED_BY_JSON, stringEscape);
}

/** Text inside a template literal's backticks: `\``, `\\` and `${` are escaped, so it stays text. */
export function templateLiteralText(text: string): string {
  return text.replace(/[\\`]|\$\{/g, (match) => `\\${match}`);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A name printed as an identifier. Names reach code only after the validator (or the importer)
 * has restricted them; this throws when that did not happen, so such a bug is an error, not code.
 */
export function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return name;
}

/**
 * A property key: bare when it is an identifier, a string literal otherwise, and `__proto__`
 * computed (`["__proto__"]`): in an object literal a plain `__proto__:` sets the prototype instead
 * of making a key, so the property would be lost (in a type it means the same either way).
 */
export function propertyKey(name: string): string {
  if (name === "__proto__") return `[${stringLiteral(name)}]`;
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

/** JSON text of a value (`indent` spaces a level), with the escapes of stringLiteral. */
export function jsonText(value: unknown, indent = 0): string {
  return escapeRest(JSON.stringify(value, null, indent) ?? "null");
}

/**
 * A JSON value written as a JavaScript expression: jsonText, with each `__proto__` key computed
 * (`["__proto__"]: ...`), so that it is an own key of the object, as JSON.parse makes it, not its
 * prototype. (Inside a JSON string a quote is escaped, so only a real key follows `{` or `,`.)
 */
export function jsValueText(value: unknown, indent = 0): string {
  return jsonText(value, indent).replace(/([{,]\s*)"__proto__"(\s*):/g, '$1["__proto__"]$2:');
}

/**
 * An HTTP header value: control characters (CR and LF above all) cannot split the header or
 * start another, and characters a header cannot carry (beyond Latin-1) do not make the send
 * throw; each becomes a space, and the value is trimmed.
 */
export function headerValue(text: string): string {
  return text.replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, " ").trim();
}

// Markdown. Inline text is flattened to one line: every control character and line break
// becomes a space, so text cannot end a table row, a list item or a paragraph early.
const MARKDOWN_BREAKS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/g;
// Characters that can start markup (emphasis, code, links, HTML, entities, table cells,
// strikethrough, math, template syntax); each is shown literally with a backslash or an entity.
const MARKDOWN_SPECIAL = /[\\`*_{}[\]|<>&~$]/g;
const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;" };
// At the start of a line these would make a heading, list item, setext underline or ordered list.
const BLOCK_START = /^(?:[#+=-]|(\d+)([.)]))/;
// At the end of a heading, a run of # after a space is its optional closing sequence (dropped).
const HEADING_CLOSE = /(\s)(#+)$/;

function flatten(text: string): string {
  return text.replace(MARKDOWN_BREAKS, " ").trim();
}

// Script URL schemes: inert once brackets are escaped, but lax renderers and linters (redocly's
// no-unsafe-markdown) look for the bare scheme, so its colon is escaped too.
const SCRIPT_SCHEME = /\b(javascript|vbscript):/gi;
// Text with none of these passes markdownText unchanged: no break or control character (flatten),
// no space at either end (trim), no run of spaces, no special character, no script scheme, no
// block start, no closing run of #.
const MARKDOWN_WORK = /[\u0000-\u001f\u007f\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069\\`*_{}[\]|<>&~$]|  |script:|^[\s#+=-]|^\d+[.)]|#\s*$|\s$/i;

/**
 * Inline Markdown text: no markup, no live HTML, no template syntax survives; one line, spaces
 * collapsed, bidi controls shown as their escapes (`\u202E`). Safe in a table cell.
 */
export function markdownText(text: string): string {
  if (!MARKDOWN_WORK.test(text)) return text; // most text: every step below would leave it as it is
  // Runs of spaces render as one; written as one, the page reads the same in source and rendered.
  const escaped = flatten(text)
    .replace(/[ \t]{2,}/g, " ")
    .replace(MARKDOWN_SPECIAL, (c) => ENTITIES[c] ?? "\\" + c)
    .replace(SCRIPT_SCHEME, "$1\\:")
    .replace(BIDI, visibleEscape);
  return escaped
    .replace(BLOCK_START, (match, digits: string | undefined, mark: string | undefined) =>
      digits !== undefined ? `${digits}\\${mark}` : `\\${match}`,
    )
    .replace(HEADING_CLOSE, "$1\\$2");
}

/** Paragraphs of Markdown text: blank lines in the source separate paragraphs, nothing else survives. */
export function markdownParagraphs(text: string): string {
  return text
    .replace(OTHER_LINE_BREAKS, "\n")
    .split(/\n[ \t]*\n/)
    .map(markdownText)
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
}

/**
 * Inline code in Markdown: a fence longer than any backtick run inside. Only for text whose
 * syntax is already restricted (ids, methods, paths): a code span shows `<` and `&` verbatim.
 */
export function markdownCode(text: string): string {
  const flat = flatten(text).replace(BIDI, visibleEscape);
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  // Inside a table cell a pipe still splits the row, even within code.
  return `${fence}${pad}${flat.replace(/\|/g, "\\|")}${pad}${fence}`;
}

/**
 * A fenced JSON code block for a value. `<`, `>`, `&` and the characters of UNESCAPED_BY_JSON are written as JSON
 * `\u` escapes (the same value when parsed), so no raw HTML appears even inside the block;
 * the fence is longer than any backtick run in the content.
 */
export function markdownJsonBlock(value: unknown): string {
  const json = (JSON.stringify(value, null, 2) ?? "null").replace(/[<>&\u007f\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, stringEscape);
  const longest = Math.max(0, ...(json.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}json\n${json}\n${fence}`;
}
