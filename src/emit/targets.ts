// The door that runs targets: which targets a run generates, with their options, in the order they
// are made (the `targets` entries checked against the built-in targets and the plugins, each
// target's requirements added), and `planTarget`, which runs one with what an earlier run kept.
// The only module of src/emit/ that knows of the reuse layer (src/reuse/).
import { entryParts, optionsProblem, pluginCode, TargetError, type AnyTarget, type KeptPieces, type ModuleFacts, type PlanContext, type TargetEntry } from "./define.js";
import type { PlannedFile } from "./plan.js";
import { BUILTIN_TARGETS } from "./registry.js";
import { DEFAULT_TARGETS } from "./types.js";
import type { ApiModel, ModuleModel } from "../model/types.js";
import { closest } from "../shared/suggest.js";
import { runFacts, type RunFacts } from "../reuse/module-facts.js";
import { ModuleKeys } from "../reuse/module-keys.js";
import { memoStore, recall, remember } from "../reuse/memo.js";
import { reuseOf } from "../reuse/report.js";

export interface ChosenTarget {
  target: AnyTarget;
  options: Record<string, unknown>;
}

/** Every target a run may name: the built-in ones and the plugins, by name. A plugin named twice or like a built-in one is refused. */
export function availableTargets(plugins: readonly AnyTarget[] = []): Map<string, AnyTarget> {
  const all = new Map(BUILTIN_TARGETS.map((target) => [target.name, target]));
  for (const plugin of plugins) {
    if (all.get(plugin.name) === plugin) continue; // the same definition given twice
    if (BUILTIN_TARGETS.some((builtin) => builtin.name === plugin.name)) throw new TargetError(`plugin target "${plugin.name}" has the name of a built-in target; rename it`);
    if (all.has(plugin.name)) throw new TargetError(`two plugins define the target "${plugin.name}"; remove one or rename it`);
    all.set(plugin.name, plugin);
  }
  return all;
}

/**
 * The targets `entries` name (default: client, server, docs, openapi), each with its checked
 * options, plus the targets they require (with default options; named in `added`), every target
 * after those it requires. `at(key)` says a key in messages (`targets[1]`, `targets[1].mini`).
 */
export function chooseTargets(
  entries: readonly TargetEntry[] = DEFAULT_TARGETS,
  plugins: readonly AnyTarget[] = [],
  at: (key: string) => string = (key) => key,
): { chosen: ChosenTarget[]; added: { name: string; by: string }[] } {
  const available = availableTargets(plugins);
  const given = new Map<string, ChosenTarget>();
  entries.forEach((entry, index) => {
    const key = `targets[${index}]`;
    const parts = entryParts(entry);
    if (parts === undefined) throw new TargetError(`${at(key)} must be a target name or { name, ...options }, not ${JSON.stringify(entry) ?? String(entry)}`);
    const target = available.get(parts.name);
    if (target === undefined) throw new TargetError(`${at(key)}: ${unknownTarget(parts.name, available)}`);
    if (given.has(parts.name)) throw new TargetError(`${at(key)}: target "${parts.name}" is listed twice; give it once, with all its options`);
    const problem = optionsProblem(target, parts.options, (option) => at(`${key}.${option}`));
    if (problem) throw new TargetError(problem);
    given.set(parts.name, { target, options: parts.options });
  });
  const chosen: ChosenTarget[] = [];
  const added: { name: string; by: string }[] = [];
  const placed = new Set<string>();
  const visiting: string[] = [];
  const place = (name: string, by?: string): void => {
    if (placed.has(name)) return;
    if (visiting.includes(name)) throw new TargetError(`targets require each other in a circle: ${[...visiting.slice(visiting.indexOf(name)), name].join(" -> ")}`);
    const target = given.get(name)?.target ?? available.get(name);
    if (target === undefined) throw new TargetError(`target "${by}" requires "${name}", which is neither a built-in target nor a plugin`);
    visiting.push(name);
    for (const required of target.requires ?? []) place(required, name);
    visiting.pop();
    placed.add(name);
    const entry = given.get(name);
    if (entry === undefined) added.push({ name, by: by! });
    chosen.push(entry ?? { target, options: {} });
  };
  // Built-in targets first, in their own order; then plugins in the order listed.
  const order = [...BUILTIN_TARGETS.map((target) => target.name).filter((name) => given.has(name)), ...[...given.keys()].filter((name) => !BUILTIN_TARGETS.some((target) => target.name === name))];
  for (const name of order) place(name);
  return { chosen, added };
}

/** "unknown target ...; did you mean ...?; the targets are ..." */
export function unknownTarget(name: string, available: ReadonlyMap<string, AnyTarget>): string {
  const names = [...available.keys()];
  const near = closest(name, names);
  return `unknown target "${name}"${near ? `; did you mean "${near}"?` : ""}; the targets are ${names.join(", ")}`;
}

/** A built-in target's definition (its emitter loads when its plan is called). */
export function builtinTarget(name: string): AnyTarget {
  const target = BUILTIN_TARGETS.find((candidate) => candidate.name === name);
  if (target === undefined) throw new TargetError(unknownTarget(name, availableTargets()));
  return target;
}

/**
 * `target`'s files for `model`: its plan, given a context whose module facts are kept by module key
 * (src/reuse/module-facts.ts) and, for catalogen's own targets, the memo of their pieces. The facts
 * are kept once the plan's files have all been asked for (a plan that fails keeps none).
 */
export async function planTarget(target: AnyTarget, model: ApiModel, options: Record<string, unknown>): Promise<Iterable<PlannedFile>> {
  const facts: RunFacts<unknown>[] = [];
  const named = new Map<string, ModuleFacts<unknown>>();
  const builtin = BUILTIN_TARGETS.includes(target);
  const pieces = builtin ? keptPieces(model, target.name) : undefined;
  const context: PlanContext = {
    moduleFacts<T>(name: string, make: (module: ModuleModel) => T): ModuleFacts<T> {
      if (name !== target.name && !name.startsWith(`${target.name}-`)) throw new TargetError(`target "${target.name}": module facts named "${name}"; name them "${target.name}" or "${target.name}-" and a variant`);
      let kept = named.get(name) as ModuleFacts<T> | undefined;
      if (kept === undefined) {
        const made = runFacts(model, name, make, builtin ? "" : pluginCode(target));
        facts.push(made as RunFacts<unknown>);
        named.set(name, (kept = made));
      }
      return kept;
    },
    ...(pieces && { pieces }),
  };
  const files = await target.plan(model, options, context);
  // Not an iterable: the caller says what is wrong with it.
  if (typeof files?.[Symbol.iterator] !== "function") return files;
  return (function* () {
    yield* files;
    for (const made of facts) made.save();
  })();
}

/** The memo of `target`'s pieces (stage `<target>-pieces`); undefined without a cache folder. */
function keptPieces(model: ApiModel, target: string): KeptPieces | undefined {
  const store = memoStore();
  if (store.folder === undefined) return undefined;
  const stage = `${target}-pieces`;
  return {
    recall: (unit, content, accept) => recall(store, stage, unit, { content }, accept),
    remember: (unit, content, value) => remember(store, stage, unit, { content }, value),
    moduleKey: (id) => ModuleKeys.for(model).of(target, id),
    pieceMade: () => void reuseOf(model).piecesMade++,
  };
}
