// Rate limits stated as tables in a description, the shape the marketplace publishes (and the
// seed's section 8 shows):
//
//   | Type | Period | Limit | Interval | Burst |        | Тип | Период | Лимит | Интервал | Всплеск |
//   | Personal | 1 min | 6 requests | 10 s | 6 requests | Персональный | 1 мин | 6 запросов | 10 сек | 6 запросов |
//
// Markdown or HTML tables, bare or inside HTML wrappers (`<div>`). Without a Type column a row is
// every kind's limit. A line before the table naming a group ("for the methods of Content") makes
// the limit a budget the operations naming it share; a sentence "a 4XX answer counts as 10
// requests" anywhere in the description is the cost of such answers. Words: src/import/table-words.ts.
import type { RawLimit } from "../load/raw.js";
import { UNIT_MILLISECONDS } from "../shared/duration.js";
import { readLimit } from "./limits.js";
import { normalWord, TABLE_COLUMNS, type TableColumn, type TableWords } from "./table-words.js";

export interface TableLimit {
  limit: RawLimit;
  /** The group phrase the table stands under (`Content`), if any. */
  group?: string;
}

export interface DescriptionLimits {
  /** Limits of every readable row, rows with equal values merged into one limit of their kinds. */
  limits: TableLimit[];
  /** Status or class -> requests such an answer spends; undefined: the description says nothing. */
  errorCost?: Record<string, number>;
  /** Rate-limit tables found (read or not). */
  tables: number;
  /** What could not be held, each with where in the description it is (`table 2, row "Service": ...`). */
  lost: string[];
  /** Values filled in (interval, burst) and where. */
  derived: string[];
}

/**
 * The rate limits a description states. `kindOf` gives the catalogue's token kind of a row label's
 * kind (the dictionary's id, e.g. `personal`, and the label as written); undefined: the document has no such kind.
 */
export function limitsFromDescription(
  description: string,
  words: TableWords,
  kindOf: (kind: string, label: string) => string | undefined,
): DescriptionLimits {
  const lines = plainText(description).split(/\r?\n/);
  const result: DescriptionLimits = { limits: [], tables: 0, lost: [], derived: [] };
  let start = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!isRow(lines[i]!)) continue;
    let end = i;
    while (end < lines.length && isRow(lines[end]!)) end++;
    const rows = lines.slice(i, end).filter((line) => !isSeparator(line)).map(cells);
    const columns = rows[0]!.map((cell) => columnOf(cell, words));
    if (columns.filter((column) => column !== undefined && column !== "type").length >= 2) {
      result.tables++;
      readTable(result, rows, columns, result.tables, groupBefore(lines.slice(start, i), words), words, kindOf);
    }
    start = end;
    i = end - 1;
  }
  if (result.tables > 0) {
    const cost = errorCost(lines.join("\n"), words);
    if (cost) result.errorCost = cost;
  }
  return result;
}

function readTable(
  result: DescriptionLimits,
  rows: string[][],
  columns: (TableColumn | undefined)[],
  ordinal: number,
  group: string | undefined,
  words: TableWords,
  kindOf: (kind: string, label: string) => string | undefined,
): void {
  const where = `table ${ordinal}`;
  const missing = TABLE_COLUMNS.filter((column) => column !== "type" && !columns.includes(column));
  if (!columns.includes("period") || !columns.includes("limit")) {
    result.lost.push(`${where}: rate-limit table without ${missing.join(" and ")} columns (its header: ${rows[0]!.join(" | ")})`);
    return;
  }
  if (rows.length === 1) {
    result.lost.push(`${where}: rate-limit table without rows`);
    return;
  }
  const read: RawLimit[] = [];
  for (const row of rows.slice(1)) {
    const cell = (column: TableColumn): string | undefined => {
      const index = columns.indexOf(column);
      return index < 0 ? undefined : row[index];
    };
    const label = cell("type");
    const place = label === undefined ? `${where}, row ${rows.indexOf(row)}` : `${where}, row "${label}"`;
    let tokens: string[] | undefined;
    if (label !== undefined) {
      const kind = Object.keys(words.kinds).find((id) => words.kinds[id]!.some((word) => normalWord(word) === normalWord(label)));
      const id = kind === undefined ? undefined : kindOf(kind, label);
      if (kind === undefined) {
        result.lost.push(`${place}: "${label}" is not a token kind of the table dictionary (add it with limitTableWords.kinds)`);
        continue;
      }
      if (id === undefined) {
        result.lost.push(`${place}: the rate limit of ${label} tokens (the document declares no such token kind)`);
        continue;
      }
      tokens = [id];
    }
    const value: Record<string, unknown> = {};
    let unreadable: string | undefined;
    for (const column of ["period", "limit", "interval", "burst"] as const) {
      const text = cell(column);
      if (text === undefined || text.trim() === "") continue;
      if (words.unknown.some((word) => normalWord(word) === normalWord(text))) {
        result.lost.push(`${place}: ${column} ${text} (documented as unknown)`);
        continue;
      }
      const parsed = column === "period" || column === "interval" ? durationMs(text, words) : count(text, words);
      if (parsed === undefined) unreadable ??= `${column} "${text}" is not ${column === "period" || column === "interval" ? "a duration such as 1 min or 10 сек" : "a count such as 6 requests or 6 запросов"}`;
      else value[column] = parsed;
    }
    if (unreadable !== undefined) {
      result.lost.push(`${place}: the row's rate limit (${unreadable})`);
      continue;
    }
    if (value.period === undefined || value.limit === undefined) {
      result.lost.push(`${place}: the row's rate limit (its ${value.period === undefined ? "period" : "limit"} is not given)`);
      continue;
    }
    const limit = readLimit(value);
    if ("problem" in limit) {
      result.lost.push(`${place}: the row's rate limit (${limit.problem})`);
      continue;
    }
    for (const what of limit.derived) result.derived.push(`${place}: ${what}`);
    read.push({ ...limit.limit, ...(tokens && { tokens }) });
  }
  for (const limit of mergeKinds(read)) result.limits.push({ limit, ...(group !== undefined && { group }) });
}

