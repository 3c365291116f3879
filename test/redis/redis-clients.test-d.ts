// redisRateLimitStore takes node-redis 5 and ioredis clients (single and cluster) as they are,
// with no adapter, and refuses what is neither.
import { createClient, createCluster } from "redis";
import { Cluster, Redis } from "ioredis";
import { expectTypeOf, test } from "vitest";
import type { RateLimitStore } from "../../templates/shared/rate-limit-store.js";
import { redisRateLimitStore } from "../../templates/shared/redis-rate-limit-store.js";

test("node-redis and ioredis clients fit as they are", () => {
  expectTypeOf(redisRateLimitStore(createClient())).toEqualTypeOf<RateLimitStore>();
  expectTypeOf(redisRateLimitStore(createCluster({ rootNodes: [] }))).toEqualTypeOf<RateLimitStore>();
  expectTypeOf(redisRateLimitStore(new Redis({ lazyConnect: true }))).toEqualTypeOf<RateLimitStore>();
  expectTypeOf(redisRateLimitStore(new Cluster([], { lazyConnect: true }))).toEqualTypeOf<RateLimitStore>();
  // @ts-expect-error not a Redis client
  redisRateLimitStore({ get: () => 1 });
});
