// oasdiff's own test pairs (its repository's data/ folder, read from a checkout: see
// oasdiffData) against `catalogen diff`. test/diff/oasdiff-cases.json lists, from oasdiff's
// checker tests, each test that loads two files of data/ and changes nothing in Go code, with the
// breaking changes (levels ERR and WARN) it expects; SAME says which catalogen rules report the
// same change. Checks that need what catalogen's model does not hold (contains,
// dependentRequired, unevaluated*, x-extensible-enum) map to none and count as missed.
import { existsSync } from "node:fs";
import { join } from "node:path";

const tightened = ["request-constraint-tightened"];
const typeChanged = (where: "request" | "response") => [`${where}-type-changed`, `${where}-format-changed`];
const MISSING: string[] = [];

export const SAME: Record<string, string[]> = {
  "api-path-removed-without-deprecation": ["operation-removed", "operation-route-changed"],
  "new-required-request-default-parameter-to-existing-path": ["parameter-added-required"],
  "new-required-request-property": ["request-property-added-required"],
  "new-required-request-property-with-default": ["request-property-added-required"],
  "optional-response-header-removed": ["response-header-removed"],
  "request-body-all-of-added": ["request-type-changed", "request-property-added-required"],
  "request-body-all-of-removed": ["request-type-changed", "request-property-removed"],
  "request-body-any-of-removed": ["request-variant-removed"],
  "request-body-became-enum": ["request-became-enum"],
  "request-body-const-changed": ["request-const-changed"],
  "request-body-dependent-required-changed": MISSING,
  "request-body-max-contains-decreased": MISSING,
  "request-body-max-length-set": tightened,
  "request-body-max-set": tightened,
  "request-body-media-type-removed": ["request-media-type-removed"],
  "request-body-min-contains-increased": MISSING,
  "request-body-min-items-increased": tightened,
  "request-body-one-of-removed": ["request-variant-removed"],
  "request-body-removed": ["request-body-removed"],
  "request-body-type-changed": typeChanged("request"),
  "request-body-wrapped-in-one-of": ["request-type-changed", "request-variant-added"],
  "request-header-property-became-enum": ["request-became-enum"],
  "request-parameter-became-enum": ["request-became-enum"],
  "request-parameter-default-value-changed": ["request-default-changed"],
  "request-parameter-enum-value-removed": ["request-enum-value-removed"],
  "request-parameter-max-decreased": tightened,
  "request-parameter-max-items-decreased": tightened,
  "request-parameter-max-length-decreased": tightened,
  "request-parameter-max-length-set": tightened,
  "request-parameter-min-increased": tightened,
  "request-parameter-min-items-increased": tightened,
  "request-parameter-min-length-increased": tightened,
  "request-parameter-pattern-added": tightened,
  "request-parameter-pattern-changed": tightened,
  "request-parameter-property-enum-value-removed": ["request-enum-value-removed"],
  "request-parameter-property-type-changed": typeChanged("request"),
  "request-parameter-property-type-specialized": typeChanged("request"),
  "request-parameter-removed": ["parameter-removed"],
  "request-parameter-x-extensible-enum-value-removed": MISSING,
  "request-property-all-of-added": ["request-type-changed", "request-property-added-required"],
  "request-property-all-of-removed": ["request-type-changed", "request-property-removed"],
  "request-property-any-of-removed": ["request-variant-removed"],
  "request-property-became-enum": ["request-became-enum"],
  "request-property-became-not-nullable": ["request-became-not-nullable"],
  "request-property-contains-added": MISSING,
  "request-property-dependent-required-added": MISSING,
  "request-property-dependent-required-changed": MISSING,
  "request-property-max-contains-decreased": MISSING,
  "request-property-max-length-set": tightened,
  "request-property-max-set": tightened,
  "request-property-min-contains-increased": MISSING,
  "request-property-min-increased": tightened,
  "request-property-one-of-removed": ["request-variant-removed"],
  "request-property-pattern-added": tightened,
  "request-property-pattern-changed": tightened,
  "request-property-removed": ["request-property-removed"],
  "request-property-type-changed": typeChanged("request"),
  "request-property-unevaluated-items-added": MISSING,
  "request-property-unevaluated-properties-added": MISSING,
  "request-property-x-extensible-enum-value-removed": MISSING,
  "response-body-became-nullable": ["response-became-nullable"],
  "response-body-contains-removed": MISSING,
  "response-body-dependent-required-changed": MISSING,
  "response-body-dependent-required-removed": MISSING,
  "response-body-max-contains-increased": MISSING,
  "response-body-min-contains-decreased": MISSING,
  "response-body-one-of-added": ["response-variant-added"],
  "response-body-type-changed": typeChanged("response"),
  "response-body-unevaluated-items-removed": MISSING,
  "response-body-unevaluated-properties-removed": MISSING,
  "response-body-wrapped-in-one-of": ["response-type-changed", "response-variant-added"],
  "response-header-became-nullable": ["response-became-nullable"],
  "response-header-type-changed": typeChanged("response"),
  "response-header-type-generalized": ["response-type-changed", "response-variant-added"],
  "response-media-type-removed": ["response-media-type-removed"],
  "response-optional-property-removed": ["response-property-removed"],
  "response-property-became-nullable": ["response-became-nullable"],
  "response-property-became-optional": ["response-property-became-optional"],
  "response-property-const-changed": ["response-const-changed"],
  "response-property-contains-removed": MISSING,
  "response-property-dependent-required-changed": MISSING,
  "response-property-dependent-required-removed": MISSING,
  "response-property-enum-value-added": ["response-enum-value-added"],
  "response-property-max-contains-increased": MISSING,
  "response-property-min-contains-decreased": MISSING,
  "response-property-type-changed": typeChanged("response"),
  "response-property-unevaluated-items-removed": MISSING,
  "response-property-unevaluated-properties-removed": MISSING,
  "response-success-status-removed": ["response-success-status-removed"],
};

