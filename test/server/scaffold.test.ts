// The generation gap: scaffolded handler files compile against the generated server, answer 501
// until filled in, survive a second run, are replaced with --force, and a catalogue that gains
// operations or modules gets them reported as missing.
import { appendFile, cp, mkdir, readdir, readFile, readlink, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import { formatScaffoldReport, scaffoldHandlers, serverImportPath } from "../../src/scaffold/index.js";
import { inspectHandlerObject } from "../../src/scaffold/inspect.js";
import { freshDir, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { demoAuthenticate, featuresCatalogue, importServer, type ServerModule } from "./helpers.js";

let out: string;
let handlersDir: string;
let server: ServerModule;
let importCount = 0;

async function importHandlers(): Promise<object> {
  // A fresh copy per import (same depth, so the relative server import holds): the test edits
  // the files between imports and the module cache would keep the old ones.
  const copy = join(out, `handlers-${++importCount}`);
  await cp(handlersDir, copy, { recursive: true });
  return ((await import(pathToFileURL(join(copy, "index.ts")).href)) as { handlers: object }).handlers;
}

async function call(handlers: object, path: string): Promise<Response> {
  const handle = server.createRequestHandler(handlers, { authenticate: demoAuthenticate });
  return handle(new Request(`http://x${path}`, { headers: { authorization: "tok-personal-s1" } }));
}

beforeAll(async () => {
  out = await generateForTest({ catalogue: featuresCatalogue, targets: ["server"] });
  server = await importServer(out);
  handlersDir = join(out, "handlers");
});

describe("scaffold", () => {
  test("first run writes one file per module and an index", async () => {
    const model = await loadModel(featuresCatalogue);
    const report = await scaffoldHandlers(model, { outDir: handlersDir, serverDir: join(out, "server") });
    expect(report.written).toEqual(["index.ts", "sales_reports.ts", "shop.ts"]);
    expect(report.kept).toEqual([]);
    expect(report.missing).toEqual([]);
    const shop = await readFile(join(handlersDir, "shop.ts"), "utf8");
    expect(shop).toContain(`import type { ShopHandlers } from "../server/index.js";`);
    expect(shop).toContain("export const shop: ShopHandlers = {");
    expect(shop).not.toMatch(/Do not edit/);
  });

  test("the scaffolded files compile under strict flags with the generated server", async () => {
    const files = ["index.ts", "shop.ts", "sales_reports.ts"].map((name) => join(handlersDir, name));
    for (const version of ["5.9", "7.0"] as const) {
      const result = await typecheck(files, { version, resolution: "nodenext" });
      expect(result.output).toBe("");
    }
  });

  test("every stub answers 501 naming its operation", async () => {
    const handlers = await importHandlers();
    const response = await call(handlers, "/shop/v1/orders/o-1");
    expect(response.status).toBe(501);
    expect(((await response.json()) as { detail: string }).detail).toContain("getOrder");
  });

  test("a second run keeps the user's edits", async () => {
    const path = join(handlersDir, "shop.ts");
    const original = await readFile(path, "utf8");
    const edited = original.replace(
      /getOrder\(context\) \{\n\s*return context\.notImplemented\(\);\n\s*\}/,
      `getOrder(context) {\n    return { id: context.params.orderId, quantity: 7, status: "open" };\n  }`,
    );
    expect(edited).not.toBe(original);
    await writeFile(path, edited);

    const model = await loadModel(featuresCatalogue);
    const report = await scaffoldHandlers(model, { outDir: handlersDir, serverDir: join(out, "server") });
    expect(report.written).toEqual([]);
    expect(report.kept).toEqual(["index.ts", "sales_reports.ts", "shop.ts"]);
    expect(report.missing).toEqual([]);
    expect(await readFile(path, "utf8")).toBe(edited);

    const response = await call(await importHandlers(), "/shop/v1/orders/o-5");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "o-5", quantity: 7, status: "open" });
    expect(formatScaffoldReport(report, "handlers")).toContain("  kept    handlers/shop.ts (exists; --force replaces it)");
  });

  test("--force replaces them", async () => {
    const model = await loadModel(featuresCatalogue);
    const report = await scaffoldHandlers(model, { outDir: handlersDir, serverDir: join(out, "server"), force: true });
    expect(report.written).toEqual(["index.ts", "sales_reports.ts", "shop.ts"]);
    expect(report.kept).toEqual([]);
    expect(await readFile(join(handlersDir, "shop.ts"), "utf8")).not.toContain("quantity: 7");
    expect((await call(await importHandlers(), "/shop/v1/orders/o-5")).status).toBe(501);
  });

  test("when the catalogue gains an operation and a module, scaffold says which handlers are missing", async () => {
    const grown = await freshDir("catalogue");
    await cp(featuresCatalogue, grown, { recursive: true });
    await appendFile(
      join(grown, "shop.yaml"),
      `
  - id: cancelOrder
    method: POST
    path: /shop/v1/orders/{orderId}/cancel
    summary: Cancel an order
`,
    );
    await writeFile(
      join(grown, "billing.yaml"),
      `module:\n  id: billing\n  title: Billing\n  area: Invoices\noperations:\n  - id: listInvoices\n    method: GET\n    path: /billing/v1/invoices\n    summary: List invoices\n`,
    );
    const model = await loadModel(grown);
    const report = await scaffoldHandlers(model, { outDir: handlersDir, serverDir: join(out, "server") });
    expect(report.written).toEqual(["billing.ts"]);
    expect(report.kept).toEqual(["index.ts", "sales_reports.ts", "shop.ts"]);
    expect(report.missing).toEqual([
      { file: "shop.ts", kind: "operation", names: ["cancelOrder"] },
      { file: "index.ts", kind: "module", names: ["billing"] },
    ]);
    const text = formatScaffoldReport(report, "handlers");
    expect(text).toContain("  wrote   handlers/billing.ts");
    expect(text).toContain("  missing in handlers/shop.ts: handlers for cancelOrder");
    expect(text).toContain("  missing in handlers/index.ts: modules billing");
  });
});

