// `catalogen mock` over 127.0.0.1 on a type with a read-only `id`, a write-only `password` and a
// plain `name` (test/fixtures/catalogues/read-write-only): it takes a create of `{ name }`, refuses
// one carrying the read-only `id` (400, the server's check of the request shape), and
// answers with the response shape, never a write-only field, at any seed, through references, in a
// paged list and in a stream.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startMock, type MockServer } from "../../src/mock/index.js";
import { fixtureCatalogue } from "../helpers/generate.js";

const catalogue = fixtureCatalogue("read-write-only");
const SEEDS = [1, 2, 3, 4, 5];
const mocks: MockServer[] = [];

beforeAll(async () => {
  for (const seed of SEEDS) mocks.push(await startMock({ catalogue, seed, tokens: { "t-1": { accountId: "a-1", tokenKind: "personal" } } }));
}, 60_000);

afterAll(async () => {
  await Promise.all(mocks.map((mock) => mock.close()));
});

const call = (mock: MockServer, path: string, body?: unknown): Promise<Response> =>
  fetch(`${mock.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: "t-1", ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

test("a create of { name } is taken and answered with an id and no password, at every seed", async () => {
  for (const mock of mocks) {
    const response = await call(mock, "/accounts", { name: "Ann" });
    expect(response.status).toBe(201);
    const account = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(account).sort()).toEqual(["id", "name"]);
    expect(typeof account.id).toBe("string");
  }
});

test("a paged list's items are in the response shape", async () => {
  for (const mock of mocks) {
    const response = await call(mock, "/accounts?offset=0&limit=5");
    expect(response.status).toBe(200);
    const accounts = (await response.json()) as Record<string, unknown>[];
    expect(accounts).toHaveLength(5);
    for (const account of accounts) expect(Object.keys(account).sort()).toEqual(["id", "name"]);
  }
});

test("a create carrying the read-only id is refused with 400, like any field the request shape does not declare", async () => {
  const response = await call(mocks[0]!, "/accounts", { id: "a-1", name: "Ann" });
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("id");
});

test("a streamed item is in the response shape", async () => {
  const mock = await startMock({ catalogue, seed: 1, streamIntervalMs: 1, tokens: { "t-1": { accountId: "a-1", tokenKind: "personal" } } });
  try {
    const response = await call(mock, "/export");
    expect(response.status).toBe(200);
    const lines = (await response.text()).split("\n").filter((line) => line !== "");
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(Object.keys(JSON.parse(line) as object).sort()).toEqual(["id", "name"]);
  } finally {
    await mock.close();
  }
});

test("a required write-only field is required in a request, and never answered", async () => {
  const mock = mocks[0]!;
  expect((await call(mock, "/signups", { email: "a@example.com" })).status).toBe(400);
  const response = await call(mock, "/signups", { email: "a@example.com", password: "12345678" });
  expect(response.status).toBe(201);
  expect(Object.keys((await response.json()) as object).sort()).toEqual(["email", "id"]);
});

test("a type that refers to one answers it in its response shape too", async () => {
  for (const mock of mocks) {
    const response = await call(mock, "/teams/t-1");
    expect(response.status).toBe(200);
    const team = (await response.json()) as { owner: Record<string, unknown> };
    expect(Object.keys(team.owner).sort()).toEqual(["id", "name"]);
  }
});
