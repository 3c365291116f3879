// The reader of rate-limit tables in descriptions (src/import/limit-tables.ts) on the shapes the
// fixtures do not show: HTML tables, statuses in Cyrillic letters, a label the dictionary lacks,
// units and counts in both languages.
import { expect, test } from "vitest";
import { readableLines } from "../../src/import/description-text.js";
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

test("an HTML table (a <br> inside a cell), a 5ХХ sentence in Cyrillic letters, and a label the dictionary lacks", () => {
  const description = [
    "<details><summary>Лимиты</summary>",
    "<table><thead><tr><th>Тип</th><th>Период</th><th>Лимит</th><th>Интервал</th><th>Всплеск</th></tr></thead>",
    "<tbody><tr><td>Персональный</td><td>1 мин</td><td>60 запросов</td><td>1 сек</td><td>5<br>запросов</td></tr>",
    "<tr><td>Партнёрский</td><td>1 мин</td><td>60 запросов</td><td>1 сек</td><td>5 запросов</td></tr>",
    "<tr><td>Базовый</td><td>1 мин</td><td>6 запросов</td><td>10 сек</td><td>1 запрос</td></tr></tbody></table>",
    "</details>",
    "Запрос с ответом 5ХХ считается за 2 запроса.",
  ].join("\n");
  const found = limitsFromDescription(description, DEFAULT_TABLE_WORDS, kinds);
  expect(found.tables).toBe(1);
  expect(found.limits).toEqual([{ limit: { scope: "account", period: "1 minute", limit: 60, interval: "1 second", burst: 5, tokens: ["personal"] } }]);
  expect(found.errorCost).toEqual({ "5XX": 2 });
  expect(found.unread).toEqual([
    {
      offset: description.indexOf("<tr><td>Партнёрский"),
      what: 'table 1, row "Партнёрский": "Партнёрский" is not a token kind of the table dictionary (add it with limitTableWords.kinds)',
      words: "| Партнёрский | 1 мин | 60 запросов | 1 сек | 5 запросов |",
    },
  ]);
  expect(found.lost).toEqual(['table 1, row "Базовый": the rate limit of Базовый tokens (the document declares no such token kind)']);
});

test("tables of other things are left alone; a sentence without a table says nothing", () => {
  const description = "| Field | Type |\n| --- | --- |\n| id | string |\n\nA 4XX answer counts as 10 requests.";
  expect(limitsFromDescription(description, DEFAULT_TABLE_WORDS, kinds)).toEqual({ limits: [], tables: 0, lost: [], derived: [], unread: [] });
});

test("HTML-bearing Markdown: wrappers break lines, <strong> and <code> read as ** and `, entities resolved, <no value> kept, each line's offset known", () => {
  const description = '<div class="description_limit">\n<a href="/x">Лимит</a> для методов <strong>A&amp;B</strong>:<br>&laquo;x&raquo;&nbsp;<code>4XX</code>\n| <no value> |</div>';
  expect(readableLines(description)).toEqual([
    { text: "", offset: 0 },
    { text: "Лимит для методов **A&B**:", offset: description.indexOf("<a ") },
    { text: "«x» `4XX`", offset: description.indexOf("&laquo;") },
    { text: "| <no value> |", offset: description.indexOf("| <no") },
    { text: "", offset: description.length },
  ]);
});

test("group headings in Russian and English word orders (the marketplace's own lines): the name in bold, never the words around it", () => {
  const headings: [string, string | undefined][] = [
    ['<a href="/x">Лимит запросов</a> на один аккаунт продавца для всех методов категории <strong>Цены и скидки</strong>:', "Цены и скидки"],
    ["<a>Лимит запросов</a> на один аккаунт продавца для методов <strong>сборочных заданий DBS</strong>:", "сборочных заданий DBS"],
    ["<a>Лимит запросов</a> на один аккаунт продавца для всех методов <strong>Ярлыков</strong>:", "Ярлыков"],
    ["<a>Request limit</a> per one seller account for all methods in the <strong>Feedbacks and Questions</strong> category:", "Feedbacks and Questions"],
    ["<a>Request limit</a> per one seller account for <strong>DBS assembly orders</strong> methods:", "DBS assembly orders"],
    ["<a>Request limit</a> per one seller account for all <strong>seller warehouses</strong> methods:", "seller warehouses"],
    ["<a>Request limit</a> per one seller account for all methods for <strong>adding DBS label identifiers</strong>:", "adding DBS label identifiers"],
    ["### Limit for the methods of Supply boxes", "Supply boxes"],
    ["Request limit per one seller account for all methods in the\n<strong>Feedbacks and Questions</strong> category:", "Feedbacks and Questions"],
    ["<a>Лимит запросов</a> на один аккаунт продавца для методов:", undefined],
    ["<a>Request limit</a> per one seller account for the following methods:", undefined],
  ];
  const table = "\n\n| Period | Limit |\n| --- | --- |\n| 1 min | 5 requests |";
  expect(headings.map(([heading]) => limitsFromDescription(`${heading}${table}`, DEFAULT_TABLE_WORDS, kinds).limits[0]!.group)).toEqual(headings.map(([, name]) => name));
});

test("the cost sentence with its status in <code>, in Russian and English, on one line or wrapped", () => {
  const table = "| Период | Лимит |\n| --- | --- |\n| 1 мин | 300 запросов |\n\n";
  for (const sentence of ["Один запрос с кодами ответов <code>4XX</code> учитывается как 10 запросов", "One request with <code>4XX</code> response codes\nis counted as 10 requests."]) {
    const found = limitsFromDescription(`<div>${table}${sentence}</div>`, DEFAULT_TABLE_WORDS, kinds);
    expect([sentence, found.errorCost, found.unread]).toEqual([sentence, { "4XX": 10 }, []]);
  }
});

test("a heading that names something in bold before a table, with no group phrase the dictionary knows, is unread; without bold it is not a group at all", () => {
  const table = "\n\n| Период | Лимит |\n| --- | --- |\n| 1 мин | 300 запросов |\n";
  const bold = limitsFromDescription(`Лимит для следующих методов <strong>DBW</strong>:${table}`, DEFAULT_TABLE_WORDS, kinds);
  expect([bold.limits, bold.unread]).toEqual([
    [{ limit: { scope: "account", period: "1 minute", limit: 300, interval: "200 milliseconds", burst: 300 } }],
    [{ offset: 0, what: "table 1: the line before it names something in bold, but no group phrase of the dictionary (add it with limitTableWords.groupPhrases)", words: "Лимит для следующих методов **DBW**:" }],
  ]);
  expect(limitsFromDescription(`Лимит для следующих методов DBW:${table}`, DEFAULT_TABLE_WORDS, kinds).unread).toEqual([]);
});
