// A description as the rate-limit reader sees it: HTML-bearing Markdown with its tags and entities
// resolved, line by line, each line knowing where in the description it starts (for the report's
// line:col). HTML tables become Markdown rows; block tags (`<div>`, `<p>`, `<br>`, `<li>` ...)
// break lines; `<strong>`/`<b>` become `**` and `<code>` a backtick, so the reader sees emphasis
// and code whether written in HTML or Markdown; other tags go. Only HTML's own element names are
// tags: `<no value>` is text.

export interface TextLine {
  text: string;
  /** Where the line's first non-blank character is in the description (its start when blank). */
  offset: number;
}

const BLOCK = new Set(
  "address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary ul".split(" "),
);
const BOLD = new Set(["strong", "b"]);
const INLINE = new Set(
  "a abbr bdi bdo cite data del dfn em font i img ins kbd mark q s samp small span sub sup time u var wbr caption colgroup col".split(" "),
);
const TABLE_PARTS = new Set(["table", "thead", "tbody", "tfoot", "tr", "td", "th"]);

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: " ",
  lt: "<",
  gt: ">",
  amp: "&",
  quot: '"',
  apos: "'",
  mdash: "—",
  ndash: "–",
  laquo: "«",
  raquo: "»",
  hellip: "…",
  times: "×",
  minus: "−",
  le: "≤",
  ge: "≥",
};

// A tag's attributes are bounded, so text full of unclosed `<a "` costs no more than a pass over it.
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b(?:[^<>"']|"[^"]{0,2000}"|'[^']{0,2000}'){0,2000}>|&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});|\r\n|\r|\n/g;

/** The description's lines as text, with where each starts. */
export function readableLines(description: string): TextLine[] {
  const lines: TextLine[] = [];
  let text = "";
  let offset = -1;
  let lineStart = 0;
  let tableDepth = 0;
  let afterBlock = false;
  const append = (chunk: string, at: number): void => {
    if (offset < 0) {
      const lead = chunk.length - chunk.trimStart().length;
      if (lead < chunk.length) offset = at + lead;
    }
    text += chunk;
  };
  const breakLine = (next: number): void => {
    lines.push({ text, offset: offset < 0 ? lineStart : offset });
    text = "";
    offset = -1;
    lineStart = next;
  };
  let last = 0;
  for (const match of description.matchAll(TOKEN)) {
    const at = match.index;
    const end = at + match[0].length;
    if (at > last) append(description.slice(last, at), last);
    if (description.slice(last, at).trim() !== "") afterBlock = false;
    last = end;
    const [token, closing, tagName, entity] = match;
    if (token.startsWith("<!--")) continue;
    if (tagName !== undefined) {
      const name = tagName.toLowerCase();
      if (TABLE_PARTS.has(name)) {
        if (name === "table") tableDepth = Math.max(0, tableDepth + (closing ? -1 : 1));
        if (name === "table" || (name === "tr" && closing)) {
          if (text.trim() !== "") breakLine(end);
          else lineStart = end;
        } else if (name === "tr") {
          if (text.trim() !== "") breakLine(at);
          append("|", at);
        } else if (name === "td" || name === "th") append(closing ? " |" : " ", at);
        continue;
      }
      if (BLOCK.has(name) && tableDepth > 0) {
        append(" ", at); // inside a cell: a row stays one line
        continue;
      }
      if (BLOCK.has(name)) {
        breakLine(end);
        afterBlock = true;
        continue;
      }
      // The line starts where its first tag does, though the tag leaves no text.
      if (offset < 0) offset = at;
      if (BOLD.has(name)) append("**", at);
      else if (name === "code") append("`", at);
      else if (!INLINE.has(name)) append(token, at);
      continue;
    }
    if (entity !== undefined) {
      append(entityText(entity) ?? token, at);
      continue;
    }
    // A line break: inside an HTML table it is layout (a row is one line); right after a block tag
    // it is the tag's own (`<div>` then a new line is one break); elsewhere it ends the line.
    if (tableDepth > 0) append(" ", at);
    else if (afterBlock && text.trim() === "") {
      text = "";
      offset = -1;
      lineStart = end;
    } else breakLine(end);
    afterBlock = false;
  }
  if (last < description.length) append(description.slice(last), last);
  breakLine(description.length);
  return lines;
}

function entityText(entity: string): string | undefined {
  if (entity.startsWith("#")) {
    const code = /^#[xX]/.test(entity) ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code > 0 && code <= 0x10ffff ? (code === 0xa0 ? " " : String.fromCodePoint(code)) : undefined;
  }
  return NAMED_ENTITIES[entity.toLowerCase()];
}
