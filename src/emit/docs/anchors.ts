// Heading anchors the way GitHub makes them (github-slugger): each heading's text is lower-cased,
// punctuation is dropped, spaces become `-`, and a slug already used on the page gets `-1`,
// `-2`, ... in document order. So the anchors of a page are found by walking all of its headings,
// fixed ones included, in the order the templates print them.
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import { typeIndex } from "../../model/type-index.js";

/** GitHub's slug of a heading's visible text (before numbering repeats). */
export function slug(heading: string): string {
  // Every page's fixed headings ("Parameters", "Responses", statuses) come again and again, and a
  // change run at 10,000 operations walks them all: each text is slugged once.
  let known = slugs.get(heading);
  if (known === undefined) {
    // Letters, digits, "_" and "-" only (operation ids, most type names): lower case is the slug.
    known = /^[A-Za-z0-9_-]*$/.test(heading)
      ? heading.toLowerCase()
      : heading
          .toLowerCase()
          .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "")
          .replace(/\s/g, "-");
    if (slugs.size >= MAX_SLUGS) slugs.clear();
    slugs.set(heading, known);
  }
  return known;
}

const slugs = new Map<string, string>();
/** Bounds the memo of a long-lived process (the watcher, the language server). */
const MAX_SLUGS = 50_000;

/** Numbers repeated slugs on one page, as github-slugger does. */
export class Slugger {
  private readonly occurrences = new Map<string, number>();

  slug(heading: string): string {
    const base = slug(heading);
    let result = base;
    while (this.occurrences.has(result)) {
      const n = (this.occurrences.get(base) ?? 0) + 1;
      this.occurrences.set(base, n);
      result = `${base}-${n}`;
    }
    this.occurrences.set(result, 0);
    return result;
  }
}

/** Anchors of every operation section and every declared type, by operation id and type name. */
export interface Anchors {
  operations: ReadonlyMap<string, string>;
  types: ReadonlyMap<string, string>;
}

/** An empty list of limits, constraints or responses says no more than an absent one. */
export function documented<T>(list: readonly T[] | undefined): readonly T[] | undefined {
  return list === undefined || list.length === 0 ? undefined : list;
}

/**
 * The headings below an operation's own, in page order (see templates/docs/operation.md.hbs): a
 * part the catalogue is silent on has no heading, only its name in the "Not documented" line.
 */
export function operationHeadings(operation: OperationModel): string[] {
  const responses = documented(operation.responses);
  return [
    ...(operation.description === undefined ? [] : ["Description"]),
    ...(documented(operation.limits) === undefined ? [] : ["Rate limits"]),
    ...(documented(operation.constraints) === undefined ? [] : ["Constraints"]),
    "Parameters",
    ...(operation.request === undefined ? [] : ["Request body"]),
    ...(responses === undefined ? [] : ["Responses", ...responses.map((response) => response.status)]),
  ];
}

/** Walks every module page's headings in order. */
export function pageAnchors(model: ApiModel): Anchors {
  const operations = new Map<string, string>();
  const types = new Map<string, string>();
  // Each module's declared types, in the order declaredTypes gives them: one pass, not one per module.
  const declaredIn = new Map<string, string[]>();
  for (const named of model.types) {
    const names = declaredIn.get(named.module);
    if (names) names.push(named.name);
    else declaredIn.set(named.module, [named.name]);
  }
  for (const module of model.modules) {
    const declared = declaredIn.get(module.id) ?? [];
    if (!plainAnchors(module, declared, operations, types)) walkPage(module, declared, operations, types);
  }
  return { operations, types };
}

/** The anchors of one module's page (its operations' and declared types'), in page order. */
export function moduleAnchors(module: ModuleModel, declared: readonly string[]): { operations: [id: string, anchor: string][]; types: [name: string, anchor: string][] } {
  const operations = new Map<string, string>();
  const types = new Map<string, string>();
  if (!plainAnchors(module, declared, operations, types)) walkPage(module, declared, operations, types);
  return { operations: [...operations], types: [...types] };
}

/** The anchors of one module's page, found by slugging its headings in page order. */
function walkPage(module: ModuleModel, declared: readonly string[], operations: Map<string, string>, types: Map<string, string>): void {
  const slugger = new Slugger();
  slugger.slug(visible(module.title));
  slugger.slug("Operations");
  for (const operation of module.operations) {
    operations.set(operation.id, slugger.slug(operation.id));
    for (const heading of operationHeadings(operation)) slugger.slug(heading);
  }
  if (declared.length > 0) slugger.slug("Types declared in this module");
  for (const name of declared) types.set(name, slugger.slug(name));
}

/** The slugs every operation section may have below its own heading (operationHeadings, statuses apart). */
const SECTION_SLUGS = ["operations", "types-declared-in-this-module", "description", "rate-limits", "constraints", "parameters", "request-body", "responses"];

/**
 * The page's anchors without walking its headings, when no operation id or type name can meet
 * another heading's slug: each is then the first of its slug on the page, so its anchor is its
 * slug. True when that held (and the anchors are set); false: walk the page.
 */
function plainAnchors(module: ModuleModel, declared: readonly string[], operations: Map<string, string>, types: Map<string, string>): boolean {
  const fixed = new Set(SECTION_SLUGS);
  fixed.add(slug(visible(module.title)));
  for (const operation of module.operations) for (const response of operation.responses ?? []) fixed.add(slug(response.status));
  const seen = new Set<string>();
  // A slug is safe when it is no fixed heading's slug, nor one numbered (`parameters-1`), nor taken.
  const safe = (name: string): string | undefined => {
    const own = slug(name);
    if (seen.has(own) || fixed.has(own) || fixed.has(own.replace(/-\d+$/, ""))) return undefined;
    seen.add(own);
    return own;
  };
  const found: [string, string][] = [];
  for (const operation of module.operations) {
    const anchor = safe(operation.id);
    if (anchor === undefined) return false;
    found.push([operation.id, anchor]);
  }
  const foundTypes: [string, string][] = [];
  for (const name of declared) {
    const anchor = safe(name);
    if (anchor === undefined) return false;
    foundTypes.push([name, anchor]);
  }
  for (const [id, anchor] of found) operations.set(id, anchor);
  for (const [name, anchor] of foundTypes) types.set(name, anchor);
  return true;
}

/** `pageAnchors` walking every heading of every page (what the plain anchors must agree with). */
export function walkedAnchors(model: ApiModel): Anchors {
  const operations = new Map<string, string>();
  const types = new Map<string, string>();
  for (const module of model.modules) walkPage(module, declaredTypes(model, module), operations, types);
  return { operations, types };
}

export function declaredTypes(model: ApiModel, module: ModuleModel): string[] {
  return (typeIndex(model.types).byModule.get(module.id) ?? []).map((named) => named.name);
}

/** The text a reader sees of escaped inline catalogue text (markdownText flattens breaks to spaces). */
function visible(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, " ").trim();
}
