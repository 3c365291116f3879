// Which targets a run generates, with their options, in the order they are made: the `targets`
// entries checked against the built-in targets and the plugins, each target's requirements added.
import { entryParts, optionsProblem, TargetError, type AnyTarget, type TargetEntry } from "./define.js";
import { BUILTIN_TARGETS } from "./registry.js";
import { DEFAULT_TARGETS } from "./types.js";
import { closest } from "../shared/suggest.js";

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