/** Rows with the same values become one limit of all their kinds; a row of every kind absorbs the rest. */
function mergeKinds(limits: RawLimit[]): RawLimit[] {
  const merged: RawLimit[] = [];
  for (const limit of limits) {
    const same = merged.find((other) => other.period === limit.period && other.limit === limit.limit && other.interval === limit.interval && other.burst === limit.burst);
    if (!same) merged.push({ ...limit, ...(limit.tokens && { tokens: [...limit.tokens] }) });
    else if (!same.tokens || !limit.tokens) delete same.tokens;
    else for (const kind of limit.tokens) if (!same.tokens.includes(kind)) same.tokens.push(kind);
  }
  return merged;
}

/** HTML tables as Markdown rows; wrappers (`<div>`, `<p>`, `<br>` ...) gone. `<no value>` is not a tag and stays. */
function plainText(text: string): string {
  return text
    // An HTML table's own line breaks are layout: each row becomes one line.
    .replace(/<table\b[\s\S]*?<\/table>/gi, (table) => `\n${table.replace(/\s*\n\s*/g, " ")}\n`)
    .replace(/<tr\b[^>]*>/gi, "\n|")
    .replace(/<\/t[dh]>/gi, " |")
    .replace(/<t[dh]\b[^>]*>/gi, " ")
    // Rows stay on consecutive lines: the next <tr> starts a line, so </tr> and the sections add none.
    .replace(/<\/tr>|<\/?(?:table|thead|tbody|tfoot)\b[^>]*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(?:div|p|span|section|article|details|summary|strong|b|em|i|h[1-6]|ul|ol|li|blockquote|code)\b[^>]*>/gi, "\n")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function isRow(line: string): boolean {
  return /^\s*\|.*\|\s*$/.test(line);
}

function isSeparator(line: string): boolean {
  return /^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(line);
}

/** The cells of a `| a | b |` row (`\|` is a bar inside a cell). */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, "|").trim());
}

function columnOf(cell: string, words: TableWords): TableColumn | undefined {
  const text = normalWord(cell);
  return TABLE_COLUMNS.find((column) => words.columns[column].some((word) => normalWord(word) === text));
}

/** The group a table's budget belongs to: the last line before it (after the previous table) with a group phrase. */
function groupBefore(lines: string[], words: TableWords): string | undefined {
  for (const line of [...lines].reverse()) {
    const text = line.replace(/^[\s#>*-]+/, "").replace(/ё/g, "е");
    // The longest phrase first: "для методов категории X" names X, not "категории X".
    for (const phrase of [...words.groupPhrases].sort((a, b) => b.length - a.length)) {
      const match = new RegExp(`${escape(normalWord(phrase)).replace(/ /g, "\\s+")}\\s+(.+)$`, "i").exec(text);
      const name = match?.[1]?.replace(/[*_`«»"“”]/g, "").replace(/[\s:.;,]+$/, "").trim();
      if (name) return name;
    }
  }
  return undefined;
}

/** `a request answered with 4XX counts as 10 requests` -> { 4XX: 10 } (statuses 4xx and 5xx, a class or one status). */
function errorCost(text: string, words: TableWords): Record<string, number> | undefined {
  const cost: Record<string, number> = {};
  for (const sentence of text.replace(/ё/g, "е").split(/[.!?;\n]+(?=\s|$)/)) {
    const status = /(?<![\w-])([45](?:\d\d|xx|XX|хх|ХХ))(?![\w-])/.exec(sentence)?.[1];
    if (status === undefined) continue;
    for (const phrase of words.errorCostPhrases) {
      const match = new RegExp(`${escape(normalWord(phrase)).replace(/ /g, "\\s+")}\\s+(\\d+)(?:\\s+(\\S+))?`, "i").exec(sentence);
      if (!match) continue;
      const unit = match[2]?.replace(/[.,;:)]+$/, "");
      if (unit !== undefined && !words.requests.some((word) => normalWord(word) === normalWord(unit))) continue;
      cost[status.slice(0, 1) + (/\d\d$/.test(status) ? status.slice(1) : "XX")] = Number(match[1]);
      break;
    }
  }
  return Object.keys(cost).length > 0 ? cost : undefined;
}

/** `1 мин`, `10 s`, `500 мс`, `1.5 seconds` -> milliseconds; undefined when unreadable. */
export function durationMs(text: string, words: TableWords): number | undefined {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(\S.*?)\s*$/.exec(text);
  if (!match) return undefined;
  const amount = Number(match[1]!.replace(",", "."));
  const word = normalWord(match[2]!);
  const unit = Object.keys(words.units).find((name) => words.units[name]!.some((spelling) => normalWord(spelling) === word));
  if (unit === undefined || !(amount > 0)) return undefined;
  const ms = amount * UNIT_MILLISECONDS[unit]!;
  return Number.isInteger(ms) ? ms : undefined;
}

/** `6 запросов`, `3 requests`, `1` -> the count; undefined unless a whole number of 1 or more with a request word (or none). */
export function count(text: string, words: TableWords): number | undefined {
  const match = /^\s*(\d+)\s*(.*?)\s*$/.exec(text);
  if (!match) return undefined;
  if (match[2] !== "" && !words.requests.some((word) => normalWord(word) === normalWord(match[2]!))) return undefined;
  const number = Number(match[1]);
  return number >= 1 ? number : undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
