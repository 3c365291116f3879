// Who may call an operation: its security requirement and scopes, token kinds, token categories
// and whether a read-only token may. Fewer callers break clients; more, the server's checks.
import type { OperationModel } from "../model/types.js";
import type { Report } from "./types.js";

export function compareAccess(old: OperationModel, next: OperationModel, report: Report): void {
  const subject = next.id;
  compareSecurity(old, next, report);
  compareSet(old.tokens, next.tokens, subject, report, { dropped: "token-kind-dropped", added: "token-kind-added", documented: "tokens-documented", undocumented: "tokens-undocumented" });
  compareSet(old.categories, next.categories, subject, report, { dropped: "category-dropped", added: "category-added", documented: "categories-documented", undocumented: "categories-undocumented" });
  const [a, b] = [old.readOnlyTokens, next.readOnlyTokens];
  if (a === b) return;
  if (a === undefined) report("read-only-documented", { subject, new: b ? "yes" : "no" });
  else if (b === undefined) report("read-only-undocumented", { subject });
  else report(b ? "read-only-token-allowed" : "read-only-token-refused", { subject });
}

function compareSet(before: readonly string[] | undefined, after: readonly string[] | undefined, subject: string, report: Report, rules: { dropped: string; added: string; documented: string; undocumented: string }): void {
  if (before === undefined && after === undefined) return;
  if (before === undefined) return report(rules.documented, { subject, new: after!.join(", ") });
  if (after === undefined) return report(rules.undocumented, { subject, old: before.join(", ") });
  for (const item of before) if (!after.includes(item)) report(rules.dropped, { subject, old: item });
  for (const item of after) if (!before.includes(item)) report(rules.added, { subject, new: item });
}

/**
 * A caller that met an old alternative (a set of schemes) still may when some new alternative
 * needs no more than it; an alternative of the new version that no old one fits lets in callers
 * the server did not see before. Scopes count where the same alternative stays.
 */
function compareSecurity(old: OperationModel, next: OperationModel, report: Report): void {
  const [a, b] = [old.security, next.security];
  if (a === undefined || b === undefined) return;
  const text = (alternative: readonly string[]): string => (alternative.length === 0 ? "no credentials" : alternative.join(" + "));
  const fits = (inner: readonly string[], outer: readonly string[]): boolean => inner.every((scheme) => outer.includes(scheme));
  for (const alternative of a) if (!b.some((candidate) => fits(candidate, alternative))) report("security-requirement-added", { subject: next.id, old: text(alternative), new: b.map(text).join(" or ") });
  for (const alternative of b) if (!a.some((candidate) => fits(candidate, alternative))) report("security-requirement-removed", { subject: next.id, old: text(alternative) });
  a.forEach((alternative, i) => {
    const j = b.findIndex((candidate) => candidate.length === alternative.length && fits(candidate, alternative));
    if (j === -1) return;
    const before = old.securityScopes?.[i] ?? {};
    const after = next.securityScopes?.[j] ?? {};
    for (const scheme of alternative) {
      const had = before[scheme] ?? [];
      const has = after[scheme] ?? [];
      for (const scope of has) if (!had.includes(scope)) report("security-scope-added", { subject: next.id, new: `${scope} (${scheme})` });
      for (const scope of had) if (!has.includes(scope)) report("security-scope-removed", { subject: next.id, old: `${scope} (${scheme})` });
    }
  });
}
