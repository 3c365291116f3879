// The one rate-limit store interface of the client and the server (ships to both as
// <target>/shared/rate-limit-store.ts). A store keeps token buckets by key and decides atomically;
// it owns its clock, so instances that share a store (e.g. one Redis) agree on time.
import type { RateLimitDecision, RateLimitRule } from "./bucket.js";

export type { RateLimitDecision, RateLimitRule };

export interface RateLimitStore {
  /**
   * Takes `cost` requests' budget (default 1) from the bucket `key` when it has that much, and
   * says so; takes nothing when it has not. Atomic per key, across every user of the store.
   */
  take(key: string, rule: RateLimitRule, cost?: number): RateLimitDecision | Promise<RateLimitDecision>;
  /** Requests the bucket `key` would still let go now, without taking any. */
  peek(key: string, rule: RateLimitRule): number | Promise<number>;
}
