// The version bump the findings call for, and whether the new version field makes it.
import type { Finding, VersionCheck } from "./types.js";

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

export function versionCheck(findings: readonly Finding[], old: string | undefined, next: string | undefined): VersionCheck {
  const suggested = findings.some((finding) => finding.level === "breaking") ? "major" : findings.some((finding) => finding.level === "compatible") ? "minor" : findings.length > 0 ? "patch" : "none";
  const base = { suggested, ...(old !== undefined && { old }), ...(next !== undefined && { new: next }) } as const;
  const a = old === undefined ? null : SEMVER.exec(old);
  const b = next === undefined ? null : SEMVER.exec(next);
  if (!a || !b) {
    const missing = old === undefined || next === undefined ? "a version field is missing" : "a version is not semver (MAJOR.MINOR.PATCH)";
    return { ...base, message: `suggested bump: ${suggested}; not checked: ${missing}` };
  }
  const [major, minor, patch] = [1, 2, 3].map((i) => Number(b[i]) - Number(a[i])) as [number, number, number];
  const bump = major > 0 ? "major" : major < 0 ? "lower" : minor > 0 ? "minor" : minor < 0 ? "lower" : patch > 0 ? "patch" : patch < 0 ? "lower" : "none";
  // Below 1.0.0 a minor bump may break (semver's rule 4); the check takes it for a major one.
  const effective = bump === "minor" && Number(a[1]) === 0 ? "major" : bump;
  const rank = { lower: -1, none: 0, patch: 1, minor: 2, major: 3 } as const;
  const ok = rank[effective] >= rank[suggested];
  const said = `${old} → ${next} is ${bump === "lower" ? "a lower version" : bump === "none" ? "the same version" : `a ${bump} bump`}`;
  return { ...base, ok, message: ok ? `${said}; the changes call for ${suggested === "none" ? "none" : `a ${suggested} bump`}` : `${said}, but the changes call for a ${suggested} bump` };
}
