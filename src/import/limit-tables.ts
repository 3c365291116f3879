// Rate limits stated as tables in a description, the shape the marketplace publishes (and the
// seed's section 8 shows):
//
//   | Type | Period | Limit | Interval | Burst |        | Тип | Период | Лимит | Интервал | Всплеск |
//   | Personal | 1 min | 6 requests | 10 s | 6 requests | Персональный | 1 мин | 6 запросов | 10 сек | 6 запросов |
//
// Markdown or HTML tables, bare or inside HTML wrappers (`<div>`): the description is read as
// HTML-bearing Markdown (src/import/description-text.ts). Without a Type column a row is every
// kind's limit. The line just before the table naming a group ("for the methods of Content", "для
// всех методов категории <strong>Контент</strong>") makes the limit a budget the operations naming
// it share; a sentence "a 4XX answer counts as 10 requests" anywhere in the description is the
// cost of such answers. What cannot be read is returned with its place, for the report. Words:
// src/import/table-words.ts.
import type { RawLimit } from "../load/raw.js";
import { UNIT_MILLISECONDS } from "../shared/duration.js";
import { readLimit } from "./limits.js";
import { readableLines, type TextLine } from "./description-text.js";
import { normalWord, TABLE_COLUMNS, type TableColumn, type TableWords } from "./table-words.js";

export interface TableLimit {
  limit: RawLimit;
  /** The group phrase the table stands under (`Content`), if any. */
  group?: string;
}

/** A table, row or sentence about rate limits the reader could not read. */
export interface Unread {
  /** Where in the description it starts. */
  offset: number;
  what: string;
  /** The text it saw, as read (tags resolved). */
  words: string;
}

export interface DescriptionLimits {
  /** Limits of every readable row, rows with equal values merged into one limit of their kinds. */
  limits: TableLimit[];
  /** Status or class -> requests such an answer spends; undefined: the description says nothing. */
  errorCost?: Record<string, number>;
  /** Rate-limit tables found (read or not). */
  tables: number;
  /** What could be read but not held, each with where in the description it is (`table 2, row "Service": ...`). */
  lost: string[];
  /** Values filled in (interval, burst) and where. */
  derived: string[];
  /** Tables, rows and sentences that could not be read. */
  unread: Unread[];
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
  const lines = readableLines(description);
  const result: DescriptionLimits = { limits: [], tables: 0, lost: [], derived: [], unread: [] };
  for (let i = 0; i < lines.length; i++) {
    if (!isRow(lines[i]!.text)) continue;
    let end = i;
    while (end < lines.length && isRow(lines[end]!.text)) end++;
    const rows = lines.slice(i, end).filter((line) => !isSeparator(line.text)).map((line) => ({ cells: cells(line.text), line }));
    const columns = rows[0]!.cells.map((cell) => columnOf(cell, words));
    if (columns.filter((column) => column !== undefined && column !== "type").length >= 2) {
      result.tables++;
      const heading = headingBefore(lines, i);
      const group = heading && groupOf(heading.text, words);
      if (heading && group === undefined && /\*\*[^*]+\*\*/.test(heading.text) && sharesPhraseWord(heading.text, words)) {
        result.unread.push({ offset: heading.offset, what: `table ${result.tables}: the line before it names something in bold, but no group phrase of the dictionary (add it with limitTableWords.groupPhrases)`, words: heading.text.trim() });
      }
      readTable(result, rows, columns, result.tables, group, words, kindOf);
    }
    i = end - 1;
  }
  if (result.tables > 0) {
    const cost = errorCost(lines, words, result.unread);
    if (cost) result.errorCost = cost;
  }
  return result;
}

interface Row {
  cells: string[];
  line: TextLine;
}

