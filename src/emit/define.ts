// The target door: what a target is (built-in or a plugin), and how its options are checked.
// A leaf module: the config loader, the pipeline and every target import it; it imports no emitter.
import { hash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ApiModel, ModuleModel } from "../model/types.js";
import type { PlannedFile } from "./plan.js";
import { closest } from "../shared/suggest.js";

/**
 * What a target option holds: `"boolean"`, `"string"`, `"number"`, `"strings"` (a list of
 * strings) or one of some words (`["3.1", "3.2"]`).
 */
export type OptionKind = "boolean" | "string" | "number" | "strings" | readonly string[];

/** A target's options by name, each with its kind: the keys a config may give it. */
export type OptionSpecs = { readonly [key: string]: OptionKind };

/** The options `plan` receives: every key optional (the target chooses its defaults). */
export type OptionsOf<Specs extends OptionSpecs> = { -readonly [Key in keyof Specs]?: ValueOf<Specs[Key]> };

type ValueOf<Kind> = Kind extends "boolean"
  ? boolean
  : Kind extends "string"
    ? string
    : Kind extends "number"
      ? number
      : Kind extends "strings"
        ? string[]
        : Kind extends readonly (infer Word)[]
          ? Word
          : never;

export interface TargetDefinition<Specs extends OptionSpecs = OptionSpecs> {
  /** Lower-case letters, digits and hyphens (`route-list`): how `targets` names it. */
  readonly name: string;
  /** The options a `{ name, ...options }` entry may give, with their kinds. Default: none. */
  readonly options?: Specs;
  /**
   * Targets whose output this one's files import (e.g. `["client"]`): generated with it (added with
   * their defaults when the config does not list them) and before it.
   */
  readonly requires?: readonly string[];
  /**
   * The target's files, paths relative to the output folder (posix, no `..`). Set `module` on a file
   * made from one module so that a generate keeps it while that module is unchanged. Never touches
   * the disk; text from the model reaches a file only through catalogen's escaping sinks.
   */
  plan(model: ApiModel, options: OptionsOf<Specs>, context: PlanContext): Iterable<PlannedFile> | Promise<Iterable<PlannedFile>>;
}

/** What a plan receives besides the model and its options: the run's help with work an earlier run did. */
export interface PlanContext {
  /**
   * Each module's facts named `name` (the target's name, or it and `-` and a variant:
   * `client-compact`), as `make` works them out: a plain function of the module (and the model it
   * closes over). Within a generate, a module's facts are kept from the run before while the
   * module's key is the same (its operations, the named types it reaches, the API-level parts), so a
   * file joining the modules need not read the operations of every module. Asked twice for one
   * name, the same facts (the first `make`).
   */
  moduleFacts<T>(name: string, make: (module: ModuleModel) => T): ModuleFacts<T>;
  /** What catalogen's own targets keep to copy parts of a file next time; undefined for a plugin's target and where the run keeps nothing. */
  readonly pieces?: KeptPieces;
}

/** A target's facts of each module (PlanContext.moduleFacts). Facts are plain data (kept as a serialized value). */
export interface ModuleFacts<T> {
  /** Module `module`'s facts, worked out once per run (or kept). */
  of(module: ModuleModel): T;
  /** Whether module `id`'s facts (asked with `of` first) were kept from an earlier run whose plan ran to its end. */
  kept(id: string): boolean;
  /**
   * What the target's files joining the modules are made from, as a hash: the model but its
   * modules' operations, and these facts of every module. Such a file given it as its `joinedFrom`
   * is kept without being made while the hash is the one it was made from. Undefined outside a
   * generate.
   */
  readonly joinedFrom?: () => string;
}

/** Values kept between runs for one of catalogen's own targets (openapi.json's layout), by unit and content key. */
export interface KeptPieces {
  recall<T>(unit: string, content: string, accept: (value: unknown) => value is T): T | undefined;
  remember(unit: string, content: string, value: unknown): void;
  /** The hash of what module `id`'s files of this target are made from. */
  moduleKey(id: string): string;
  /** Counts a piece made afresh, not copied (the run's report, `piecesMade`). */
  pieceMade(): void;
}

/** A context that keeps nothing: each module's facts made once, when first asked for (a plan called outside a generate). */
export function plainContext(): PlanContext {
  const named = new Map<string, ModuleFacts<unknown>>();
  return {
    moduleFacts<T>(name: string, make: (module: ModuleModel) => T): ModuleFacts<T> {
      let facts = named.get(name) as ModuleFacts<T> | undefined;
      if (facts === undefined) named.set(name, (facts = { of: madeOnce(make), kept: () => false }));
      return facts;
    },
  };
}

/** `make`, each module's value made once. */
export function madeOnce<T>(make: (module: ModuleModel) => T): (module: ModuleModel) => T {
  const made = new Map<string, T>();
  return (module) => {
    let facts = made.get(module.id);
    if (facts === undefined) made.set(module.id, (facts = make(module)));
    return facts;
  };
}

