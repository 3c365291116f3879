// The client and server ship only the runtime their catalogue uses: without any rate limit there is
// nothing for a shared store to count, so neither carries the Redis store nor exports it; without
// security schemes or streamed responses the server has no credentials.ts or stream.ts (the routes
// hand them to the handler only where used); and the output still compiles under the strict flags.
// The repository's catalogue, which has limits, keeps the store.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { writeCatalogue } from "../catalogue/support.js";
import { generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

const NO_LIMITS = `module: { id: things, title: Things, area: One thing }
operations:
  - id: getThing
    method: GET
    path: /things/{id}
    summary: One thing
    tokens: [personal]
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
    request: none
    responses:
      "200":
        description: The thing
        content:
          application/json:
            schema: { type: object, properties: { id: { type: string } } }
`;

async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map((name) => String(name).split("\\").join("/"));
}

test("a catalogue without rate limits gets no Redis store in the client or the server, and compiles", { timeout: 120_000 }, async () => {
  const out = await generateForTest({ catalogue: await writeCatalogue({ "things.yaml": NO_LIMITS }), targets: ["client", "server"] });
  const all = await files(out);
  expect(all.filter((name) => name.includes("redis"))).toEqual([]);
  expect(all).toContain("client/shared/memory-rate-limit-store.ts");
  expect(all).not.toContain("server/runtime/stream.ts");
  expect(all).not.toContain("server/runtime/credentials.ts");
  expect(all).not.toContain("client/runtime/stream.ts");
  expect(all).not.toContain("client/runtime/form-body.ts");
  for (const index of ["client/index.ts", "server/index.ts"]) expect(await readFile(join(out, index), "utf8")).not.toMatch(/redis/i);
  const typescript = all.filter((name) => name.endsWith(".ts")).map((name) => join(out, name));
  const result = await typecheck(typescript, { version: "7.0", resolution: "nodenext" });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
});

test("the repository's catalogue, with rate limits, keeps the Redis store in both", async () => {
  const out = await generateForTest({ targets: ["client", "server"] });
  const all = await files(out);
  expect(all).toContain("client/shared/redis-rate-limit-store.ts");
  expect(all).toContain("server/shared/redis-rate-limit-store.ts");
  expect(await readFile(join(out, "client/index.ts"), "utf8")).toContain("redisRateLimitStore");
});

const WITH_SCHEMES = `api:
  title: Test API
  auth:
    header: Authorization
    tokenKinds:
      - { id: personal, description: Personal token }
    schemes:
      - { id: key, type: apiKey, in: header, name: X-Key }
`;

const STREAMED = `module: { id: events, title: Events, area: Event feed }
operations:
  - id: watchEvents
    method: GET
    path: /events
    summary: The event feed
    tokens: [personal]
    request: none
    responses:
      "200":
        content:
          application/jsonl: { items: { type: string } }
`;

test("security schemes bring the server's credentials.ts and a streamed response its stream.ts, handed to the handler by routes.ts", async () => {
  const out = await generateForTest({ catalogue: await writeCatalogue({ "events.yaml": STREAMED }, WITH_SCHEMES), targets: ["server"] });
  const all = await files(out);
  expect(all).toContain("server/runtime/stream.ts");
  expect(all).toContain("server/runtime/credentials.ts");
  const routes = await readFile(join(out, "server/routes.ts"), "utf8");
  expect(routes).toContain("findCredentials,");
  expect(routes).toContain("streamResponse,");
});
