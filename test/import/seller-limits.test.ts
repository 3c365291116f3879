// Issue 28: the marketplace's published rate-limit tables (test/import/fixtures/seller-limits/,
// Russian in <div> wrappers and English plain Markdown) imported and generated. The imported
// limits (per kind, group, error cost), categories and read-only flags are what the tables and
// extensions say; the generated client keeps to them against the generated server on 127.0.0.1
// with no 429; the server and the mock charge error answers at their cost and refuse tokens of
// other categories and read-only tokens on writing operations; the client refuses such calls
// before sending them, and its options are typed by the catalogue's categories.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import { parseTokenTable, startMockOf, type MockServer } from "../../src/mock/index.js";
import type { ApiModel } from "../../src/model/types.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { importClient, rejection, type ClientModule } from "../client/support.js";
import { importServer, type ServerModule } from "../server/helpers.js";
import type { Identity } from "../../templates/server/types.js";
import { answeredAtSendTime, sendTime, stampedFetch, SteppingClock } from "./stepping-clock.js";

const fixtures = fileURLToPath(new URL("fixtures/seller-limits/", import.meta.url));

/**
 * The clients and servers whose limits are measured share one stepping clock: time moves only when
 * a client waits, and the server counts each request at the time the client sent it (stamped), so
 * neither a refill nor a bunching of delayed requests depends on how busy the machine is, and the
 * clients need no margin for the delay.
 */
const clock = new SteppingClock();

interface Imported {
  dir: string;
  catalogue: string;
  report: string;
  model: ApiModel;
}

async function importFixture(name: string): Promise<Imported> {
  const dir = await freshDir(`seller-limits-${name}`);
  const catalogue = join(dir, "catalogue");
  let err = "";
  const args = ["import", `${name}.yaml`, "--out", catalogue, "--report", join(dir, "report.txt"), "--token-kinds-extension", "x-token-types"];
  const code = await main(args, { out: () => {}, err: (text) => (err += text), cwd: fixtures });
  expect(err).toBe("");
  expect(code).toBe(0);
  return { dir, catalogue, report: await readFile(join(dir, "report.txt"), "utf8"), model: await loadModel(catalogue) };
}

function operation(model: ApiModel, id: string) {
  return model.modules.flatMap((module) => module.operations).find((candidate) => candidate.id === id)!;
}

/** `own 10/1 second burst 2 every 100 milliseconds personal+service 4XX=3`: one limit in a line. */
function limits(model: ApiModel, id: string): string[] {
  return (operation(model, id).limits ?? []).map(
    (limit) =>
      `${limit.group ?? "own"} ${limit.limit}/${limit.period.text} burst ${limit.burst} every ${limit.interval.text} ${limit.tokens?.join("+") ?? "all"}${(limit.errorCost ?? []).map((entry) => ` ${entry.status}=${entry.cost}`).join("")}`,
  );
}

let ru: Imported;
let en: Imported;

beforeAll(async () => {
  [ru, en] = await Promise.all([importFixture("ru"), importFixture("en")]);
});

