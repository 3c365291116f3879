// Rate limits per principal: the store interface and the in-memory store are shared with the client
// (../shared/rate-limit-store.ts, ../shared/memory-rate-limit-store.ts; the arithmetic is
// ../shared/bucket.ts). Several server instances share their buckets through one store, e.g.
// redisRateLimitStore (../shared/redis-rate-limit-store.ts).
export { peekBucket, takeFromBucket, type RateLimitDecision, type RateLimitRule } from "../shared/bucket.js";
export type { RateLimitStore } from "../shared/rate-limit-store.js";
export { MemoryRateLimitStore, type MemoryRateLimitStoreOptions } from "../shared/memory-rate-limit-store.js";
