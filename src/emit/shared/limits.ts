// Text about rate limits that several emitters share: the token kinds of a per-kind limit as a
// descriptor field, and the words docs and doc comments use for a limit's kinds and group.
import type { RateLimit } from "../../model/types.js";
import { stringLiteral } from "../../shared/sinks.js";

/** `, tokens: ["personal"]` for a limit of some token kinds; empty for a limit of every kind. */
export function limitTokens(limit: RateLimit): string {
  return limit.tokens ? `, tokens: [${limit.tokens.map(stringLiteral).join(", ")}]` : "";
}

/** ` (personal tokens; shared budget of group content)`: what sets the limit apart; empty for an operation's own limit of every kind. */
export function limitQualifier(limit: RateLimit): string {
  const parts = [
    ...(limit.tokens ? [`${limit.tokens.join(", ")} tokens`] : []),
    ...(limit.group !== undefined ? [`shared budget of group ${limit.group}`] : []),
  ];
  return parts.length > 0 ? ` (${parts.join("; ")})` : "";
}
