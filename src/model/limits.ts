// Rate limits in the model: an operation's `{ group }` references resolved into the group's limit,
// and the bucket each limit spends from (what the client and server emitters key their buckets by).
import type { RawLimit, RawLimitGroup, RawLimitRef } from "../load/raw.js";
import { parseDuration } from "../shared/duration.js";
import type { ErrorCost, LimitGroup, OperationModel, RateLimit } from "./types.js";

/** A limit as the model holds it; `group` marks the limit of a group. */
export function rateLimit(raw: RawLimit, group?: string): RateLimit {
  return {
    scope: raw.scope,
    period: { milliseconds: parseDuration(raw.period)!, text: raw.period },
    limit: raw.limit,
    interval: { milliseconds: parseDuration(raw.interval)!, text: raw.interval },
    burst: raw.burst,
    ...(raw.tokens !== undefined && { tokens: [...raw.tokens] }),
    ...(group !== undefined && { group }),
    ...(raw.errorCost !== undefined && { errorCost: errorCosts(raw.errorCost) }),
  };
}

export function limitGroups(raw: readonly RawLimitGroup[]): LimitGroup[] {
  return raw.map((group) => ({
    id: group.id,
    ...(group.description !== undefined && { description: group.description }),
    limit: rateLimit(group, group.id),
  }));
}

/** An operation's limits, group references replaced by their group's limit (validated: every group exists). */
export function operationLimits(raw: readonly (RawLimit | RawLimitRef)[], groups: readonly LimitGroup[]): RateLimit[] {
  return raw.map((limit) => ("group" in limit ? groups.find((group) => group.id === limit.group)!.limit : rateLimit(limit)));
}

/**
 * The bucket a limit of an operation spends from: `group:<id>` for a group's (shared by every
 * operation of the group), `<operation id>:<index>` for the operation's own. Operation ids are
 * camelCase and group ids start with a lowercase letter, so the two never meet.
 */
export function limitBucket(operation: Pick<OperationModel, "id">, limit: RateLimit, index: number): string {
  return limit.group !== undefined ? `group:${limit.group}` : `${operation.id}:${index}`;
}

/** `{ 4XX: 10 }` -> `[{ status: "4XX", cost: 10 }]`, sorted by status. */
export function errorCosts(raw: Readonly<Record<string, number>>): ErrorCost[] {
  return Object.keys(raw)
    .sort()
    .map((status) => ({ status, cost: raw[status]! }));
}

