// Patterns that backtrack catastrophically (issue 42, point 5) cannot stall a guard, the mock or
// the server: `catalogen validate` refuses one (`(a+)+$`) with its position, `catalogen import`
// leaves one out and says so, and a nested pattern whose repetitions stop unambiguously
// (`^[a-z]+(-[a-z]+)*$`, test/fixtures/catalogues/own-names) answers a hostile 50,000-character
// string at once, in the generated guard, behind the generated server on 127.0.0.1 and behind
// `catalogen mock`. (On fcb1db5 `(a+)+$` validated, and each character of `aaa…!` doubled the time
// a guard took: 26 took 1.7 s on this machine, so 40 would hold a server for hours.)
import { writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importOpenApi } from "../../src/import/index.js";
import { startMock, type MockServer } from "../../src/mock/index.js";
import { fixtureCatalogue, freshDir, generateForTest } from "../helpers/generate.js";
import { runCli, writeCatalogue } from "../catalogue/support.js";

/** Generous: on an idle machine each answer takes a few milliseconds; a catastrophic pattern takes hours. */
const BOUND_MS = 10_000;
const HOSTILE = `${"a".repeat(50_000)}!`;
/** The body as JSON text: `__proto__` an own key (an object literal's `__proto__:` would set the prototype). */
const body = (code: string) => `{"__proto__":"p","constructor":"c","code":${JSON.stringify(code)}}`;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe("backtracking patterns", () => {
  it("catalogen validate refuses (a+)+$ with its position and a hint", async () => {
    const catalogue = await writeCatalogue({
      "shop.yaml": [
        "module: { id: shop, title: Shop, area: Things }",
        "types:",
        "  Code:",
        "    type: string",
        '    pattern: "^(a+)+$"',
        "operations:",
        "  - { id: listThings, method: GET, path: /things, summary: List }",
        "",
      ].join("\n"),
    });
    const run = await runCli(["validate", "--catalogue", "."], catalogue);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/shop\.yaml:5:\d+: error: pattern can take exponential time on a hostile string .*a\+ sits inside another repetition/);
    expect(run.stderr).toContain("hint: make where each repetition stops unambiguous");
  });

  it("catalogen import leaves such a pattern out and says where", async () => {
    const dir = await freshDir("patterns-import");
    const file = join(dir, "api.json");
    const schema = { type: "object", properties: { code: { type: "string", pattern: "(\\w+\\s?)*$" }, slug: { type: "string", pattern: "^[a-z]+(-[a-z]+)*$" } } };
    const responses = { "200": { description: "ok", content: { "application/json": { schema } } } };
    await writeFile(file, JSON.stringify({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths: { "/a": { get: { operationId: "getA", responses } } } }));
    const { catalogue, report } = importOpenApi(file, { cwd: dir });
    expect(report.toText()).toMatch(/#\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema\/properties\/code\/pattern.*\n?.*backtrack catastrophically/);
    const text = JSON.stringify(catalogue);
    expect(text).not.toContain("(\\\\w+\\\\s?)*$");
    expect(text).toContain("^[a-z]+(-[a-z]+)*$");
  });
});

describe("a nested pattern that stops unambiguously answers a hostile string at once", () => {
  const catalogue = fixtureCatalogue("own-names");
  let out: string;
  let mock: MockServer;
  const servers: Server[] = [];
  beforeAll(async () => {
    out = await generateForTest({ catalogue, targets: ["client", "server"] });
    mock = await startMock({ catalogue, tokens: { t: { accountId: "s1", tokenKind: "personal" } } });
  }, 60_000);
  afterAll(async () => {
    await mock?.close();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it("the generated guard", async () => {
    const { checkOwnNames } = (await import(pathToFileURL(join(out, "client/validate/records.ts")).href)) as { checkOwnNames: (value: unknown) => unknown };
    const { value, ms } = await timed(async () => checkOwnNames(JSON.parse(body(HOSTILE))));
    expect(value).toMatchObject({ path: "$.code" });
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("the generated server and the mock: 400 within the bound", async () => {
    const serverModule = (await import(pathToFileURL(join(out, "server/index.ts")).href)) as {
      createRequestHandler(handlers: object, options: object): (request: Request) => Promise<Response>;
      toNodeHandler(handler: (request: Request) => Promise<Response>): (req: IncomingMessage, res: ServerResponse) => void;
    };
    const handle = serverModule.createRequestHandler({ records: { putRecord: ({ body: value }: { body: unknown }) => value } }, { authenticate: () => ({ principalId: "s1", tokenKind: "personal" }) });
    const server = createServer(serverModule.toNodeHandler(handle));
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const generated = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const base of [generated, mock.url]) {
      const put = (code: string) => fetch(`${base}/records/r1`, { method: "PUT", headers: { authorization: "t", "content-type": "application/json" }, body: body(code) });
      const { value, ms } = await timed(() => put(HOSTILE));
      expect(value.status, base).toBe(400);
      expect(ms, base).toBeLessThan(BOUND_MS);
      expect((await put("abc-def")).status, base).toBe(200);
    }
  });
});
