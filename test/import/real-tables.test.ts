// Issue 43: the marketplace's own Russian documents (test/import/real/, byte-for-byte copies, see
// their SOURCES.md) imported as a new user would, `catalogen import <file> --token-kinds-extension
// x-token-types`. Their descriptions publish each operation's limits as HTML-bearing Markdown: a
// table (Период, Лимит, Интервал, Всплеск), per token kind where it has a Тип column, under "для
// (всех) методов (категории) <strong>X</strong>" when a group shares the budget, and "Один запрос
// с кодами ответов <code>4XX</code> учитывается как 10 запросов". Every one must come through:
// 175 operations with limits, 97 per kind, 85 in the right group, every 4XX cost that has a limit
// to go with, and no table or sentence left unread.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { limitGroupId, transliterated } from "../../src/import/names.js";
import type { ApiModel, OperationModel } from "../../src/model/types.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { typecheck } from "../helpers/tsc.js";
import { generatedTypeScript } from "./helpers.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { blocksOf, shellCommands } from "../docs/guide-blocks.js";

const real = fileURLToPath(new URL("real/", import.meta.url));
const FILES = [
  "mkrvas-ru/01-general.yaml",
  "mkrvas-ru/02-items.yaml",
  "mkrvas-ru/05-orders-dbs.yaml",
  "mkrvas-ru/06-in-store-pickup.yaml",
  "mkrvas-ru/07-orders-fbw.yaml",
  "mkrvas-ru/09-communications.yaml",
  "mkrvas-ru/10-rates.yaml",
  "mkrvas-ru/11-analytics.yaml",
  "mkrvas-ru/13-finances.yaml",
  "valeryverkhoturov-ru/07-orders-fbw.yaml",
];
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** What an operation's description publishes, read here with plain patterns on the document. */
interface Published {
  file: string;
  key: string;
  table: boolean;
  /** Every value of its table is `<no value>`. */
  unknown: boolean;
  /** The row labels of a Тип column. */
  kinds: string[];
  /** The `<strong>` name of its group heading. */
  group?: string;
  cost: boolean;
}

interface Imported {
  model: ApiModel;
  report: string;
  operations: Map<string, OperationModel>;
}

async function importReal(file: string, cwd = real): Promise<Imported> {
  const dir = await freshDir("real-tables");
  let err = "";
  const args = ["import", file, "--out", join(dir, "catalogue"), "--report", join(dir, "report.txt"), "--token-kinds-extension", "x-token-types"];
  const code = await main(args, { out: () => {}, err: (text) => (err += text), cwd });
  expect(err).toBe("");
  expect(code).toBe(0);
  const model = await loadModel(join(dir, "catalogue"));
  const operations = new Map(model.modules.flatMap((module) => module.operations).map((operation) => [`${operation.method} ${operation.path}`, operation]));
  return { model, report: await readFile(join(dir, "report.txt"), "utf8"), operations };
}

function published(file: string, text: string): Published[] {
  const document = parse(text) as { paths: Record<string, Record<string, { description?: string }>> };
  const result: Published[] = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const method of METHODS) {
      const description = item[method]?.description;
      if (description === undefined) continue;
      result.push({
        file,
        key: `${method.toUpperCase()} ${path}`,
        table: /\| Период \| Лимит \|/.test(description),
        unknown: /\| <no value> \| <no value> \| <no value> \| <no value> \|/.test(description),
        kinds: [...description.matchAll(/^\s*\| (Персональный|Сервисный|Базовый с секретом|Базовый) \|/gm)].map((match) => match[1]!),
        ...(/<strong>([^<]+)<\/strong>:\s*$/m.test(description) && { group: /<strong>([^<]+)<\/strong>:\s*$/m.exec(description)![1]! }),
        cost: description.includes("Один запрос с кодами ответов <code>4XX</code> учитывается как 10 запросов"),
      });
    }
  return result;
}

const imports = new Map<string, Imported>();
const publishedAll: Published[] = [];