describe("import", () => {
  test("Russian tables in <div> wrappers: per kind, a group heading, the 4XX sentence, <no value>", () => {
    expect(limits(ru.model, "listCards")).toEqual([
      "own 10/1 second burst 2 every 100 milliseconds personal+service 4XX=3",
      "own 6/1 minute burst 1 every 10 seconds basic 4XX=3",
    ]);
    expect(ru.model.limitGroups?.map((group) => [group.id, group.limit.limit, group.limit.burst, group.limit.tokens])).toEqual([["kontent", 5, 2, ["personal", "service"]]]);
    expect(limits(ru.model, "updateCards")).toEqual(["kontent 5/1 second burst 2 every 200 milliseconds personal+service"]);
    expect(limits(ru.model, "deleteCards")).toEqual(limits(ru.model, "updateCards"));
    // <no value>: the interval follows from period / limit (said), the row without a limit is lost (said).
    expect(limits(ru.model, "listPrices")).toEqual(["own 10/1 second burst 2 every 100 milliseconds personal"]);
    expect(ru.report).toContain('#/paths/~1api~1v2~1prices/get/description: table 1, row "Персональный": interval <no value> (documented as unknown)');
    expect(ru.report).toContain('#/paths/~1api~1v2~1prices/get/description: table 1, row "Сервисный": limit <no value> (documented as unknown)');
    expect(ru.report).toContain('table 1, row "Персональный": interval 100 milliseconds (period / limit)');
    expect(operation(ru.model, "ping").limits).toBeUndefined();
  });

  test("English plain tables: without a Type column, per kind, on the tag, a group, a 409 sentence, an unreadable table", () => {
    expect(limits(en.model, "listOrders")).toEqual(["own 10/1 second burst 2 every 100 milliseconds all 4XX=5"]);
    expect(limits(en.model, "cancelOrder")).toEqual([
      "own 5/1 second burst 2 every 200 milliseconds personal+service",
      "own 3/1 minute burst 1 every 20 seconds basic-with-secret",
    ]);
    expect(limits(en.model, "listSupplies")).toEqual(["own 5/1 second burst 1 every 200 milliseconds all"]);
    expect(limits(en.model, "addBoxes")).toEqual(["supply-boxes 5/1 second burst 2 every 200 milliseconds all 409=4"]);
    expect(limits(en.model, "removeBoxes")).toEqual(limits(en.model, "addBoxes"));
    expect(en.report).toContain('#/paths/~1api~1v1~1supplies~1{supplyId}~1boxes~1delete/post/description: table 2, row 1: the row\'s rate limit (period "one minute" is not a duration');
  });

  test("categories and read-only access from x-category and x-readonly-method", () => {
    const access = (model: ApiModel, id: string) => [operation(model, id).categories, operation(model, id).readOnlyTokens];
    expect(access(ru.model, "listCards")).toEqual([["content"], true]);
    expect(access(ru.model, "updateCards")).toEqual([["content"], false]);
    expect(access(ru.model, "ping")).toEqual([["all"], true]);
    expect(access(en.model, "listSupplies")).toEqual([["supplies", "marketplace"], true]);
    for (const report of [ru.report, en.report]) expect(report).not.toMatch(/x-category|x-readonly-method|x-tagKey|x-token-types/);
  });

  test("readable module names: x-tagKey, else the tag transliterated; the tag stays the title; never root", () => {
    expect(ru.model.modules.map((module) => [module.id, module.title])).toEqual([
      ["discounts_prices", "Цены и скидки"],
      ["kartochki_tovarov", "Карточки товаров"],
      ["obschee", "Общее"],
    ]);
    expect(en.model.modules.map((module) => module.id)).toEqual(["orders_fbs", "supplies"]);
  });

  test("the dictionary takes more words from an option; a wrong shape is a clear error", async () => {
    const dir = await freshDir("seller-limits-words");
    const document = {
      openapi: "3.1.0",
      info: { title: "Words", version: "1" },
      paths: {
        "/a": {
          get: {
            operationId: "getA",
            description: "| Zeitraum | Limit | Intervall | Burst |\n| --- | --- | --- | --- |\n| 1 Minute | 6 Anfragen | 10 Sekunden | 6 Anfragen |",
            responses: { "200": { description: "OK" } },
          },
        },
      },
    };
    const file = join(dir, "de.json");
    await writeFile(file, JSON.stringify(document));
    const words = { columns: { period: ["Zeitraum"], interval: ["Intervall"] }, units: { minute: ["Minute"], second: ["Sekunden"] }, requests: ["Anfragen"] };
    const { catalogue } = importOpenApi(file, { limitTableWords: words });
    expect(catalogue.modules[0]!.operations[0]!.limits).toEqual([{ scope: "account", period: "1 minute", limit: 6, interval: "10 seconds", burst: 6 }]);
    expect(importOpenApi(file).catalogue.modules[0]!.operations[0]!.limits).toBeUndefined();
    expect(() => importOpenApi(file, { limitTableWords: { columns: { zeitraum: ["x"] } } })).toThrow(/limitTableWords\.columns\.zeitraum: not a column; the columns are type, period, limit, interval, burst/);
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ import: { limitTableWords: words } }));
    expect(await main(["import", file, "--out", join(dir, "from-config"), "--report", join(dir, "r.txt")], { out: () => {}, err: () => {}, cwd: dir })).toBe(0);
    expect((await loadModel(join(dir, "from-config"))).modules[0]!.operations[0]!.limits?.[0]?.interval.text).toBe("10 seconds");
    let err = "";
    await writeFile(join(dir, "words.json"), JSON.stringify({ requests: "Anfragen" }));
    const code = await main(["import", file, "--out", join(dir, "c"), "--limit-table-words", "words.json"], { out: () => {}, err: (text) => (err += text), cwd: dir });
    expect(code).toBe(1);
    expect(err).toContain("limitTableWords.requests must be a list of words (strings)");
  });

  test("export and import again: error costs, categories and read-only access survive", async () => {
    await generate({ catalogue: ru.catalogue, out: join(ru.dir, "export"), targets: ["openapi"] });
    const exported = JSON.parse(await readFile(join(ru.dir, "export/openapi.json"), "utf8")) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const listCards = exported.paths["/api/v1/cards"]!.get!;
    expect(listCards["x-category"]).toEqual(["content"]);
    expect(listCards["x-readonly-method"]).toBe(true);
    expect((listCards["x-rate-limits"] as { errorCost?: unknown }[])[0]!.errorCost).toEqual({ "4XX": 3 });
    expect(String(listCards.description)).toContain("an answer of 4XX costs 3 requests");
    const { catalogue } = importOpenApi(join(ru.dir, "export/openapi.json"));
    await writeCatalogue(catalogue, join(ru.dir, "again"));
    const again = await loadModel(join(ru.dir, "again"));
    for (const id of ["listCards", "updateCards", "deleteCards", "listPrices", "ping"]) {
      expect(limits(again, id)).toEqual(limits(ru.model, id));
      expect([operation(again, id).categories, operation(again, id).readOnlyTokens]).toEqual([operation(ru.model, id).categories, operation(ru.model, id).readOnlyTokens]);
    }
  });
});

