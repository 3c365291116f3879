// Issue 43: the marketplace's English documents (test/import/real/missial-en/, a lossy mirror:
// `x-wb-rate-limits` on every operation, "[MaxDepth]" where deep values were). All nine import
// with their limits read from the extension (per token kind, shared groups from the scope, the 4XX
// cost from the note), every truncated schema typed unknown and reported, and the generated
// client and server compile strict; where the extension and the description's table disagree,
// the report gives both positions.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import type { ApiModel } from "../../src/model/types.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { generatedTypeScript } from "./helpers.js";

const folder = fileURLToPath(new URL("real/missial-en/", import.meta.url));
const FLAGS = ["--token-kinds-extension", "x-token-types", "--limits-extension", "x-wb-rate-limits"];

interface Imported {
  catalogue: string;
  report: string;
  model: ApiModel;
}

async function importDocument(file: string, dir: string): Promise<Imported> {
  await mkdir(dir, { recursive: true });
  const catalogue = join(dir, "catalogue");
  let err = "";
  const code = await main(["import", file, "--out", catalogue, "--report", join(dir, "report.txt"), ...FLAGS], { out: () => {}, err: (text) => (err += text), cwd: dir });
  expect(err).toBe("");
  expect(code).toBe(0);
  return { catalogue, report: await readFile(join(dir, "report.txt"), "utf8"), model: await loadModel(catalogue) };
}

function limits(model: ApiModel, path: string, method = "GET"): string[] {
  const operation = model.modules.flatMap((module) => module.operations).find((candidate) => candidate.path === path && candidate.method === method)!;
  return (operation.limits ?? []).map(
    (limit) =>
      `${limit.group ?? "own"} ${limit.limit}/${limit.period.text} every ${limit.interval.text} burst ${limit.burst} ${limit.tokens?.join("+") ?? "all"}${(limit.errorCost ?? []).map((entry) => ` ${entry.status}=${entry.cost}`).join("")}`,
  );
}

const documents: Record<string, Imported> = {};
let root = "";

beforeAll(async () => {
  root = await freshDir("missial-en");
  const names = (await readdir(folder)).filter((name) => name.endsWith(".json")).sort();
  for (const name of names) documents[name.replace(/\.json$/, "")] = await importDocument(join(folder, name), join(root, name.replace(/\.json$/, "")));
}, 300_000);

describe("x-wb-rate-limits", () => {
  test("all nine documents import, 168 operations", () => {
    expect(Object.keys(documents)).toHaveLength(9);
    expect(Object.values(documents).reduce((sum, { model }) => sum + model.modules.flatMap((module) => module.operations).length, 0)).toBe(168);
  });

  test("a scope naming a group is one shared budget, the note's sentence the 4XX cost", () => {
    const { model } = documents["orders-dbs"]!;
    expect(limits(model, "/api/v3/dbs/orders/new")).toEqual(["dbs-assembly-orders 300/1 minute every 200 milliseconds burst 20 all 4XX=10"]);
    expect(limits(model, "/api/v3/dbs/orders")).toEqual(limits(model, "/api/v3/dbs/orders/new"));
    // "Request limit per one seller account:" is the operation's own.
    expect(limits(model, "/api/marketplace/v3/dbs/orders/status/cancel", "POST")).toEqual(["own 1/1 second every 1 second burst 10 all 4XX=10"]);
    const products = documents["work-with-products"]!.model;
    // "... for all methods in the Content category:" and "... for all Labels methods:".
    expect(limits(products, "/content/v2/object/all")).toEqual(["content 100/1 minute every 600 milliseconds burst 5 all"]);
    expect(limits(products, "/content/v2/tags")).toEqual(["labels 100/1 minute every 600 milliseconds burst 5 personal+service"]);
    // One group per scope that names one, its id readable.
    const groups = Object.fromEntries(Object.entries(documents).flatMap(([name, { model: each }]) => (each.limitGroups?.length ? [[name, each.limitGroups.map((group) => group.id)]] : [])));
    expect(groups).toEqual({
      "in-store-pickup": ["getting-and-deleting-in-store-pickup-label-identifiers", "adding-in-store-pickup-label-identifiers", "in-store-pickup-assembly-orders"],
      "orders-dbs": ["dbs-assembly-orders", "getting-and-deleting-dbs-label-identifiers", "adding-dbs-label-identifiers"],
      "user-communication": ["feedbacks-and-questions", "feedbacks-and-questions-base"],
      "work-with-products": [
        "prices-and-discounts",
        "dbw",
        "seller-warehouses",
        "inventory-methods-except-for-the-deleting-inventory-method",
        "content",
        "getting-limits-listings-failed-errors",
        "characteristics",
        "labels",
        "media-files",
      ],
    });
  });

  test("rows with a type are the limits of those token kinds; rows of kinds the document does not declare are reported", () => {
    const { model, report } = documents["work-with-products"]!;
    expect(limits(model, "/api/content/v1/brands")).toEqual(["own 1/1 second every 1 second burst 5 personal+service"]);
    expect(report).toContain('#/paths/~1api~1content~1v1~1brands/get/x-wb-rate-limits: row "Base": the rate limit of Base tokens (the document declares no such token kind) (rate limits of the extension)');
  });

  test("the extension's fields the catalogue does not hold are reported", () => {
    expect(documents.analytics!.report).toContain('#/paths/~1api~1analytics~1v1~1order-feed/post/x-wb-rate-limits/verifiedAt: verifiedAt: "2026-08-19T18:12:37.448Z" (not held by the catalogue)');
  });

  test("a limit stated only in prose is reported, not guessed", () => {
    expect(documents["api-information"]!.report).toContain('#/paths/~1ping/get/x-wb-rate-limits: the rate limit stated only in prose: "A maximum of 3 requests every 30 seconds');
  });

  test("the extension and the tables agree on all nine documents; the report says nothing of the extension as a vendor extension", () => {
    for (const { report } of Object.values(documents)) {
      expect(report).not.toContain("disagree");
      expect(report).not.toContain("x-wb-rate-limits: {");
    }
  });

  test("where the extension and the description's table disagree, the report gives both positions", async () => {
    const dir = join(root, "disagree");
    const text = await readFile(join(folder, "orders-dbs.json"), "utf8");
    // One value of one operation's extension changed: 300 requests a minute -> 200.
    const operation = text.indexOf('"get"', text.indexOf('"/api/v3/dbs/orders/new": {'));
    const extension = text.indexOf("{", text.indexOf('"x-wb-rate-limits":', operation));
    const changed = text.indexOf('"limit": "300 requests"', extension);
    const description = text.indexOf('"', text.indexOf('"description":', operation) + '"description":'.length);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "orders-dbs.json"), text.slice(0, changed) + '"limit": "200 requests"' + text.slice(changed + '"limit": "300 requests"'.length));
    const { report } = await importDocument("orders-dbs.json", dir);
    const at = (offset: number): string => {
      const before = text.slice(0, offset).split("\n");
      return `orders-dbs.json:${before.length}:${before.at(-1)!.length + 1}`;
    };
    expect(report).toContain(
      `#/paths/~1api~1v3~1dbs~1orders~1new/get/x-wb-rate-limits: the extension (${at(extension)}) says every kind 200/1 minute every 200 milliseconds burst 20; 4XX costs 10; the description's table (${at(description)}) says every kind 300/1 minute every 200 milliseconds burst 20; 4XX costs 10 (the extension's limits are kept)`,
    );
  });
});