/** A target of any options, as the pipeline holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTarget = TargetDefinition<any>;

/** A `targets` entry: a target's name, or `{ name, ...options }`. */
export type TargetEntry<Name extends string = string> = Name | ({ name: Name } & { [option: string]: unknown });

export const TARGET_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** A target a user, a package or catalogen itself defines; checks its shape once, here. */
export function defineTarget<const Specs extends OptionSpecs = Record<never, never>>(definition: TargetDefinition<Specs>): TargetDefinition<Specs> {
  const problem = definitionProblem(definition);
  if (problem) throw new TypeError(`defineTarget: ${problem}`);
  return Object.freeze({ ...definition, ...(definition.requires && { requires: Object.freeze([...definition.requires]) }) });
}

/** What is wrong with a value offered as a target definition (e.g. a plugin module's export), if anything. */
export function definitionProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return "a target definition is an object made by defineTarget({ name, plan })";
  const { name, plan, options, requires } = value as Partial<TargetDefinition>;
  if (typeof name !== "string" || !TARGET_NAME.test(name)) return `the name ${JSON.stringify(name)} is not lower-case letters, digits and hyphens (e.g. "route-list")`;
  if (typeof plan !== "function") return `target "${name}" has no plan(model, options) function`;
  if (requires !== undefined && (!Array.isArray(requires) || !requires.every((item) => typeof item === "string"))) return `target "${name}": requires must be a list of target names`;
  if (options !== undefined) {
    if (typeof options !== "object" || options === null || Array.isArray(options)) return `target "${name}": options must be an object of option kinds`;
    for (const [key, kind] of Object.entries(options)) {
      if (key === "name") return `target "${name}": "name" cannot be an option (it names the target)`;
      if (!isOptionKind(kind)) return `target "${name}": option "${key}" has kind ${JSON.stringify(kind)}; use "boolean", "string", "number", "strings" or a list of words`;
    }
  }
  return undefined;
}

function isOptionKind(kind: unknown): kind is OptionKind {
  return kind === "boolean" || kind === "string" || kind === "number" || kind === "strings" || (Array.isArray(kind) && kind.length > 0 && kind.every((word) => typeof word === "string"));
}

/** A `targets` entry's name and options; undefined when it is neither a name nor an object with one. */
export function entryParts(entry: unknown): { name: string; options: Record<string, unknown> } | undefined {
  if (typeof entry === "string") return { name: entry, options: {} };
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return undefined;
  const { name, ...options } = entry as Record<string, unknown>;
  return typeof name === "string" ? { name, options } : undefined;
}

/**
 * What is wrong with `options` for `target`, naming the option by `at(key)` (e.g.
 * `targets[1].mini`), with the nearest known key for a typo; undefined when they are fine.
 */
export function optionsProblem(target: AnyTarget, options: Record<string, unknown>, at: (key: string) => string): string | undefined {
  const specs: OptionSpecs = target.options ?? {};
  const known = Object.keys(specs);
  for (const [key, value] of Object.entries(options)) {
    const kind = Object.hasOwn(specs, key) ? specs[key] : undefined;
    if (kind === undefined) {
      const near = closest(key, known);
      const hint = near ? `; did you mean "${near}"?` : known.length === 0 ? `; target "${target.name}" takes no options` : `; its options are ${known.join(", ")}`;
      return `${at(key)} is not an option of target "${target.name}"${hint}`;
    }
    if (value === undefined) continue;
    if (!fits(kind, value)) return `${at(key)} must be ${kindText(kind)}, not ${JSON.stringify(value) ?? String(value)}`;
  }
  return undefined;
}

function fits(kind: OptionKind, value: unknown): boolean {
  if (kind === "strings") return Array.isArray(value) && value.every((item) => typeof item === "string");
  if (kind === "number") return typeof value === "number" && Number.isFinite(value);
  if (typeof kind === "string") return typeof value === kind;
  return typeof value === "string" && kind.includes(value);
}

function kindText(kind: OptionKind): string {
  if (kind === "strings") return "a list of strings";
  if (typeof kind === "string") return `a ${kind}`;
  return kind.map((word) => JSON.stringify(word)).join(" or ");
}

/** A `targets` list or a plugin the door cannot take (unknown name, bad option, a clash): exit 2 in the CLI. */
export class TargetError extends Error {
  override name = "TargetError";
}

const loadedFrom = new WeakMap<AnyTarget, string>();

/** Records the file a plugin target was loaded from: its bytes are part of the input hash. */
export function setPluginFile(target: AnyTarget, file: string): void {
  loadedFrom.set(target, file);
}

/** The file a plugin target was loaded from, when a loader recorded it. */
export function pluginFile(target: AnyTarget): string | undefined {
  return loadedFrom.get(target);
}

/** A plugin target's code, as a SHA-256: its file's (the loader records it), else its plan function's text. */
export function pluginCode(target: AnyTarget): string {
  const file = pluginFile(target);
  try {
    if (file !== undefined) return hash("sha256", readFileSync(file));
  } catch {
    // moved away since it was loaded: the plan function loaded
  }
  return hash("sha256", String(target.plan));
}
