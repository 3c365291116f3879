// Markdown the docs pages may print as is. Every view-model string has this type, and the
// only ways to get one are the escaping functions below, so catalogue text cannot reach a page
// unescaped by accident.
import {
  markdownCode,
  markdownJsonBlock,
  markdownParagraphs,
  markdownText,
} from "../../shared/sinks.js";

declare const markdownBrand: unique symbol;
export type Md = string & { readonly [markdownBrand]: true };

/** Inline catalogue text: also safe as a table cell (pipes are escaped, everything stays on one line). */
export const text = (value: string): Md => markdownText(value) as Md;
/** Inline code: only for ids, methods and paths, whose syntax the validator restricts. */
export const code = (value: string): Md => markdownCode(value) as Md;
/** Paragraphs of catalogue text. */
export const paragraphs = (value: string): Md => markdownParagraphs(value) as Md;
/** A fenced JSON block. */
export const jsonBlock = (value: unknown): Md => markdownJsonBlock(value) as Md;
/** A value shown as its JSON literal, e.g. an enum member `"surplus"`. */
export const literal = (value: string | number): Md => markdownText(JSON.stringify(value)) as Md;
/** Markdown written here in the source, never built from catalogue text. */
export const fixed = (markdown: string): Md => markdown as Md;
/** Joins Markdown pieces. */
export const join = (parts: readonly Md[], separator: string): Md => parts.join(separator) as Md;

/**
 * A link; the target is percent-encoded so it cannot end the link early. An escape it holds already
 * (`%20`) stays as it is, not `%2520`; a lone surrogate becomes U+FFFD (encodeURI throws on one).
 */
export function link(label: Md, target: string): Md {
  const wellFormed = target.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  const encoded = encodeURI(wellFormed).replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
  return `[${label}](${encoded.replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)})` as Md;
}

export const NOT_DOCUMENTED = fixed("not documented");

/** A table row from cells already escaped. */
export function row(cells: readonly Md[]): Md {
  return `| ${cells.join(" | ")} |` as Md;
}

/** Header and delimiter rows of a table. */
export function tableHead(headers: readonly Md[]): Md {
  return `${row(headers)}\n${row(headers.map(() => fixed("---")))}` as Md;
}