describe('"[MaxDepth]" in place of schemas', () => {
  test("is typed unknown and reported at its place, in every file that has one", () => {
    const { report, model } = documents.analytics!;
    expect(report).toContain("#/paths/~1api~1v2~1nm-report~1downloads/post/requestBody/content/application~1json/schema/oneOf/0: [MaxDepth] in place of a schema (typed unknown)");
    expect(report).toContain("#/paths/~1api~1analytics~1v1~1order-feed/post/responses/200/content/application~1json/schema/properties: [MaxDepth] in place of properties (left out)");
    const orderFeed = model.modules.flatMap((module) => module.operations).find((operation) => operation.path === "/api/analytics/v1/order-feed")!;
    expect(orderFeed.limits?.length).toBeGreaterThan(0);
    for (const [name, { report: text }] of Object.entries(documents)) {
      const count = Number(/(\d+) × placeholders such as "\[MaxDepth\]" where a schema was/.exec(text)?.[1] ?? 0);
      expect([name, count > 0]).toEqual([name, true]);
    }
  });

  test("a string that is not such a placeholder is still refused, with its place and a hint", async () => {
    const dir = join(root, "not-a-placeholder");
    await mkdir(dir, { recursive: true });
    const document = (schema: unknown) =>
      JSON.stringify({ openapi: "3.0.1", info: { title: "T", version: "1" }, paths: { "/a": { get: { responses: { "200": { description: "OK", content: { "application/json": { schema } } } } } } } }, null, 2);
    let err = "";
    const run = (name: string) => main(["import", name, "--out", join(dir, name.replace(".json", ""))], { out: () => {}, err: (text) => (err += text), cwd: dir });
    await writeFile(join(dir, "typo.json"), document("string"));
    expect(await run("typo.json")).toBe(1);
    expect(err).toBe('catalogen import: typo.json:15:27: error: a schema must be an object, not "string"\n  hint: did you mean { type: string }?');
    await writeFile(join(dir, "cut.json"), document("[MaxDepth]"));
    err = "";
    expect(await run("cut.json")).toBe(0);
    expect(err).toBe("");
  });

  test("the nine documents generate, and the client and server compile strict", async () => {
    const files: string[] = [];
    for (const [name, { catalogue }] of Object.entries(documents)) {
      const out = join(root, name, "generated");
      await generate({ catalogue, out });
      files.push(...(await generatedTypeScript(out)));
    }
    const result = await typecheck(files, { version: "7.0", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 600_000);
});
