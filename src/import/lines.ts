// The catalogue's one-line texts (an API's and a module's title, a module's area, an operation's
// summary) hold at most MAX_LINE characters and no line break; a document's may be longer.

/** The longest one-line text the catalogue holds. */
export const MAX_LINE = 1000;

/** `text`'s first non-blank line, trimmed and cut at MAX_LINE characters ("..." at the cut). */
export function firstLine(text: string): { line: string; cut: boolean } {
  const first = (text.split(/\r\n|\r|\n/).find((line) => line.trim() !== "") ?? "").trim();
  const cut = first.length > MAX_LINE;
  return { line: cut ? `${first.slice(0, MAX_LINE - 3).trimEnd()}...` : first, cut };
}

/**
 * A text that must be one line (a summary, a title) and a description beside it: as they are when
 * the text fits, else the text's first line, with the whole text leading the description (unless
 * it already holds it). `shortened` says what was done, for the report.
 */
export function lineLeadingDescription(text: string, description: string | undefined): { line: string; description: string | undefined; shortened?: string } {
  if (text.length <= MAX_LINE && !/[\r\n]/.test(text)) return { line: text, description };
  const { line, cut } = firstLine(text);
  return {
    line,
    description: description?.includes(text) ? description : description === undefined ? text : `${text}\n\n${description}`,
    shortened: `shortened to its first line${cut ? " (cut at 1,000 characters)" : ""}`,
  };
}
