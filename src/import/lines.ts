// The catalogue's one-line texts (an API's and a module's title, a module's area, an operation's
// summary) hold at most MAX_LINE characters and no line break; a document's may be longer.

/** The longest one-line text the catalogue holds. */
export const MAX_LINE = 1000;

/** `text`'s first non-blank line, trimmed and cut at MAX_LINE characters ("..." at the cut); `whole` when that is all of `text`. */
export function firstLine(text: string): { line: string; whole: boolean; cut: boolean } {
  const trimmed = text.trim();
  const first = (trimmed.split(/\r\n|\r|\n/).find((line) => line.trim() !== "") ?? "").trim();
  const cut = first.length > MAX_LINE;
  const line = cut ? `${first.slice(0, MAX_LINE - 3).trimEnd()}...` : first;
  return { line, whole: line === trimmed, cut };
}
