// The import report: everything the catalogue could not hold, every name that changed, every
// value the importer derived. Each entry names its place in the source by JSON pointer.
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

export interface Derived {
  pointer: string;
  what: string;
}

export class ImportReport {
  readonly losses: Loss[] = [];
  readonly renames: Rename[] = [];
  readonly derived: Derived[] = [];

  lost(pointer: string, what: string, kind?: string): void {
    this.losses.push({ pointer, what, ...(kind !== undefined && { kind }) });
  }

  renamed(kind: Rename["kind"], from: string, to: string, pointer: string): void {
    if (from !== to) this.renames.push({ kind, from, to, pointer });
  }

  derive(pointer: string, what: string): void {
    this.derived.push({ pointer, what });
  }

  /** The whole report as text: one line per entry, grouped, in source order within each group. */
  toText(): string {
    const lines: string[] = [];
    lines.push(`Lost (${this.losses.length}): what the catalogue language cannot hold`);
    for (const loss of this.losses) lines.push(`  ${loss.pointer}: ${loss.what}`);
    lines.push(`Renamed (${this.renames.length}): names normalised to the catalogue's rules or to resolve clashes`);
    for (const rename of this.renames) lines.push(`  ${rename.pointer}: ${rename.kind} "${rename.from}" -> "${rename.to}"`);
    lines.push(`Derived (${this.derived.length}): values the source does not give directly`);
    for (const item of this.derived) lines.push(`  ${item.pointer}: ${item.what}`);
    return `${lines.join("\n")}\n`;
  }

  /** A short form for the terminal: counts by kind of loss, with one example place each. */
  summary(limit = 40): string {
    const total = this.losses.length + this.renames.length + this.derived.length;
    if (total <= limit) return this.toText();
    const byKind = new Map<string, { count: number; example: string }>();
    for (const loss of this.losses) {
      const kind = loss.kind ?? loss.what.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, "N").slice(0, 90);
      const entry = byKind.get(kind);
      if (entry) entry.count++;
      else byKind.set(kind, { count: 1, example: loss.pointer });
    }
    const lines = [`Lost (${this.losses.length}), by kind:`];
    const kinds = [...byKind].sort((a, b) => b[1].count - a[1].count || compareText(a[0], b[0]));
    for (const [kind, { count, example }] of kinds) lines.push(`  ${String(count).padStart(6)} × ${kind} (e.g. ${example})`);
    lines.push(`Renamed: ${this.renames.length}; derived: ${this.derived.length}.`);
    return `${lines.join("\n")}\n`;
  }
}
