// Issue 44, point 4: the msw target works with msw 2 too, what `npm i -D msw` gives a Node 20 project
// (msw 3 needs Node 22.12). The devDependency "msw2" is msw 2.x; a consumer folder whose
// node_modules/msw is that package compiles the generated handlers strictly against msw 2's types
// and serves them with msw 2's own setupServer, listening with msw 2's options (onUnhandledRequest).
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setupServer } from "msw2/node";
import { HttpHandler } from "msw2";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { generateForTest, repoRoot } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { importClient, type ClientModule } from "../client/support.js";

const BASE = "https://seller-api.test";
const TOKENS = { "msw-personal": { principalId: "seller-1", tokenKind: "personal" } };

interface MswModule {
  createMockHandlers(options: { tokens: typeof TOKENS; seed?: number }): {
    handlers: HttpHandler[];
    reset(): void;
    override: Record<string, (handler: (context: { params: Record<string, string> }) => unknown) => HttpHandler>;
  };
}

type Api = Record<string, Record<string, (args?: unknown) => Promise<unknown>>>;

let out: string;
let client: ClientModule;
let mocks: ReturnType<MswModule["createMockHandlers"]>;
const server = setupServer();

beforeAll(async () => {
  out = await generateForTest({ targets: ["client", "msw"] });
  // The consumer's node_modules/msw is msw 2.
  await mkdir(join(out, "node_modules"), { recursive: true });
  await symlink(join(repoRoot, "node_modules/msw2"), join(out, "node_modules/msw"), "dir");
  await writeFile(join(out, "package.json"), '{ "type": "module" }\n');
  client = await importClient(out);
  const msw = (await import(join(out, "msw/index.ts"))) as MswModule;
  mocks = msw.createMockHandlers({ tokens: TOKENS, seed: 1 });
  server.resetHandlers(...mocks.handlers);
  server.listen({ onUnhandledRequest: "error" });
}, 120_000);

afterEach(() => {
  server.resetHandlers(...mocks.handlers);
  mocks.reset();
});

afterAll(() => server.close());

describe("the msw target with msw 2", () => {
  it("is msw 2 that the consumer has", async () => {
    const installed = JSON.parse(await readFile(join(out, "node_modules/msw/package.json"), "utf8")) as { version: string };
    expect(installed.version).toMatch(/^2\.(1[5-9]|[2-9]\d)\./);
    // The generated handlers are msw 2's own, not msw 3's from this repository's node_modules/msw.
    expect(mocks.handlers[0]).toBeInstanceOf(HttpHandler);
  });

  it("compiles strictly against msw 2's types", async () => {
    const result = await typecheck([join(out, "msw/index.ts")], { version: "5.9", resolution: "nodenext" });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 120_000);

  it("answers the client, refuses a missing token, and answers 429 over the limit", async () => {
    const api = client.createClient({ baseUrl: BASE, token: "msw-personal", retry: false, rateLimit: "off" }) as Api;
    const first = await api.supplies!.getDiscrepancies!({ supplyId: "WB-GI-1234" });
    expect(Array.isArray(first)).toBe(true);
    await expect(api.supplies!.getDiscrepancies!({ supplyId: "WB-GI-1234" })).rejects.toMatchObject({ status: 429 });
    const anonymous = await fetch(`${BASE}/api/supplies/v1/discrepancies/WB-GI-1234`);
    expect(anonymous.status).toBe(401);
  });

  it("takes an override for one test", async () => {
    server.use(mocks.override.getDiscrepancies!(({ params }) => (params.supplyId === "WB-GI-1" ? [{ discrepancyType: "shortage", discrepancyLabel: "shortage" }] : [])));
    const api = client.createClient({ baseUrl: BASE, token: "msw-personal", retry: false, rateLimit: "off" }) as Api;
    expect(await api.supplies!.getDiscrepancies!({ supplyId: "WB-GI-1" })).toHaveLength(1);
  });
});
