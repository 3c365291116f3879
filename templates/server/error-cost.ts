// The cost of an error answer: a limit may say that an answer of some status (`409`) or class
// (`4XX`) spends more than one request of the budget. The request took one when it was let in; once
// answered, the rest is taken, or as much as the bucket holds (the budget is then spent: the next
// request gets its 429).
import type { RateLimitRule, RateLimitStore } from "../shared/rate-limit-store.js";

/** A limit with its error costs: status or class -> requests. */
export interface ErrorCostRule extends RateLimitRule {
  readonly errorCost?: Readonly<Record<string, number>>;
}

/** The requests an answer of `status` spends under `rule`: a listed status wins over its class; 1 when neither is listed. */
export function answerCost(rule: Pick<ErrorCostRule, "errorCost">, status: number): number {
  const costs = rule.errorCost;
  if (!costs) return 1;
  const text = String(status);
  return costs[text] ?? costs[`${text.charAt(0)}XX`] ?? 1;
}

/**
 * Takes what the answer costs beyond the one request already taken from each bucket; resolves what
 * is left of the lowest (undefined when no bucket was charged).
 */
export async function chargeAnswer(
  store: Pick<RateLimitStore, "take"> & Partial<Pick<RateLimitStore, "peek">>,
  buckets: readonly { key: string; rule: ErrorCostRule }[],
  status: number,
): Promise<number | undefined> {
  let remaining: number | undefined;
  for (const { key, rule } of buckets) {
    const extra = answerCost(rule, status) - 1;
    if (extra < 1) continue;
    let decision = await store.take(key, rule, Math.min(extra, rule.burst));
    if (!decision.allowed) {
      // Less than the cost is left: take all of it (a store without peek is asked for less and less).
      let left = store.peek ? await store.peek(key, rule) : Math.min(extra, rule.burst) - 1;
      for (; left > 0 && !decision.allowed; left = store.peek ? 0 : left - 1) decision = await store.take(key, rule, left);
      if (!decision.allowed) decision = { ...decision, remaining: 0 };
    }
    remaining = Math.min(remaining ?? Number.POSITIVE_INFINITY, decision.remaining);
  }
  return remaining;
}
