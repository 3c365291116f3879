// An operation's rate limits in two versions. Limits are matched by their bucket: a shared group by
// its id, the operation's own by the token kinds they apply to. A lower rate, a smaller burst, a
// new limit, a group joined or a dearer error answer break clients (they are refused where they
// were not); the mirror cases break the server's limiter, which must now let more through.
import type { RateLimit } from "../model/types.js";
import type { Report } from "./types.js";

export function compareLimits(before: readonly RateLimit[] | undefined, after: readonly RateLimit[] | undefined, report: Report): void {
  if (before === undefined && after === undefined) return;
  const all = (limits: readonly RateLimit[]): string => limits.map((limit) => `${text(limit)}, burst ${limit.burst}`).join("; ");
  if (before === undefined) return report("limits-documented", { subject: "limits", new: all(after!) });
  if (after === undefined) return report("limits-undocumented", { subject: "limits", old: all(before) });
  const next = keyed(after);
  const old = keyed(before);
  for (const [key, limit] of old) {
    const found = next.get(key);
    if (!found) {
      if (limit.group !== undefined) report("limit-group-left", { subject: name(limit), old: limit.group });
      else report("limit-removed", { subject: name(limit), old: text(limit) });
      continue;
    }
    compareLimit(limit, found, report);
  }
  for (const [key, limit] of next) {
    if (old.has(key)) continue;
    if (limit.group !== undefined) report("limit-group-joined", { subject: name(limit), new: limit.group });
    else report("limit-added", { subject: name(limit), new: `${text(limit)}, burst ${limit.burst}` });
  }
}

function compareLimit(old: RateLimit, next: RateLimit, report: Report): void {
  const subject = name(next);
  // Requests a millisecond, over the period and as the interval gives them back.
  const rate = (limit: RateLimit): number => Math.min(limit.limit / limit.period.milliseconds, 1 / limit.interval.milliseconds);
  if (rate(next) < rate(old)) report("limit-lowered", { subject, old: text(old), new: text(next) });
  else if (rate(next) > rate(old)) report("limit-raised", { subject, old: text(old), new: text(next) });
  if (next.burst < old.burst) report("burst-reduced", { subject, old: String(old.burst), new: String(next.burst) });
  if (next.burst > old.burst) report("burst-increased", { subject, old: String(old.burst), new: String(next.burst) });
  const costs = (limit: RateLimit): Map<string, number> => new Map((limit.errorCost ?? []).map((cost) => [cost.status.toUpperCase(), cost.cost]));
  const [a, b] = [costs(old), costs(next)];
  for (const status of new Set([...a.keys(), ...b.keys()])) {
    const [was, is] = [a.get(status) ?? 1, b.get(status) ?? 1];
    if (is > was) report("error-cost-raised", { subject: status, old: requests(was), new: requests(is) });
    if (is < was) report("error-cost-lowered", { subject: status, old: requests(was), new: requests(is) });
  }
}

/** Own limits by the token kinds they apply to (several alike: by order); a group's by its id. */
function keyed(limits: readonly RateLimit[]): Map<string, RateLimit> {
  const map = new Map<string, RateLimit>();
  for (const limit of limits) {
    const base = limit.group !== undefined ? `group:${limit.group}` : `own:${limit.tokens ? [...limit.tokens].sort().join(",") : "*"}`;
    let key = base;
    for (let n = 2; map.has(key); n++) key = `${base}#${n}`;
    map.set(key, limit);
  }
  return map;
}

function name(limit: RateLimit): string {
  if (limit.group !== undefined) return `limit of the group ${limit.group}`;
  return limit.tokens ? `limit for ${limit.tokens.join(", ")} tokens` : "limit";
}

function text(limit: RateLimit): string {
  return `${limit.limit} per ${limit.period.text}, one back every ${limit.interval.text}`;
}

function requests(count: number): string {
  return count === 1 ? "1 request" : `${count} requests`;
}