/** Why a pair's change is not found although catalogen has a rule for it, by the pair's old file. */
export const WHY_MISSED: Record<string, string> = {
  "data/enums/request-body-no-enum.yaml": "oasdiff's file is not valid OpenAPI (a mis-indented `content:`); catalogen refuses it",
  "data/nullable/base-req.yaml": "oasdiff's file is not valid OpenAPI (a mis-indented `responses:`); catalogen refuses it",
  "data/checker/request_parameter_became_enum_base.yaml": "the parameter is `in: path` but the path has no `{groupId}`; the importer drops it",
  "data/checker/request_parameter_max_updated_revision.yaml": "the parameter is `in: path` but the path has no `{groupId}`; the importer drops it",
  "data/checker/request_parameter_min_increased_base.yaml": "the parameter is `in: path` but the path has no `{groupId}`; the importer drops it",
  "data/checker/request_parameter_max_items_updated_revision.yaml": "`maxItems` is written on the array's items (strings), where it means nothing; the model keeps a constraint only on the kind it applies to",
  "data/pattern-base.yaml": "the property is `readOnly`: a client never sends it, so catalogen leaves it out of the request",
};

export interface OasdiffCase {
  test: string;
  old: string;
  new: string;
  expect: { id: string; operation: string | null; path: string | null }[];
}

/**
 * A folder holding oasdiff's data/ (an oasdiff checkout, Apache-2.0): CATALOGEN_OASDIFF, else
 * ../shared/oasdiff beside the repository. Undefined when neither is there: oasdiff's files are
 * not copied into this repository, and the test that needs them is skipped.
 */
export function oasdiffData(repoRoot: string): string | undefined {
  for (const dir of [process.env.CATALOGEN_OASDIFF, join(repoRoot, "../shared/oasdiff")]) if (dir && existsSync(join(dir, "data/checker"))) return dir;
  return undefined;
}
