// redisRateLimitStore on Redis Cluster (a one-node cluster holding every slot), through the
// cluster clients of node-redis and ioredis: the script runs on the node that owns the bucket's
// slot, and the slot is that of the hash tag, the bucket's name.
import { Cluster } from "ioredis";
import { createCluster } from "redis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { redisRateLimitStore } from "../../templates/shared/redis-rate-limit-store.js";
import { connect, sleep, startRedis, within, type ConnectedRedis, type RedisServer } from "./support.js";

let redis: RedisServer;
let admin: ConnectedRedis;

beforeAll(async () => {
  redis = await startRedis({ cluster: true });
  admin = await connect("ioredis", redis.url);
  await admin.command("CLUSTER", "ADDSLOTSRANGE", "0", "16383");
  for (let tries = 0; !String(await admin.command("CLUSTER", "INFO")).includes("cluster_state:ok"); tries++) {
    if (tries > 100) throw new Error("the one-node cluster did not become ready");
    await sleep(50);
  }
});
afterAll(async () => {
  await admin?.close();
  await redis?.stop();
});

const clusters = {
  "node-redis": async () => {
    const cluster = createCluster({ rootNodes: [{ url: redis.url }] });
    cluster.on("error", () => undefined);
    await within(10_000, "node-redis connecting to the cluster", cluster.connect());
    return { client: cluster, close: () => cluster.destroy() };
  },
  ioredis: async () => {
    const cluster = new Cluster([{ host: "127.0.0.1", port: redis.port }]);
    cluster.on("error", () => undefined);
    await within(10_000, "ioredis connecting to the cluster", new Promise((resolve) => cluster.once("ready", resolve)));
    return { client: cluster, close: () => cluster.disconnect() };
  },
};

describe.each(Object.keys(clusters) as (keyof typeof clusters)[])("Redis Cluster through %s", (kind) => {
  test("buckets work as on one node, each key in the slot of its hash tag", async () => {
    const { client, close } = await clusters[kind]();
    try {
      const store = redisRateLimitStore(client, { prefix: `cluster-${kind}:` });
      const rule = { burst: 2, intervalMs: 60_000 };
      const bucket = '["s1","getDiscrepancies",0]';
      expect(await store.take(bucket, rule)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await store.take(bucket, rule)).toMatchObject({ allowed: true, remaining: 0 });
      expect(await store.take(bucket, rule)).toMatchObject({ allowed: false });
      expect(await store.peek(bucket, rule)).toBe(0);
      expect(await store.take('["s2","getDiscrepancies",0]', rule)).toMatchObject({ allowed: true });

      const key = `cluster-${kind}:{${bucket}}`;
      expect(Number(await admin.command("EXISTS", key))).toBe(1);
      expect(await admin.command("CLUSTER", "KEYSLOT", key)).toBe(await admin.command("CLUSTER", "KEYSLOT", bucket));
    } finally {
      await close();
    }
  });
});
