// Catalogue text is data. These helpers make it inert in each place it lands in the output.

/** Body of a `/** ... *\/` doc comment: `*\/` cannot close the comment, `@` cannot start a tag. */
export function docCommentText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\*\//g, "*\\/")
    .replace(/^(\s*)@/gm, "$1\\@");
}

/** A JavaScript/TypeScript string literal (double-quoted; JSON escaping plus U+2028/U+2029). */
export function stringLiteral(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|<>&~$]/g;

/** Inline Markdown text: no markup, no live HTML, no template syntax survives. */
export function markdownText(text: string): string {
  return text
    .replace(/\r\n?|\n/g, " ")
    .replace(MARKDOWN_SPECIAL, (c) => (c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : "\\" + c));
}

/** A Markdown table cell: inline text that cannot break the row. */
export function markdownCell(text: string): string {
  return markdownText(text);
}

/** Inline code in Markdown (paths, ids): a fence longer than any backtick run inside. */
export function markdownCode(text: string): string {
  const flat = text.replace(/\r\n?|\n/g, " ");
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  // Inside a table cell a pipe still splits the row, even within code.
  return `${fence}${pad}${flat.replace(/\|/g, "\\|")}${pad}${fence}`;
}