describe("scaffold never writes through a symbolic link (issue 13, item 3)", () => {
  async function linkedFolder() {
    const root = await freshDir("scaffold-links");
    const dir = join(root, "handlers");
    const outside = join(root, "outside");
    await mkdir(dir);
    await mkdir(outside);
    return { root, dir, outside, model: await loadModel(featuresCatalogue) };
  }

  test("--force refuses a link to a file outside, and writes nothing at all", async () => {
    const { dir, outside, model } = await linkedFolder();
    await writeFile(join(outside, "victim.ts"), "// the user's file elsewhere\n");
    await symlink(join(outside, "victim.ts"), join(dir, "shop.ts"));
    const run = scaffoldHandlers(model, { outDir: dir, serverDir: join(out, "server"), force: true });
    await expect(run).rejects.toThrow(`${join(dir, "shop.ts")} is a symbolic link (-> ${join(outside, "victim.ts")}); --force never writes through a link`);
    expect(await readFile(join(outside, "victim.ts"), "utf8")).toBe("// the user's file elsewhere\n");
    expect(await readlink(join(dir, "shop.ts"))).toBe(join(outside, "victim.ts"));
    expect(await readdir(dir)).toEqual(["shop.ts"]);
  });

  test("without --force a link to a file is kept and read, never written", async () => {
    const { dir, outside, model } = await linkedFolder();
    await writeFile(join(outside, "shop.ts"), "export const shop = { listOrders() {} };\n");
    await symlink(join(outside, "shop.ts"), join(dir, "shop.ts"));
    const report = await scaffoldHandlers(model, { outDir: dir, serverDir: join(out, "server") });
    expect(report.kept).toEqual(["shop.ts"]);
    expect(report.missing[0]).toMatchObject({ file: "shop.ts", kind: "operation" });
    expect(await readFile(join(outside, "shop.ts"), "utf8")).toBe("export const shop = { listOrders() {} };\n");
  });

  test("a dangling link never creates a file where it points", async () => {
    const { dir, outside, model } = await linkedFolder();
    await symlink(join(outside, "created.ts"), join(dir, "index.ts"));
    for (const force of [false, true]) {
      await expect(scaffoldHandlers(model, { outDir: dir, serverDir: join(out, "server"), force })).rejects.toThrow(/is a symbolic link to nothing/);
      expect(await readdir(outside)).toEqual([]);
      expect(await readdir(dir)).toEqual(["index.ts"]);
    }
  });
});

describe("scaffold helpers", () => {
  test("the server import is relative from the handler folder to the server folder", () => {
    expect(serverImportPath("/repo/examples/sandbox/handlers", "/repo/generated/server")).toBe("../../../generated/server/index.js");
    expect(serverImportPath("/repo/src", "/repo/src/generated")).toBe("./generated/index.js");
    expect(serverImportPath("/repo/x", "/repo/x")).toBe("./index.js");
  });

  test("reading a kept file: methods, arrows, quoted keys, satisfies; spreads are unchecked", () => {
    const text = `export const shop = {
      // a comment
      listOrders() { return []; },
      "getOrder": async () => ({}),
      ["deleteOrder"]: () => undefined,
    } satisfies object;`;
    expect(inspectHandlerObject(text, "shop")).toEqual({ kind: "checked", names: new Set(["listOrders", "getOrder", "deleteOrder"]) });
    expect(inspectHandlerObject("export const shop = { ...base };", "shop")).toMatchObject({ kind: "unchecked" });
    expect(inspectHandlerObject("export const other = {};", "shop")).toMatchObject({ kind: "unchecked" });
  });
});
