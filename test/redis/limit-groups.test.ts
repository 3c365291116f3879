// A limit group's bucket in a real redis-server is one for every operation of the group and every
// instance: two generated clients (one node-redis, one ioredis connection) sharing a token, and two
// generated server instances sharing sellers (test/fixtures/catalogues/limit-groups: listCards and
// getCard share the group content, 2 at once and one more every 30 s).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { importClient, rejection, type ClientModule } from "../client/support.js";
import { demoAuthenticate, importServer, type ServerModule } from "../server/helpers.js";
import { connect, startRedis, type ConnectedRedis, type RedisServer } from "./support.js";

let redis: RedisServer;
let client: ClientModule;
let server: ServerModule;
const connections: ConnectedRedis[] = [];
let http: Server;
let base = "";

beforeAll(async () => {
  redis = await startRedis();
  const out = await generateForTest({ catalogue: fixtureCatalogue("limit-groups"), targets: ["client", "server"] });
  client = await importClient(out);
  server = await importServer(out);
  connections.push(await connect("node-redis", redis.url), await connect("ioredis", redis.url));
  http = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end('"ok"'));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const connection of connections) await connection.close();
  http?.closeAllConnections();
  await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
  await redis?.stop();
});

describe("a limit group in Redis", () => {
  test("two clients with one token spend the group's one bucket, whichever operation they call", async () => {
    const redisStore = client.redisRateLimitStore as (redis: unknown, options?: object) => object;
    const [first, second] = connections.map(
      (connection) =>
        client.createClient({ baseUrl: base, token: "tok-shared-by-two", retry: false, validate: "off", rateLimit: "fail", onStoreError: "deny", rateLimitStore: redisStore(connection.client, { prefix: "client:" }) }).cards!,
    );
    await first!.listCards!();
    await second!.getCard!({ cardId: "1" });
    expect((await rejection(first!.getCard!({ cardId: "2" }))).kind).toBe("rate_limited");
    expect((await rejection(second!.listCards!())).kind).toBe("rate_limited");
    // One key for the group (whichever operation spent from it), one for getCard's own limit.
    const keys = ((await connections[0]!.command("KEYS", "client:*")) as string[]).sort();
    expect(keys).toEqual([expect.stringMatching(/^client:\{getCard:1:[0-9a-f]{32}\}$/), expect.stringMatching(/^client:\{group:content:[0-9a-f]{32}\}$/)]);
  });

  test("two server instances grant a seller the group's budget once across its routes; another seller has its own", async () => {
    const redisStore = server as unknown as { redisRateLimitStore: (redis: unknown, options?: object) => never };
    const [a, b] = connections.map((connection) =>
      server.createRequestHandler({ cards: { listCards: () => [], getCard: () => "card" } }, {
        authenticate: demoAuthenticate,
        rateLimitStore: redisStore.redisRateLimitStore(connection.client, { prefix: "server:" }),
      }),
    );
    const call = (handle: (request: Request) => Promise<Response>, path: string, token: string) =>
      handle(new Request(`http://127.0.0.1${path}`, { headers: { authorization: token } })).then((response) => response.status);
    expect(await call(a!, "/cards", "tok-personal-s1")).toBe(200);
    expect(await call(b!, "/cards/c1", "tok-service-s1")).toBe(200);
    expect(await call(a!, "/cards/c2", "tok-personal-s1")).toBe(429);
    expect(await call(b!, "/cards", "tok-personal-s1")).toBe(429);
    expect(await call(b!, "/cards", "tok-personal-s2")).toBe(200);
    const keys = ((await connections[1]!.command("KEYS", "server:*")) as string[]).filter((key) => key.includes("group")).sort();
    expect(keys).toEqual([`server:{${JSON.stringify(["s1", "group:content"])}}`, `server:{${JSON.stringify(["s2", "group:content"])}}`]);
  });
});
