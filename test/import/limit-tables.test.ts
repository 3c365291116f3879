// The reader of rate-limit tables in descriptions (src/import/limit-tables.ts) on the shapes the
// fixtures do not show: HTML tables, statuses in Cyrillic letters, a label the dictionary lacks,
// units and counts in both languages.
import { expect, test } from "vitest";
import { count, durationMs, limitsFromDescription } from "../../src/import/limit-tables.js";
import { DEFAULT_TABLE_WORDS } from "../../src/import/table-words.js";

const kinds = (kind: string): string | undefined => (["personal", "service"].includes(kind) ? kind : undefined);

test("durations and counts in English and Russian", () => {
  expect(["1 мин", "10 сек", "500 мс", "1 ч", "20 s", "1 min", "2 hours", "1,5 сек"].map((text) => durationMs(text, DEFAULT_TABLE_WORDS))).toEqual([
    60_000, 10_000, 500, 3_600_000, 20_000, 60_000, 7_200_000, 1_500,
  ]);
  expect(["1 запрос", "2 запроса", "6 запросов", "3 requests", "1 request", "7"].map((text) => count(text, DEFAULT_TABLE_WORDS))).toEqual([1, 2, 6, 3, 1, 7]);
  expect([durationMs("soon", DEFAULT_TABLE_WORDS), durationMs("5 parsecs", DEFAULT_TABLE_WORDS), count("0 requests", DEFAULT_TABLE_WORDS), count("6 apples", DEFAULT_TABLE_WORDS)]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});

test("an HTML table, a 5ХХ sentence in Cyrillic letters, and a label the dictionary lacks", () => {
  const description = [
    "<details><summary>Лимиты</summary>",
    "<table><thead><tr><th>Тип</th><th>Период</th><th>Лимит</th><th>Интервал</th><th>Всплеск</th></tr></thead>",
    "<tbody><tr><td>Персональный</td><td>1 мин</td><td>60 запросов</td><td>1 сек</td><td>5 запросов</td></tr>",
    "<tr><td>Партнёрский</td><td>1 мин</td><td>60 запросов</td><td>1 сек</td><td>5 запросов</td></tr>",
    "<tr><td>Базовый</td><td>1 мин</td><td>6 запросов</td><td>10 сек</td><td>1 запрос</td></tr></tbody></table>",
    "</details>",
    "Запрос с ответом 5ХХ считается за 2 запроса.",
  ].join("\n");
  const found = limitsFromDescription(description, DEFAULT_TABLE_WORDS, kinds);
  expect(found.tables).toBe(1);
  expect(found.limits).toEqual([{ limit: { scope: "account", period: "1 minute", limit: 60, interval: "1 second", burst: 5, tokens: ["personal"] } }]);
  expect(found.errorCost).toEqual({ "5XX": 2 });
  expect(found.lost).toEqual([
    'table 1, row "Партнёрский": "Партнёрский" is not a token kind of the table dictionary (add it with limitTableWords.kinds)',
    'table 1, row "Базовый": the rate limit of Базовый tokens (the document declares no such token kind)',
  ]);
});

test("tables of other things are left alone; a sentence without a table says nothing", () => {
  const description = "| Field | Type |\n| --- | --- |\n| id | string |\n\nA 4XX answer counts as 10 requests.";
  expect(limitsFromDescription(description, DEFAULT_TABLE_WORDS, kinds)).toEqual({ limits: [], tables: 0, lost: [], derived: [] });
});
