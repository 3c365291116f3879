// `catalogen import --limits-extension x-limits`: limit entries may name token kinds and groups,
// and the document's x-limits-groups declares the groups (fixtures/limit-groups.yaml). What the
// catalogue cannot hold is reported with its JSON pointer; the catalogue written validates.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadModel } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";

const fixtures = fileURLToPath(new URL("fixtures/", import.meta.url));

it("imports groups, per-kind limits and references, and reports what it drops", async () => {
  const dir = await freshDir("import-limits");
  const out = join(dir, "catalogue");
  let err = "";
  const args = ["import", "limit-groups.yaml", "--out", out, "--report", join(dir, "report.txt"), "--limits-extension", "x-limits"];
  const code = await main(args, { out: () => {}, err: (text) => (err += text), cwd: fixtures });
  expect(err).toBe("");
  expect(code).toBe(0);
  const report = await readFile(join(dir, "report.txt"), "utf8");
  const model = await loadModel(out);
  expect(model.limitGroups?.map((group) => [group.id, group.description, group.limit.limit, group.limit.interval.text, group.limit.burst, group.limit.tokens])).toEqual([
    ["content", "All content calls share one budget.", 100, "600 milliseconds", 10, undefined],
    ["bulk-uploads", undefined, 10, "6 minutes", 10, ["service"]],
    ["drafts", undefined, 6, "10 seconds", 6, undefined],
  ]);
  expect(report).toContain('#/x-limits-groups/1: limit group "Bulk Uploads" -> "bulk-uploads"');
  expect(report).toContain('#/paths/~1cards~1{id}/get/x-limits/1: limit group "bulk-uploads" (it applies to service tokens, which the operation does not accept)');
  expect(report).toContain('#/paths/~1cards~1{id}/get/x-limits/2: limit group "drafts" from this operation\'s limit');
  expect(report).toContain('#/paths/~1cards~1{id}/get/x-limits/3: rate limit naming group "missing", which x-limits-groups does not declare');
  expect(report).toContain("#/paths/~1cards/post/x-limits/2: tokens personal of a rate limit (the operation does not accept them)");
  expect(report).toContain("#/paths/~1cards~1{id}/get/x-limits/5: rate limit 30 per 60 seconds: another limit of the operation applies to the same token kinds over the same period");
  expect(report).not.toContain("#/x-limits-groups (vendor extension)");

  const operations = new Map(model.modules.flatMap((module) => module.operations).map((operation) => [operation.id, operation]));
  const summary = (id: string) => operations.get(id)!.limits!.map((limit) => `${limit.group ?? "own"} ${limit.limit}/${limit.period.text} ${limit.tokens?.join("+") ?? "all"}`);
  expect(summary("listCards")).toEqual(["content 100/1 minute all", "own 1/1 second personal", "own 5/1 second service"]);
  expect(summary("createCards")).toEqual(["bulk-uploads 10/1 hour service", "content 100/1 minute all", "own 5/1 minute service"]);
  expect(summary("getCard")).toEqual(["content 100/1 minute all", "drafts 6/1 minute all", "own 60/1 minute all"]);
});

it("renames group ids through the name registry, listed, and writes derived intervals in the largest exact unit", async () => {
  const dir = await freshDir("import-limit-ids");
  const group = (id: string, period: string, limit: number) => ({ id, period, limit });
  const document = {
    openapi: "3.1.0",
    info: { title: "Groups", version: "1" },
    "x-limits-groups": [
      group("bulk-uploads", "1 hour", 10),
      group("Bulk Uploads", "1 minute", 100),
      group("bulk uploads", "1 second", 2),
      group("2024 Quota", "1 day", 1440),
      group("!!!", "3 seconds", 2),
    ],
    paths: {
      "/cards": {
        get: {
          operationId: "listCards",
          "x-limits": [{ group: "Bulk Uploads" }, { group: "2024 Quota" }, { group: "!!!" }],
          responses: { "200": { description: "OK" } },
        },
      },
    },
  };
  const file = join(dir, "groups.json");
  await writeFile(file, JSON.stringify(document));
  const out = join(dir, "catalogue");
  let err = "";
  const args = ["import", file, "--out", out, "--report", join(dir, "report.txt"), "--limits-extension", "x-limits"];
  const code = await main(args, { out: () => {}, err: (text) => (err += text), cwd: dir });
  expect(err).toBe("");
  expect(code).toBe(0);
  const model = await loadModel(out);
  expect(model.limitGroups?.map((g) => [g.id, g.limit.interval.text])).toEqual([
    ["bulk-uploads", "6 minutes"],
    ["bulk-uploads-2", "600 milliseconds"],
    ["bulk-uploads-3", "500 milliseconds"],
    ["group-2024-quota", "1 minute"],
    ["group", "1.5 seconds"],
  ]);
  const operation = model.modules.flatMap((module) => module.operations).find((op) => op.id === "listCards")!;
  expect(operation.limits!.map((limit) => limit.group)).toEqual(["bulk-uploads-2", "group-2024-quota", "group"]);
  const report = await readFile(join(dir, "report.txt"), "utf8");
  expect(report).toContain('#/x-limits-groups/1: limit group "Bulk Uploads" -> "bulk-uploads-2"');
  expect(report).toContain('#/x-limits-groups/2: limit group "bulk uploads" -> "bulk-uploads-3"');
  expect(report).toContain('#/x-limits-groups/3: limit group "2024 Quota" -> "group-2024-quota"');
  expect(report).toContain('#/x-limits-groups/4: limit group "!!!" -> "group"');
  expect(report).toContain("#/x-limits-groups/0: interval 6 minutes (period / limit)");
  expect(await readFile(join(out, "api.yaml"), "utf8")).toContain("6 minutes");
});

it("a group name too long for an id reads by its words; a hash tells two such names apart only when their words read the same", async () => {
  const dir = await freshDir("import-limit-long-ids");
  const heading = "Request limit for the following methods: getting limits for the listings, getting failed listings with errors";
  const again = "Request limit for all methods: getting the limits of the listings, and getting the failed listings with errors";
  const document = {
    openapi: "3.1.0",
    info: { title: "Groups", version: "1" },
    "x-limits-groups": [
      { id: heading, period: "1 minute", limit: 100 },
      { id: again, period: "1 minute", limit: 10 },
    ],
    paths: { "/cards": { get: { operationId: "listCards", "x-limits": [{ group: heading }, { group: again }], responses: { "200": { description: "OK" } } } } },
  };
  const file = join(dir, "groups.json");
  await writeFile(file, JSON.stringify(document));
  const out = join(dir, "catalogue");
  let err = "";
  const code = await main(["import", file, "--out", out, "--report", join(dir, "report.txt"), "--limits-extension", "x-limits"], { out: () => {}, err: (text) => (err += text), cwd: dir });
  expect([code, err]).toEqual([0, ""]);
  const ids = (await loadModel(out)).limitGroups!.map((group) => group.id);
  expect(ids[0]).toBe("request-limit-getting-limits-listings-failed-errors");
  // The same words once fillers and repeats are gone: the hash of the whole name tells it apart.
  expect(ids[1]).toMatch(/^request-limit-getting-limits-listings-failed-errors-[0-9a-f]{6}$/);
  expect(await readFile(join(dir, "report.txt"), "utf8")).toContain(`#/x-limits-groups/0: limit group "${heading}" -> "request-limit-getting-limits-listings-failed-errors"`);
});