describe("generated client and server", () => {
  let client: ClientModule;
  let server: ServerModule;
  let http: Server;
  let base = "";
  let stillHttp: Server | undefined;
  let stillBase = "";
  const statuses: number[] = [];
  const handlers = {
    kartochkiTovarov: {
      listCards: (context: { query: { fail?: string }; error: (status: number, detail: string) => Response }) =>
        context.query.fail ? context.error(400, "failed on purpose") : { cards: [] },
      updateCards: () => undefined,
      deleteCards: () => undefined,
    },
    obschee: { ping: () => ({ status: "ok" }) },
  };
  const identities: Record<string, Identity> = {
    "tok-personal": { principalId: "s1", tokenKind: "personal", categories: ["content", "discountsandprices"] },
    "tok-personal-2": { principalId: "s2", tokenKind: "personal" },
    "tok-personal-3": { principalId: "s3", tokenKind: "personal" },
    "tok-personal-4": { principalId: "s4", tokenKind: "personal" },
    "tok-prices": { principalId: "s5", tokenKind: "personal", categories: ["discountsandprices"] },
    "tok-readonly": { principalId: "s6", tokenKind: "service", categories: ["content"], readOnly: true },
  };

  beforeAll(async () => {
    const out = join(ru.dir, "generated");
    await generate({ catalogue: ru.catalogue, out });
    client = await importClient(out);
    server = await importServer(out);
    // A second server whose clock stands still: what it answers depends on the requests alone, not
    // on how fast a busy machine sends them (no budget refills between them).
    const still = server.createRequestHandler(handlers, { authenticate: (token: string) => identities[token], now: () => 1_000_000 });
    const stillServer = createServer(server.toNodeHandler(still));
    stillHttp = stillServer;
    await new Promise<void>((resolve) => stillServer.listen(0, "127.0.0.1", resolve));
    stillBase = `http://127.0.0.1:${(stillServer.address() as AddressInfo).port}`;
    const handle = server.createRequestHandler(handlers, { authenticate: (token: string) => identities[token], now: sendTime(clock) });
    http = createServer(
      server.toNodeHandler(async (request) => {
        const response = await answeredAtSendTime(request, handle);
        statuses.push(response.status);
        return response;
      }),
    );
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const each of [http, stillHttp]) {
      each?.closeAllConnections();
      await new Promise<void>((resolve) => (each ? each.close(() => resolve()) : resolve()));
    }
  });

  const cards = (options: Record<string, unknown>) => client.createClient({ baseUrl: base, retry: false, validate: "off", tokenKind: "personal", clock, fetch: stampedFetch(clock), rateLimitMarginMs: 0, ...options }).kartochkiTovarov!;

  test("the client keeps to the per-kind limit and to the group's budget: no 429", async () => {
    statuses.length = 0;
    const api = cards({ token: "tok-personal" });
    const started = clock.now();
    await Promise.all(Array.from({ length: 6 }, () => api.listCards!()));
    // burst 2, then one every 100 ms.
    expect(clock.now() - started).toBe(400);
    await Promise.all(Array.from({ length: 3 }, (_, i) => (i % 2 === 0 ? api.updateCards!() : api.deleteCards!())));
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(statuses).toHaveLength(9);
  });

  test("the group is one budget on the server: a client without limits gets 429 on the other operation", async () => {
    const api = cards({ token: "tok-personal-2", rateLimit: "off", baseUrl: stillBase });
    await api.updateCards!();
    await api.deleteCards!();
    expect((await rejection(api.updateCards!())).status).toBe(429);
  });

  test("the server charges a 4XX at its cost: after one 400 the budget of 2 is spent", async () => {
    const api = cards({ token: "tok-personal-3", rateLimit: "off", baseUrl: stillBase });
    expect((await rejection(api.listCards!({ query: { fail: "1" } }))).status).toBe(400);
    const refused = await rejection(api.listCards!());
    expect(refused.status).toBe(429);
  });

  test("the client charges a 4XX at its cost too: the next call waits instead of meeting a 429", async () => {
    statuses.length = 0;
    const api = cards({ token: "tok-personal-4" });
    expect((await rejection(api.listCards!({ query: { fail: "1" } }))).status).toBe(400);
    const started = clock.now();
    await api.listCards!();
    await api.listCards!();
    // The 400 cost 3 of a budget of 2 (one every 100 ms): the next call waits 200 ms, the one after it 100.
    expect(clock.now() - started).toBe(300);
    expect(statuses).toEqual([400, 200, 200]);
  });

  test("the server answers 403 with a problem body for another category and for a read-only token on a writing operation", async () => {
    const call = (token: string, method: string, path: string) => fetch(`${base}${path}`, { method, headers: { authorization: token } });
    const category = await call("tok-prices", "GET", "/api/v1/cards");
    expect(category.status).toBe(403);
    expect(await category.json()).toMatchObject({ status: 403, code: "token-category-not-accepted", detail: expect.stringContaining("content category") });
    const readOnly = await call("tok-readonly", "POST", "/api/v1/cards/update");
    expect(readOnly.status).toBe(403);
    expect(await readOnly.json()).toMatchObject({ status: 403, code: "read-only-token" });
    expect((await call("tok-readonly", "GET", "/api/v1/cards")).status).toBe(200);
    expect((await call("tok-prices", "GET", "/ping")).status).toBe(200);
  });

  test("the client, told its token's categories and read-only flag, refuses such calls before sending", async () => {
    statuses.length = 0;
    const prices = client.createClient({ baseUrl: base, token: "tok-prices", retry: false, validate: "off", tokenCategories: ["discountsandprices"] });
    const refused = await rejection(prices.kartochkiTovarov!.listCards!());
    expect(refused.kind).toBe("forbidden");
    expect(refused.message).toContain("needs a token of the content category");
    await prices.obschee!.ping!();
    const readOnly = client.createClient({ baseUrl: base, token: "tok-readonly", retry: false, validate: "off", tokenCategories: ["content"], readOnlyToken: true });
    expect((await rejection(readOnly.kartochkiTovarov!.updateCards!())).kind).toBe("forbidden");
    await readOnly.kartochkiTovarov!.listCards!();
    expect(statuses).toEqual([200, 200]);
  });

  test("the docs show each operation's token access and each limit's error cost", async () => {
    const page = await readFile(join(ru.dir, "generated/docs/kartochki_tovarov.md"), "utf8");
    expect(page).toContain("- **Token access:** token categories content; read-only tokens may call it");
    expect(page).toContain("- **Token access:** token categories content; a read-only token may not call it (it writes)");
    expect(page).toContain("| account (personal, service tokens; an answer of 4XX costs 3 requests) | 1 second | 10 | 100 milliseconds | 2 |");
  });

  test("createClient's tokenCategories are the catalogue's categories (type test)", async () => {
    const file = join(ru.dir, "generated/categories.test-d.ts");
    await writeFile(
      file,
      [
        'import { createClient } from "./client/index.js";',
        'createClient({ baseUrl: "http://127.0.0.1", token: "t", tokenCategories: ["content", "discountsandprices"], readOnlyToken: true });',
        '// @ts-expect-error: not a category of the catalogue',
        'createClient({ baseUrl: "http://127.0.0.1", token: "t", tokenCategories: ["contnet"] });',
        '// @ts-expect-error: readOnlyToken is a boolean',
        'createClient({ baseUrl: "http://127.0.0.1", token: "t", readOnlyToken: "yes" });',
        "",
      ].join("\n"),
    );
    const result = await typecheck([file], { version: "5.9", resolution: "nodenext" });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});

describe("the English fixture, generated", () => {
  let client: ClientModule;
  let http: Server;
  let base = "";
  const statuses: number[] = [];

  beforeAll(async () => {
    const out = join(en.dir, "generated");
    await generate({ catalogue: en.catalogue, out });
    client = await importClient(out);
    const server = await importServer(out);
    const handle = server.createRequestHandler(
      {
        ordersFbs: { listOrders: () => ({ orders: [] }) },
        supplies: {
          listSupplies: () => ({ supplies: [] }),
          addBoxes: (context: { params: { supplyId: string }; error: (status: number, detail: string) => Response }) =>
            context.params.supplyId === "conflict" ? context.error(409, "the supply is closed") : undefined,
          removeBoxes: () => undefined,
        },
      },
      { authenticate: (token: string) => ({ principalId: token, tokenKind: "personal" }), now: sendTime(clock) },
    );
    http = createServer(
      server.toNodeHandler(async (request) => {
        const response = await answeredAtSendTime(request, handle);
        statuses.push(response.status);
        return response;
      }),
    );
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    http?.closeAllConnections();
    await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
  });

  test("the client keeps to a limit without a Type column and to a tag's limit: no 429", async () => {
    statuses.length = 0;
    const api = client.createClient({ baseUrl: base, token: "seller-a", retry: false, validate: "off", clock, fetch: stampedFetch(clock), rateLimitMarginMs: 0 });
    await Promise.all([...Array.from({ length: 4 }, () => api.ordersFbs!.listOrders!()), ...Array.from({ length: 3 }, () => api.supplies!.listSupplies!())]);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(statuses).toHaveLength(7);
  });

  test("a 409 in a group costs 4 requests of the group's budget on the server", async () => {
    const post = (path: string) => fetch(`${base}${path}`, { method: "POST", headers: { authorization: "seller-b" } });
    expect((await post("/api/v1/supplies/conflict/boxes")).status).toBe(409);
    expect((await post("/api/v1/supplies/s1/boxes/delete")).status).toBe(429);
  });
});

describe("mock", () => {
  let mock: MockServer;
  beforeAll(async () => {
    const tokens = parseTokenTable(
      ["t-content=s1:personal categories=content", "t-readonly=s2:service categories=content readonly", "t-prices=s3:personal categories=discountsandprices", "t-cost=s4:personal"].join("\n"),
      ru.model.auth.tokenKinds.map((kind) => kind.id),
      "tokens.txt",
    );
    mock = await startMockOf(ru.model, { tokens });
  });
  afterAll(async () => mock?.close());

  const call = (token: string, method: string, path: string) => fetch(`${mock.url}${path}`, { method, headers: { authorization: token } });

  test("enforces categories and read-only tokens", async () => {
    expect((await call("t-content", "POST", "/api/v1/cards/update")).status).toBe(204);
    const readOnly = await call("t-readonly", "POST", "/api/v1/cards/update");
    expect(readOnly.status).toBe(403);
    expect(await readOnly.json()).toMatchObject({ code: "read-only-token" });
    expect((await call("t-readonly", "GET", "/api/v1/cards")).status).toBe(200);
    expect((await call("t-prices", "GET", "/api/v1/cards")).status).toBe(403);
    expect((await call("t-prices", "GET", "/api/v2/prices")).status).toBe(200);
  });

  test("charges a 4XX at its cost", async () => {
    const bad = await call("t-cost", "GET", "/api/v1/cards?limit=not-a-number");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await call("t-cost", "GET", "/api/v1/cards")).status).toBe(429);
  });

  test("a token table line with an unknown attribute is refused with its line", () => {
    expect(() => parseTokenTable("t=s1:personal admin", ["personal"], "tokens.txt")).toThrow('tokens.txt:1: "admin" is not categories=a,b or readonly');
  });
});