function readTable(
  result: DescriptionLimits,
  rows: Row[],
  columns: (TableColumn | undefined)[],
  ordinal: number,
  group: string | undefined,
  words: TableWords,
  kindOf: (kind: string, label: string) => string | undefined,
): void {
  const where = `table ${ordinal}`;
  const header = rows[0]!.line;
  const missing = TABLE_COLUMNS.filter((column) => column !== "type" && !columns.includes(column));
  if (!columns.includes("period") || !columns.includes("limit")) {
    result.unread.push({ offset: header.offset, what: `${where}: rate-limit table without ${missing.join(" and ")} columns`, words: header.text.trim() });
    return;
  }
  if (rows.length === 1) {
    result.unread.push({ offset: header.offset, what: `${where}: rate-limit table without rows`, words: header.text.trim() });
    return;
  }
  const read: RawLimit[] = [];
  for (const [index, row] of rows.entries()) {
    if (index === 0) continue;
    const cell = (column: TableColumn): string | undefined => {
      const at = columns.indexOf(column);
      return at < 0 ? undefined : row.cells[at];
    };
    const unread = (what: string): void => {
      result.unread.push({ offset: row.line.offset, what: `${place}: ${what}`, words: row.line.text.trim() });
    };
    const label = cell("type");
    const place = label === undefined ? `${where}, row ${index}` : `${where}, row "${label}"`;
    let tokens: string[] | undefined;
    if (label !== undefined) {
      const kind = Object.keys(words.kinds).find((id) => words.kinds[id]!.some((word) => normalWord(word) === normalWord(label)));
      if (kind === undefined) {
        unread(`"${label}" is not a token kind of the table dictionary (add it with limitTableWords.kinds)`);
        continue;
      }
      const id = kindOf(kind, label);
      if (id === undefined) {
        result.lost.push(`${place}: the rate limit of ${label} tokens (the document declares no such token kind)`);
        continue;
      }
      tokens = [id];
    }
    const value: Record<string, unknown> = {};
    const unknown: string[] = [];
    let unreadable: string | undefined;
    for (const column of ["period", "limit", "interval", "burst"] as const) {
      const text = cell(column);
      if (text === undefined || text.trim() === "") continue;
      if (words.unknown.some((word) => normalWord(word) === normalWord(text))) {
        unknown.push(column);
        result.lost.push(`${place}: ${column} ${text} (documented as unknown)`);
        continue;
      }
      const parsed = column === "period" || column === "interval" ? durationMs(text, words) : count(text, words);
      if (parsed === undefined) unreadable ??= `${column} "${text}" is not ${column === "period" || column === "interval" ? "a duration such as 1 min or 10 сек" : "a count such as 6 requests or 6 запросов"}`;
      else value[column] = parsed;
    }
    if (unreadable !== undefined) {
      unread(`the row's rate limit (${unreadable})`);
      continue;
    }
    if (value.period === undefined || value.limit === undefined) {
      const absent = value.period === undefined ? "period" : "limit";
      result.lost.push(`${place}: the row's rate limit (its ${absent} is ${unknown.includes(absent) ? "documented as unknown" : "not given"})`);
      continue;
    }
    const limit = readLimit(value);
    if ("problem" in limit) {
      unread(`the row's rate limit (${limit.problem})`);
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

/** The paragraph just before the table at `index` (its lines joined), unless a row of another table stands there. */
function headingBefore(lines: readonly TextLine[], index: number): TextLine | undefined {
  let last = index - 1;
  while (last >= 0 && lines[last]!.text.trim() === "") last--;
  if (last < 0 || isRow(lines[last]!.text)) return undefined;
  let first = last;
  while (first > 0 && lines[first - 1]!.text.trim() !== "" && !isRow(lines[first - 1]!.text)) first--;
  const heading = paragraphs(lines.slice(first, last + 1))[0]!;
  // A heading is short: of a long paragraph only its end is read (the phrase patterns look ahead).
  return heading.text.length <= MAX_HEADING ? heading : { text: heading.text.slice(-MAX_HEADING), offset: heading.offset };
}

const MAX_HEADING = 1000;

const NAME_PLACE = "{name}";

/** Whether `heading` has a word of four letters or more of a group phrase (`методов`, `methods`): a heading that may name a group. */
function sharesPhraseWord(heading: string, words: TableWords): boolean {
  const phraseWords = new Set(words.groupPhrases.flatMap((phrase) => normalWord(phrase.replace(NAME_PLACE, " ")).split(" ")).filter((word) => word.length >= 4));
  return normalWord(heading).split(/[^\p{L}\p{N}]+/u).some((word) => phraseWords.has(word));
}

/**
 * The group a heading names: the words after a group phrase (`для методов категории Контент`), or
 * where the phrase says (`for {name} methods`); a name in bold (`**Контент**`, `<strong>`) is the
 * name whatever stands around it.
 */
function groupOf(heading: string, words: TableWords): string | undefined {
  const text = heading.replace(/^[\s#>-]+/, "").replace(/ё/g, "е").replace(/Ё/g, "Е");
  // Phrases the name follows first, the longest first ("для методов категории X" names X, not
  // "категории X"); then the phrases the name stands inside.
  const phrases = [...words.groupPhrases].sort((a, b) => Number(a.includes(NAME_PLACE)) - Number(b.includes(NAME_PLACE)) || b.length - a.length);
  for (const phrase of phrases) {
    const [before = "", after = ""] = normalWord(phrase.replace(NAME_PLACE, " \u0000 ")).split("\u0000").map((part) => part.trim());
    const pattern = phrase.includes(NAME_PLACE)
      ? `(?<![\\p{L}\\p{N}])${spaced(before)}\\s+(.+?)\\s+${spaced(after)}(?![\\p{L}\\p{N}])`
      : `(?<![\\p{L}\\p{N}])${spaced(before)}\\s+(.+)$`;
    const match = new RegExp(pattern, "iu").exec(text);
    if (!match) continue;
    const bold = /\*\*([^*]+)\*\*|__([^_]+)__/.exec(match[1]!);
    if (!bold && phrase.includes(NAME_PLACE)) continue;
    const name = (bold ? (bold[1] ?? bold[2])! : match[1]!).replace(/[*_`«»"“”]/g, "").replace(/[\s:.;,]+$/, "").replace(/\s+/g, " ").trim();
    if (name !== "") return name;
  }
  return undefined;
}

function spaced(phrase: string): string {
  return escape(phrase).replace(/ /g, "\\s+");
}

const STATUS = /(?<![\p{L}\p{N}-])([45](?:\d\d|xx|XX|хх|ХХ))(?![\p{L}\p{N}-])/u;

/**
 * `a request answered with 4XX counts as 10 requests` -> { 4XX: 10 } (statuses 4xx and 5xx, a
 * class or one status). A sentence with such a status and a count of requests that says no cost
 * the dictionary knows is unread.
 */
function errorCost(lines: readonly TextLine[], words: TableWords, unread: Unread[]): Record<string, number> | undefined {
  const cost: Record<string, number> = {};
  const counted = new RegExp(`\\d+\\s+(?:${words.requests.map((word) => escape(normalWord(word))).join("|")})(?![\\p{L}])`, "iu");
  for (const line of paragraphs(lines)) {
    for (const sentence of line.text.replace(/ё/g, "е").split(/[.!?;]+(?=\s|$)/)) {
      const status = STATUS.exec(sentence)?.[1];
      if (status === undefined) continue;
      let read = false;
      for (const phrase of words.errorCostPhrases) {
        const match = new RegExp(`${spaced(normalWord(phrase))}\\s+(\\d+)(?:\\s+(\\S+))?`, "i").exec(sentence);
        if (!match) continue;
        const unit = match[2]?.replace(/[.,;:)]+$/, "");
        if (unit !== undefined && !words.requests.some((word) => normalWord(word) === normalWord(unit))) continue;
        cost[status.slice(0, 1) + (/\d\d$/.test(status) ? status.slice(1) : "XX")] = Number(match[1]);
        read = true;
        break;
      }
      if (!read && counted.test(sentence)) {
        unread.push({ offset: line.offset, what: `a sentence with status ${status} and a count of requests, but no cost phrase of the dictionary (add it with limitTableWords.errorCostPhrases)`, words: sentence.trim() });
      }
    }
  }
  return Object.keys(cost).length > 0 ? cost : undefined;
}

/** The text between blank lines and tables, each paragraph's lines joined (a sentence may wrap), where its first line starts. */
function paragraphs(lines: readonly TextLine[]): TextLine[] {
  const result: TextLine[] = [];
  let open: TextLine | undefined;
  for (const line of lines) {
    if (line.text.trim() === "" || isRow(line.text)) open = undefined;
    else if (open) open.text += ` ${line.text.trim()}`;
    else result.push((open = { text: line.text.trim(), offset: line.offset }));
  }
  return result;
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
