// The msw target on a type with a read-only `id`, a write-only `password` and a plain `name`
// (test/fixtures/catalogues/read-write-only), served by MSW's own setupServer with fetch: a create
// of `{ name }` is taken and answered with the response shape, never a write-only field, also
// through a reference. The output compiles under the strict flags.
import "./node20.js";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setupServer } from "msw/node";
import type { HttpHandler } from "msw";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

const BASE = "https://accounts.test";
// The principal's id under both the field the runtime names now and the neutral name.
const TOKENS = { "t-1": { principalId: "a-1", tokenKind: "personal" } };

interface MswModule {
  createMockHandlers(options: { tokens: typeof TOKENS; seed?: number; baseUrl?: string }): { handlers: HttpHandler[] };
}

let out: string;
const server = setupServer();

beforeAll(async () => {
  out = await generateForTest({ catalogue: fixtureCatalogue("read-write-only"), targets: ["msw"] });
  const msw = (await import(join(out, "msw/index.ts"))) as MswModule;
  server.resetHandlers(...msw.createMockHandlers({ tokens: TOKENS, seed: 1, baseUrl: BASE }).handlers);
  server.listen({ onUnhandledFrame: "error" });
}, 60_000);

afterAll(() => server.close());

const call = (path: string, body?: unknown): Promise<Response> =>
  fetch(`${BASE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: "t-1", ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

test("a create of { name } is taken and answered with an id and no password", async () => {
  const response = await call("/accounts", { name: "Ann" });
  expect(response.status).toBe(201);
  const account = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(account).sort()).toEqual(["id", "name"]);
});

test("a create carrying the read-only id is refused with 400, like any field the request shape does not declare", async () => {
  const response = await call("/accounts", { id: "a-1", name: "Ann" });
  expect(response.status).toBe(400);
});

test("a type that refers to one answers it in its response shape too", async () => {
  const response = await call("/teams/t-1");
  expect(response.status).toBe(200);
  const team = (await response.json()) as { owner: Record<string, unknown> };
  expect(Object.keys(team.owner).sort()).toEqual(["id", "name"]);
});

test("the output compiles under the strict flags (TypeScript 7.0)", async () => {
  await writeFile(join(out, "package.json"), '{ "type": "module" }\n');
  const result = await typecheck([join(out, "msw/index.ts")], { version: "7.0", resolution: "nodenext" });
  expect(result.output).toBe("");
}, 120_000);
