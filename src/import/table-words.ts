// The dictionary of rate-limit tables in descriptions: the words of their columns, row labels,
// units, counts, unknown cells and the sentences around them, in English and Russian. An import
// option (`limitTableWords`, or the config's `import.limitTableWords`) adds words; nothing is removed.
import { UNIT_MILLISECONDS } from "../shared/duration.js";

export const TABLE_COLUMNS = ["type", "period", "limit", "interval", "burst"] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

export interface TableWords {
  /** Header cells of each column. */
  columns: Record<TableColumn, string[]>;
  /** Row labels (the Type column) of each token kind, by the kind's usual id. */
  kinds: Record<string, string[]>;
  /** Unit words of each catalogue unit (millisecond, second, minute, hour, day). */
  units: Record<string, string[]>;
  /** Words after a count: `6 requests`, `6 запросов`. */
  requests: string[];
  /** Cells that say the value is not known: `<no value>`. */
  unknown: string[];
  /**
   * Words before the name of a group of operations sharing one budget (`for the methods of`), or
   * around it, where `{name}` stands (`for {name} methods`: then the name must be in bold).
   */
  groupPhrases: string[];
  /** Words between an error status and its cost: `counts as` (`a 4XX answer counts as 10 requests`). */
  errorCostPhrases: string[];
}

export const DEFAULT_TABLE_WORDS: TableWords = {
  columns: {
    type: ["type", "token type", "token", "тип", "тип токена", "токен"],
    period: ["period", "период"],
    limit: ["limit", "лимит"],
    interval: ["interval", "интервал"],
    burst: ["burst", "всплеск"],
  },
  kinds: {
    personal: ["personal", "personal token", "персональный", "персональный токен"],
    service: ["service", "service token", "сервисный", "сервисный токен"],
    "base-with-secret": ["base with secret", "basic with secret", "base token with secret", "базовый с секретом", "базовый токен с секретом"],
    base: ["base", "basic", "base token", "basic token", "базовый", "базовый токен"],
  },
  units: {
    millisecond: ["ms", "msec", "millisecond", "milliseconds", "мс", "миллисекунда", "миллисекунды", "миллисекунд"],
    second: ["s", "sec", "secs", "second", "seconds", "с", "сек", "секунда", "секунды", "секунд", "секунду"],
    minute: ["min", "mins", "minute", "minutes", "мин", "минута", "минуты", "минут", "минуту"],
    hour: ["h", "hr", "hrs", "hour", "hours", "ч", "час", "часа", "часов"],
    day: ["d", "day", "days", "сут", "сутки", "день", "дня", "дней"],
  },
  requests: ["request", "requests", "call", "calls", "запрос", "запроса", "запросов"],
  unknown: ["<no value>", "no value", "нет значения", "—", "-", "n/a"],
  groupPhrases: [
    "for the methods of the category",
    "for the methods of",
    "for all methods of",
    "for methods of",
    "for the methods in",
    "for all methods in the",
    "for all methods for",
    "for {name} methods",
    "for all {name} methods",
    "для методов категории",
    "для всех методов категории",
    "для методов",
    "для всех методов",
    "на методы",
  ],
  errorCostPhrases: ["counts as", "is counted as", "is charged as", "учитывается как", "считается как", "считается за", "засчитывается как"],
};

/** Lowercase, `ё` as `е`, Markdown emphasis and trailing colons gone, spaces collapsed: how cells and words are compared. */
export function normalWord(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[*_`]/g, "")
    .replace(/\s+/g, " ")
    .replace(/[\s:.]+$/, "")
    .trim();
}

/**
 * The built-in dictionary with `extra`'s words added; `extra` is checked (a list of strings per
 * entry, columns and units the dictionary knows) and a wrong shape is a message saying what is wrong.
 */
export function tableWords(extra: unknown): TableWords | string {
  const words: TableWords = structuredClone(DEFAULT_TABLE_WORDS);
  if (extra === undefined) return words;
  if (!isRecord(extra)) return "limitTableWords must be an object such as { columns: { period: [\"Zeitraum\"] } }";
  for (const key of Object.keys(extra)) {
    const value = extra[key];
    const where = `limitTableWords.${key}`;
    if (key === "columns" || key === "kinds" || key === "units") {
      if (!isRecord(value)) return `${where} must be an object of word lists`;
      const target = words[key] as Record<string, string[]>;
      for (const [name, list] of Object.entries(value)) {
        if (key === "columns" && !(TABLE_COLUMNS as readonly string[]).includes(name)) return `${where}.${name}: not a column; the columns are ${TABLE_COLUMNS.join(", ")}`;
        if (key === "units" && !(name in UNIT_MILLISECONDS)) return `${where}.${name}: not a unit; the units are ${Object.keys(UNIT_MILLISECONDS).join(", ")}`;
        if (!isWordList(list)) return `${where}.${name} must be a list of words (strings)`;
        target[name] = [...(target[name] ?? []), ...list];
      }
    } else if (key === "requests" || key === "unknown" || key === "groupPhrases" || key === "errorCostPhrases") {
      if (!isWordList(value)) return `${where} must be a list of words (strings)`;
      words[key].push(...value);
    } else {
      return `${where}: unknown entry; the entries are columns, kinds, units, requests, unknown, groupPhrases, errorCostPhrases`;
    }
  }
  return words;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isWordList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((word) => typeof word === "string" && normalWord(word) !== "");
}
