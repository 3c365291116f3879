// The import report: everything the catalogue could not hold, every name that changed, every
// value the importer derived, and advice on what to add by hand. Each entry names its place in the source by JSON pointer.
import { compareText } from "../model/order.js";

export interface Loss {
  /** JSON pointer into the source, e.g. `#/paths/~1pets/get/deprecated` (other files: `common.yaml#/...`). */
  pointer: string;
  /** What was not kept, e.g. `deprecated: true (the catalogue language has no deprecation)`. */
  what: string;
  /** What kind of thing was lost, for the summary (e.g. `schema keyword "default"`). */
  kind?: string;
}

export interface Rename {
  kind: "module" | "operation" | "type" | "parameter" | "token kind" | "limit group" | "security scheme";
  from: string;
  to: string;
  pointer: string;
}

/** A rate-limit table, row or sentence the importer could not read (src/import/description-limits.ts). */
export interface UnreadText {
  /** The file as messages show it. */
  file: string;
  /** `file:line:col` of what was not read. */
  position: string;
  /** The JSON pointer of the text it stands in. */
  pointer: string;
  what: string;
  /** The words it saw there. */
  words: string;
}

export interface Derived {
  pointer: string;
  what: string;
}

export class ImportReport {
  readonly losses: Loss[] = [];
  /** What the document itself gets wrong (an example that does not fit its schema): dropped, not lost to the language. */
  readonly refused: Loss[] = [];
  readonly renames: Rename[] = [];
  readonly derived: Derived[] = [];
  /** What the user may add to the catalogue by hand (a list that looks paged): advice, not a value the importer derived. */
  readonly advice: Derived[] = [];
  readonly unread: UnreadText[] = [];

  lost(pointer: string, what: string, kind?: string): void {
    this.losses.push({ pointer, what, ...(kind !== undefined && { kind }) });
  }

  refuse(pointer: string, what: string, kind?: string): void {
    this.refused.push({ pointer, what, ...(kind !== undefined && { kind }) });
  }

  renamed(kind: Rename["kind"], from: string, to: string, pointer: string): void {
    if (from !== to) this.renames.push({ kind, from, to, pointer });
  }

  derive(pointer: string, what: string): void {
    this.derived.push({ pointer, what });
  }

  advise(pointer: string, what: string): void {
    this.advice.push({ pointer, what });
  }

  unreadText(entry: UnreadText): void {
    this.unread.push(entry);
  }

  /**
   * The whole report as text: losses grouped by kind (largest group first, with its count), each
   * group's places beneath it in source order; then what the document got wrong, renames and
   * derived values, then advice.
   */
  toText(): string {
    const lines: string[] = [];
    lines.push(`Lost (${this.losses.length}): what the catalogue language cannot hold, by kind`);
    lines.push(...grouped(this.losses, true));
    lines.push(`Refused (${this.refused.length}): the document's own mistakes, dropped (the catalogue can hold the construct, not this value)`);
    lines.push(...grouped(this.refused, true));
    lines.push(`Renamed (${this.renames.length}): names normalised to the catalogue's rules or to resolve clashes`);
    for (const rename of this.renames) lines.push(`  ${rename.pointer}: ${rename.kind} "${rename.from}" -> "${rename.to}"`);
    lines.push(`Derived (${this.derived.length}): values the source does not give directly`);
    for (const item of this.derived) lines.push(`  ${item.pointer}: ${item.what}`);
    lines.push(`Advice (${this.advice.length}): what the document suggests adding to the catalogue by hand`);
    for (const item of this.advice) lines.push(`  ${item.pointer}: ${item.what}`);
    lines.push(...unreadSection(this.unread));
    return `${lines.join("\n")}\n`;
  }

  /** A short form for the terminal: counts by kind of loss, with one example place each. */
  summary(limit = 40): string {
    const total = this.losses.length + this.refused.length + this.renames.length + this.derived.length + this.advice.length;
    if (total <= limit) return this.toText();
    const lines = [`Lost (${this.losses.length}), by kind:`, ...grouped(this.losses, false)];
    if (this.refused.length > 0) lines.push(`Refused (${this.refused.length}): the document's own mistakes, by kind:`, ...grouped(this.refused, false));
    lines.push(`Renamed: ${this.renames.length}; derived: ${this.derived.length}.`);
    if (this.advice.length > 0) lines.push(`Advice (${this.advice.length}), for example:`, ...this.advice.slice(0, 3).map((item) => `  ${item.pointer}: ${item.what}`));
    lines.push(...unreadSection(this.unread));
    return `${lines.join("\n")}\n`;
  }
}

/** Rate-limit tables, rows and sentences not read, per file in source order: where, what, and the words seen. */
function unreadSection(unread: readonly UnreadText[]): string[] {
  const lines = [`Unread (${unread.length}): rate-limit tables, rows and sentences the importer could not read, by file`];
  const files = [...new Set(unread.map((entry) => entry.file))];
  for (const file of files) {
    lines.push(`  ${file}`);
    for (const entry of unread) if (entry.file === file) lines.push(`    ${entry.position}: ${entry.pointer}: ${entry.what}; saw "${entry.words}"`);
  }
  return lines;
}

/** The kind a loss is counted under: its own, else its text with names and numbers set aside. */
export function lossKind(loss: Loss): string {
  return loss.kind ?? loss.what.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, "N").slice(0, 90);
}

/** Losses by kind, the largest kind first: a count line per kind, then every place (or one example). */
function grouped(losses: readonly Loss[], places: boolean): string[] {
  const byKind = new Map<string, Loss[]>();
  for (const loss of losses) {
    const kind = lossKind(loss);
    const list = byKind.get(kind);
    if (list) list.push(loss);
    else byKind.set(kind, [loss]);
  }
  const kinds = [...byKind].sort((a, b) => b[1].length - a[1].length || compareText(a[0], b[0]));
  const lines: string[] = [];
  for (const [kind, list] of kinds) {
    if (!places) {
      lines.push(`  ${String(list.length).padStart(6)} × ${kind} (e.g. ${list[0]!.pointer})`);
      continue;
    }
    lines.push(`  ${list.length} × ${kind}`);
    for (const loss of list) lines.push(`    ${loss.pointer}: ${loss.what}`);
  }
  return lines;
}
