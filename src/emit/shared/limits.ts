// Text about rate limits that several emitters share: the token kinds of a per-kind limit as a
// descriptor field, and the words docs and doc comments use for a limit's kinds and group.
import type { ApiModel, OperationModel, RateLimit } from "../../model/types.js";
import { stringLiteral } from "../../shared/sinks.js";

/** `, tokens: ["personal"]` for a limit of some token kinds; empty for a limit of every kind. */
export function limitTokens(limit: RateLimit): string {
  return limit.tokens ? `, tokens: [${limit.tokens.map(stringLiteral).join(", ")}]` : "";
}

/** `, errorCost: { "4XX": 10 }` for a limit whose error answers cost more than one request; empty otherwise. */
export function limitErrorCost(limit: RateLimit): string {
  return limit.errorCost ? `, errorCost: { ${limit.errorCost.map((entry) => `${stringLiteral(entry.status)}: ${entry.cost}`).join(", ")} }` : "";
}

/** What an operation says of the tokens that may call it besides their kind: `categories: [...]`, `readOnlyTokens: ...` (descriptor fields). */
export function accessFields(operation: OperationModel): string[] {
  return [
    ...(operation.categories ? [`categories: [${operation.categories.map(stringLiteral).join(", ")}]`] : []),
    ...(operation.readOnlyTokens !== undefined ? [`readOnlyTokens: ${operation.readOnlyTokens}`] : []),
  ];
}

/** `categories content, finance; read-only tokens may call it`: the access rules in words; undefined when the catalogue says none. */
export function accessText(operation: OperationModel): string | undefined {
  const parts = [
    ...(operation.categories ? [`token categories ${operation.categories.join(", ")}${operation.categories.includes("all") ? " (all: any category)" : ""}`] : []),
    ...(operation.readOnlyTokens === true ? ["read-only tokens may call it"] : operation.readOnlyTokens === false ? ["a read-only token may not call it (it writes)"] : []),
  ];
  return parts.length > 0 ? parts.join("; ") : undefined;
}

/** ` (personal tokens; shared budget of group content)`: what sets the limit apart; empty for an operation's own limit of every kind. */
export function limitQualifier(limit: RateLimit): string {
  const parts = [
    ...(limit.tokens ? [`${limit.tokens.join(", ")} tokens`] : []),
    ...(limit.group !== undefined ? [`shared budget of group ${limit.group}`] : []),
    ...(limit.errorCost ?? []).map((entry) => `an answer of ${entry.status} costs ${entry.cost} requests`),
  ];
  return parts.length > 0 ? ` (${parts.join("; ")})` : "";
}

/** The Redis rate-limit store the client and server ship: only for a catalogue with some rate limit (it has nothing to count otherwise). */
export const REDIS_STORE_FILE = "redis-rate-limit-store.ts";

/** True when some operation has a rate limit (its own or a limit group's). */
export function usesRateLimits(model: ApiModel): boolean {
  return model.modules.some((module) => module.operations.some((operation) => (operation.limits?.length ?? 0) > 0));
}
