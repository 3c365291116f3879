// The module files spell the path prefixes their routes share once, in the module's name string,
// each route's prefix as one digit, and no GET (src/emit/client/module-file.ts, runtime/operation.ts's
// `op`): every descriptor still reads back as the catalogue's method, path and module, whether it
// has a string of its own or is a line of a routes string, and so does every method of createClient.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, expect, test } from "vitest";
import { pathPrefixes } from "../../src/emit/client/module-file.js";
import { operationConstName } from "../../src/emit/client/signature.js";
import type { ApiModel } from "../../src/model/types.js";
import { loadModel } from "../../src/pipeline.js";
import { generateForTest, repoCatalogue } from "../helpers/generate.js";

let model: ApiModel;
let clientDir = "";

beforeAll(async () => {
  model = await loadModel(repoCatalogue);
  clientDir = join(await generateForTest({ targets: ["client"] }), "client");
});

test("every descriptor of the 184 operations reads back as the catalogue's route and module", async () => {
  let checked = 0;
  for (const module of model.modules) {
    const descriptors = (await import(pathToFileURL(join(clientDir, `modules/${module.id}.ts`)).href)) as Record<string, { id: string; route: string; module: string }>;
    for (const operation of module.operations) {
      const descriptor = descriptors[operationConstName(operation)]!;
      expect(descriptor.id).toBe(operation.id);
      expect(descriptor.route).toBe(`${operation.method} ${operation.path.replace(/#.*$/, "")}`);
      expect(descriptor.module).toBe(module.name);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(180);
});

test("createClient binds every operation, from the routes strings too, as the descriptors say", async () => {
  const { createClient } = (await import(pathToFileURL(join(clientDir, "client.ts")).href)) as { createClient(options: object): Record<string, Record<string, unknown>> };
  const sent: string[] = [];
  const fetch = async (url: string, init: { method: string }): Promise<Response> => {
    sent.push(`${init.method} ${url}`);
    return new Response(null, { status: 204 });
  };
  const api = createClient({ baseUrl: "http://api.test", token: "t", fetch, retry: false, rateLimit: "off", validate: "off" });
  let tabled = 0;
  for (const module of model.modules) {
    const source = await readFile(join(clientDir, `modules/${module.id}.ts`), "utf8");
    const group = api[module.name]!;
    expect(Object.keys(group).sort()).toEqual(module.operations.map((operation) => operation.id).sort());
    for (const operation of module.operations) {
      if (!new RegExp(`${operationConstName(operation)}: Operation = /\\*#__PURE__\\*/ routed\\(`).test(source)) continue;
      tabled++;
      const args = Object.fromEntries(operation.pathParams.map((param) => [param.name, "x"]));
      await (group[operation.id] as (args: object) => Promise<unknown>)(args);
      expect(sent.at(-1)).toBe(`${operation.method} http://api.test${operation.path.replace(/#.*$/, "").replace(/\{[^}]+\}/g, "x")}`);
    }
  }
  expect(tabled).toBeGreaterThan(150);
});

test("the module files hold shared prefixes once: fewer route bytes than the paths spelled out", async () => {
  let spelled = 0;
  let written = 0;
  let nested = 0;
  for (const module of model.modules) {
    const order = (id: string): number => module.operations.findIndex((operation) => operation.id === id);
    const source = await readFile(join(clientDir, `modules/${module.id}.ts`), "utf8");
    const [name, ...prefixes] = /const moduleName = "([^"]*)"/.exec(source)![1]!.split(" ");
    expect(name).toBe(module.name);
    // A later prefix that starts with an earlier one says so with that one's digit (read back above).
    nested += prefixes.filter((prefix, index) => /^[1-9]/.test(prefix) && Number(prefix[0]) <= index).length;
    // Each route once: in a descriptor's own string, or a line of a routes string (in the module's order either way).
    const strings = [...source.matchAll(/(?:written\(|op\(moduleName, |const routes\d+ = )("(?:[^"\\]|\\.)*")/g)].flatMap((match) => (JSON.parse(match[1]!) as string).split("\n"));
    const routes = strings.map((line) => /^(\S+) (?:([A-Z]+) )?(\S+)$/.exec(line)!).sort((a, b) => order(a[1]!) - order(b[1]!));
    expect(routes.length).toBe(module.operations.length);
    // GET goes unsaid; every other method is spelled.
    expect(routes.map((route) => route[2] ?? "GET")).toEqual(module.operations.map((operation) => operation.method));
    written += routes.reduce((sum, route) => sum + route[3]!.length, 0) + (/const moduleName = "([^"]*)"/.exec(source)?.[1]?.length ?? 0);
    spelled += module.operations.reduce((sum, operation) => sum + operation.path.replace(/#.*$/, "").length, 0);
  }
  // 184 paths: 7,5xx bytes spelled out; the prefixes save about a third.
  expect(written).toBeLessThan(spelled * 0.75);
  expect(nested).toBeGreaterThan(5);
});

test("prefixes: the longest one that saves bytes, never one used once, nine at most, nothing for paths without /", () => {
  expect(pathPrefixes(["/api/v1/a", "/api/v1/b"])).toEqual(["/api/v1/"]);
  // One path: its prefix would cost more (written once, with a space) than its digit saves.
  expect(pathPrefixes(["/api/v1/things/a"])).toEqual([]);
  expect(pathPrefixes(["/x/a", "/x/b"])).toEqual([]);
  const many = Array.from({ length: 20 }, (_, group) => [`/group-${group}/long-segment/a`, `/group-${group}/long-segment/b`]).flat();
  expect(pathPrefixes(many)).toHaveLength(9);
  expect(pathPrefixes(["api/v1/a", "api/v1/b", "/with space/a", "/with space/b"])).toEqual([]);
  // A longer prefix is added where enough paths share it beyond the first.
  const nested = ["/api/v1/orders/status/a", "/api/v1/orders/status/b", "/api/v1/orders/status/c", "/api/v1/x", "/api/v1/y"];
  expect(pathPrefixes(nested)).toEqual(["/api/v1/orders/status/", "/api/v1/"]);
});
