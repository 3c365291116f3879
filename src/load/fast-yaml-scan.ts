// The first step of the fast path (./fast-yaml.ts): a catalogue file's lines cut into the very
// tokens the yaml package's Lexer would make of them, when every line is of the simplest kinds.
// The Lexer itself costs about three times the whole fast path on the 10,000-operation bench
// catalogue (docs/architecture.md, "Speed pieces"); any other line sends the file to the full path.

/** One line's token after its indentation: its text and offset, and whether a plain scalar. */
export interface Token {
  source: string;
  offset: number;
  plain: boolean;
}

/** A line as the Lexer would give it: where it starts, its indentation, its tokens after it, and the offset after its line break. */
export interface ScannedLine {
  start: number;
  indent: number;
  tokens: Token[];
  end: number;
}

/**
 * The lines of `text` with the tokens the Lexer makes of them (the spaces after `-` and `:` left
 * out), when every line is blank, a comment
 * line, or `[- ][key:][ value]` with a plain key of identifier characters (or a double-quoted one),
 * and a value that is a one-line plain scalar of printable ASCII with no `:` or `#` and no space at
 * its end (or double-quoted without escapes). Undefined for anything else (tabs, CR, a BOM,
 * non-ASCII text, flow collections, comments after values, indicators, `---`/`...`): those files
 * take the full path.
 */
export function simpleLines(text: string): ScannedLine[] | undefined {
  const lines: ScannedLine[] = [];
  for (let start = 0; ; ) {
    let newline = text.indexOf("\n", start);
    if (newline === -1) newline = text.length;
    const tokens = scanLine(text, start, newline);
    if (tokens === undefined) return undefined;
    const end = newline < text.length ? newline + 1 : newline;
    let indent = 0;
    while (text.charCodeAt(start + indent) === 32) indent++;
    lines.push({ start, indent, tokens, end });
    if (end === text.length) return lines;
    start = end;
  }
}

/** Printable ASCII: space to tilde. */
const printable = (code: number): boolean => code >= 32 && code <= 126;

/** A plain scalar may start with a letter, a digit, `_`, `.`, `/`, `(` or `$` here (never an indicator). */
function plainStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46 || code === 47 || code === 40 || code === 36;
}

/** A key's plain characters: letters, digits and `_ - . / +`. */
function keyChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45 || code === 46 || code === 47 || code === 43;
}

/** The end of a double-quoted scalar of printable ASCII without escapes starting at `at`, or -1. */
function quotedEnd(text: string, at: number, end: number): number {
  for (let i = at + 1; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) return i + 1;
    if (code === 92 || !printable(code)) return -1;
  }
  return -1;
}

/** A value (plain or double-quoted) filling `[at, end)`, pushed as its token; false when it is not of the simplest kinds. */
function pushValue(text: string, at: number, end: number, tokens: Token[]): boolean {
  if (text.charCodeAt(at) === 34) {
    if (quotedEnd(text, at, end) !== end) return false;
    tokens.push({ source: text.slice(at, end), offset: at, plain: false });
    return true;
  }
  if (!plainStart(text.charCodeAt(at)) || text.charCodeAt(end - 1) === 32) return false;
  for (let i = at + 1; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 58 /* : */ || code === 35 /* # */ || !printable(code)) return false;
  }
  tokens.push({ source: text.slice(at, end), offset: at, plain: true });
  return true;
}

/** Where what follows the indicator (`-`, `:`) at `at` and the spaces after it starts: `end` when the line ends there, -1 when no space or only spaces follow. */
function afterIndicator(text: string, at: number, end: number): number {
  if (at + 1 === end) return end;
  if (text.charCodeAt(at + 1) !== 32) return -1;
  let next = at + 2;
  while (next < end && text.charCodeAt(next) === 32) next++;
  return next === end ? -1 : next;
}

/** The tokens of the line `[start, end)` after its indentation, or undefined when it is not of the simplest kinds. */
function scanLine(text: string, start: number, end: number): Token[] | undefined {
  let at = start;
  while (at < end && text.charCodeAt(at) === 32) at++;
  const tokens: Token[] = [];
  if (at === end) return tokens; // blank, or spaces only
  let code = text.charCodeAt(at);
  if (code === 35 /* # */) {
    for (let i = at + 1; i < end; i++) if (!printable(text.charCodeAt(i))) return undefined;
    if (text.charCodeAt(end - 1) === 32) return undefined; // where the Lexer's comment ends: not guessed
    tokens.push({ source: text.slice(at, end), offset: at, plain: false });
    return tokens;
  }
  // `---` and `...` at the start of a line are the document's markers: the Lexer's business.
  if (at === start && (text.startsWith("---", at) || text.startsWith("...", at))) return undefined;
  if (code === 45 /* - */) {
    tokens.push({ source: "-", offset: at, plain: false });
    const after = afterIndicator(text, at, end);
    if (after === end) return tokens;
    if (after === -1) return undefined;
    at = after;
    code = text.charCodeAt(at);
  }
  // A key: a plain one of key characters, or double-quoted; a `:` ends it.
  let keyEnd = -1;
  if (code === 34) keyEnd = quotedEnd(text, at, end);
  else if (plainStart(code)) {
    keyEnd = at + 1;
    while (keyEnd < end && keyChar(text.charCodeAt(keyEnd))) keyEnd++;
  }
  if (keyEnd !== -1 && keyEnd < end && text.charCodeAt(keyEnd) === 58 /* : */) {
    tokens.push({ source: text.slice(at, keyEnd), offset: at, plain: code !== 34 });
    tokens.push({ source: ":", offset: keyEnd, plain: false });
    const value = afterIndicator(text, keyEnd, end);
    if (value === end) return tokens;
    return value !== -1 && pushValue(text, value, end, tokens) ? tokens : undefined;
  }
  // A value on its own (a list item's, or a line the reader refuses).
  return pushValue(text, at, end, tokens) ? tokens : undefined;
}