beforeAll(async () => {
  for (const file of FILES) {
    imports.set(file, await importReal(file));
    publishedAll.push(...published(file, await readFile(join(real, file), "utf8")));
  }
}, 600_000);

const operationOf = (entry: Published): OperationModel => imports.get(entry.file)!.operations.get(entry.key)!;

describe("the Russian documents' rate limits", () => {
  test("175 operations carry limits: every table but the six whose every value is <no value>, which are reported as such", () => {
    const tables = publishedAll.filter((entry) => entry.table);
    expect([publishedAll.length, tables.length, tables.filter((entry) => entry.unknown).length]).toEqual([182, 181, 6]);
    const limited = tables.filter((entry) => (operationOf(entry).limits ?? []).length > 0);
    expect(limited.length).toBe(175);
    expect(limited.every((entry) => !entry.unknown)).toBe(true);
    const pickup = imports.get("mkrvas-ru/06-in-store-pickup.yaml")!.report;
    expect(pickup).toContain("#/paths/~1api~1marketplace~1v3~1click-collect~1orders~1status~1confirm/post/description: table 1, row 1: period <no value> (documented as unknown)");
    expect(pickup).toContain("table 1, row 1: the row's rate limit (its period is documented as unknown)");
  });

  test("97 per token kind: every row of a Тип column is a limit of its kind, the kinds the documents name only in prose declared", () => {
    const perKind = publishedAll.filter((entry) => entry.kinds.length > 0);
    expect(perKind.length).toBe(97);
    const ids: Record<string, string> = { Персональный: "personal", Сервисный: "service", "Базовый с секретом": "base-with-secret", Базовый: "base" };
    for (const entry of perKind) {
      const limits = operationOf(entry).limits ?? [];
      // A group's kinds are those of all its tables: the prices group's include base-with-secret, which
      // one of its operations' table leaves out; a DBS marking group is every kind's, as 4 of its 5 tables say.
      const covered = new Set(limits.flatMap((limit) => limit.tokens ?? Object.values(ids)));
      expect([entry.key, entry.kinds.filter((label) => !covered.has(ids[label]!))]).toEqual([entry.key, []]);
      expect(limits.some((limit) => limit.tokens !== undefined)).toBe(true);
    }
    for (const { report } of imports.values()) expect(report).not.toContain("declares no such token kind");
    const fbw = imports.get("mkrvas-ru/07-orders-fbw.yaml")!;
    expect(fbw.model.auth.tokenKinds.map((kind) => kind.id)).toEqual(["personal", "service", "base-with-secret", "base"]);
    expect(fbw.report).toContain(`token kind base from the rate-limit table's row "Базовый" (the document does not declare it)`);
  });

  test("85 in the right group: one group per name and budget, never two names in one group, readable ids", () => {
    const grouped = publishedAll.filter((entry) => entry.group !== undefined);
    expect(grouped.length).toBe(85);
    const namesOfGroup = new Map<string, Set<string>>();
    for (const entry of grouped) {
      const groups = (operationOf(entry).limits ?? []).flatMap((limit) => (limit.group === undefined ? [] : [`${entry.file} ${limit.group}`]));
      expect([entry.key, groups.length > 0]).toEqual([entry.key, true]);
      for (const group of groups) namesOfGroup.set(group, new Set([...(namesOfGroup.get(group) ?? []), entry.group!]));
      for (const group of groups) expect(group.split(" ")[1]!.startsWith(limitGroupId(transliterated(entry.group!)))).toBe(true);
    }
    for (const [group, names] of namesOfGroup) expect([group, [...names]]).toEqual([group, [[...names][0]]]);
    // 02-items keeps content and prices apart; the prices operations keep their 10 per 6 seconds.
    const items = imports.get("mkrvas-ru/02-items.yaml")!.model;
    const group = (id: string) => items.limitGroups!.find((candidate) => candidate.id === id)!.limit;
    expect([group("kontent").limit, group("kontent").period.text, group("kontent").tokens]).toEqual([100, "1 minute", undefined]);
    expect([group("tseny-i-skidki").limit, group("tseny-i-skidki").period.text, group("tseny-i-skidki").tokens]).toEqual([10, "6 seconds", ["personal", "service", "base-with-secret"]]);
    expect([group("tseny-i-skidki-base").limit, group("tseny-i-skidki-base").period.text, group("tseny-i-skidki-base").tokens]).toEqual([4, "1 hour", ["base"]]);
    // The 19 feedback and question operations share one budget per kind set, not 19 of their own.
    const communications = imports.get("mkrvas-ru/09-communications.yaml")!.model;
    expect(communications.limitGroups!.map((candidate) => candidate.id)).toEqual(["voprosy-i-otzyvy", "voprosy-i-otzyvy-base"]);
    const sharing = communications.modules.flatMap((module) => module.operations).filter((operation) => operation.limits?.some((limit) => limit.group === "voprosy-i-otzyvy"));
    expect(sharing.length).toBe(19);
  });

  test("the 4XX cost: 49 sentences read; the 43 operations with a limit charge 10, the 6 without one say why", () => {
    const costed = publishedAll.filter((entry) => entry.cost);
    expect(costed.length).toBe(49);
    const withLimits = costed.filter((entry) => !entry.unknown);
    expect(withLimits.length).toBe(43);
    for (const entry of withLimits) {
      const costs = (operationOf(entry).limits ?? []).map((limit) => limit.errorCost);
      expect([entry.key, costs.every((cost) => JSON.stringify(cost) === JSON.stringify([{ status: "4XX", cost: 10 }]))]).toEqual([entry.key, true]);
    }
    const said = imports.get("mkrvas-ru/06-in-store-pickup.yaml")!.report.match(/the cost of error answers \(4XX: 10 requests\): the description's tables give no limit to charge it to/g);
    expect(said?.length).toBe(6);
  });

  test("no table, row or sentence left unread", () => {
    for (const [file, { report }] of imports) expect([file, report]).toEqual([file, expect.stringContaining("Unread (0):")]);
  });
});

test("an unread sentence and row are listed per file with line:col and the words seen", async () => {
  const dir = await freshDir("real-tables-unread");
  const text = await readFile(join(real, "mkrvas-ru/10-rates.yaml"), "utf8");
  // The real document with one cost sentence in words the dictionary lacks, and one unit it lacks.
  // Also a row of a description written as a double-quoted string on one line (its escapes read as one character each).
  const changed = text
    .replace("| Персональный | 1 мин | 1 запрос | 1 мин | 2 запроса |", "| Персональный | 1 минутка | 1 запрос | 1 мин | 2 запроса |")
    .replace("\\n| Персональный | 1 мин | 60 запросов | 1 сек | 5 запросов |", "\\n| Персональный | 1 минута? | 60 запросов | 1 сек | 5 запросов |");
  expect(changed).not.toBe(text);
  const sentence = "Один запрос с кодами ответов <code>4XX</code> стоит 10 запросов";
  const lines = changed.split("\n");
  const row = lines.findIndex((line) => line.includes("1 минутка"));
  const sentenceLine = row + 4;
  lines.splice(sentenceLine, 0, `${/^\s*/.exec(lines[row]!)![0]}${sentence}`);
  const file = join(dir, "10-rates.yaml");
  await writeFile(file, lines.join("\n"));
  const { report } = await importReal("10-rates.yaml", dir);
  const col = /^\s*/.exec(lines[row]!)![0].length + 1;
  expect(report).toContain("Unread (3): rate-limit tables, rows and sentences the importer could not read, by file\n  10-rates.yaml\n");
  const quoted = lines.findIndex((line) => line.includes("1 минута?"));
  expect(report).toContain(`    10-rates.yaml:${quoted + 1}:${lines[quoted]!.indexOf("| Персональный | 1 минута?") + 1}: #/paths/`);
  expect(report).toContain(`    10-rates.yaml:${row + 1}:${col}: #/paths/`);
  expect(report).toContain(`table 1, row "Персональный": the row's rate limit (period "1 минутка" is not a duration such as 1 min or 10 сек); saw "| Персональный | 1 минутка | 1 запрос | 1 мин | 2 запроса |"`);
  expect(report).toContain(`    10-rates.yaml:${sentenceLine + 1}:${col}: #/paths/`);
  expect(report).toContain('a sentence with status 4XX and a count of requests, but no cost phrase of the dictionary (add it with limitTableWords.errorCostPhrases); saw "Один запрос с кодами ответов `4XX` стоит 10 запросов"');
  // docs/rate-limits-import.md shows the row's line as the report gives it.
  const shown = report.split("\n").find((line) => line.startsWith(`    10-rates.yaml:${row + 1}:`))!.trim();
  expect(await readFile(join(repoRoot, DOC_PAGE), "utf8")).toContain(`> \`${shown}\``);
}, 120_000);

const DOC_PAGE = "docs/rate-limits-import.md";

test("docs/rate-limits-import.md: the real table it shows is in the document, and the import it shows gives what it says", async () => {
  const blocks = blocksOf(DOC_PAGE, await readFile(join(repoRoot, DOC_PAGE), "utf8"));
  const described = blocks.find((block) => block.lang === "yaml" && block.text.includes("description: |"))!;
  const became = blocks.find((block) => block.lang === "yaml" && block.text.includes("tseny-i-skidki"))!;
  const command = shellCommands(blocks.find((block) => block.lang === "sh" && block.text.includes("test/import/real/"))!)[0]!;
  const document = parse(await readFile(join(real, "mkrvas-ru/02-items.yaml"), "utf8")) as { paths: Record<string, Record<string, { description: string }>> };
  expect(document.paths["/api/v2/upload/task"]!.post!.description).toContain((parse(described.text) as { description: string }).description);
  // The command as shown, in a folder of its own (its --out catalogue is not this repository's).
  const dir = await freshDir("real-tables-doc");
  const [npx, program, name, file, ...rest] = command;
  expect([npx, program, name]).toEqual(["npx", "catalogen", "import"]);
  let err = "";
  const code = await main([name!, join(repoRoot, file!), ...rest], { out: () => {}, err: (text) => (err += text), cwd: dir });
  expect(err).toBe("");
  expect(code).toBe(0);
  const api = parse(await readFile(join(dir, "catalogue/api.yaml"), "utf8")) as { api: { auth: { tokenKinds: unknown[] }; limitGroups: unknown[] } };
  const prices = parse(await readFile(join(dir, "catalogue/tseny_i_skidki.yaml"), "utf8")) as { operations: { id: string }[] };
  const shown = parse(became.text) as { api: { auth: { tokenKinds: unknown[] }; limitGroups: unknown[] }; operations: { id: string }[] };
  for (const kind of shown.api.auth.tokenKinds) expect(api.api.auth.tokenKinds).toContainEqual(kind);
  for (const group of shown.api.limitGroups) expect(api.api.limitGroups).toContainEqual(group);
  for (const operation of shown.operations) expect(prices.operations.find((candidate) => candidate.id === operation.id)).toMatchObject(operation);
  expect(prices.operations.filter((operation) => JSON.stringify(operation).includes('"group":"tseny-i-skidki"')).length).toBe(12);
  // The client generated from it spends every prices operation's requests from the group's one bucket, and compiles strict.
  const out = join(dir, "generated");
  await generate({ catalogue: join(dir, "catalogue"), out, targets: ["client", "server"] });
  const client = await readFile(join(out, "client/modules/tseny_i_skidki.ts"), "utf8");
  expect(client.match(/key: "group:tseny-i-skidki", burst: 5, intervalMs: 600, tokens: \["personal", "service", "base-with-secret"\]/g)?.length).toBe(12);
  expect(client.match(/key: "group:tseny-i-skidki-base", burst: 1, intervalMs: 900000, tokens: \["base"\]/g)?.length).toBe(11);
  const result = await typecheck(await generatedTypeScript(out), { version: "5.9", resolution: "nodenext" });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
}, 300_000);
