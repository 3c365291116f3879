// A kept module's operations parsed when first read (src/validate/incremental.ts): a regenerate
// after one module changed reads every other module's kept part, but the targets plan from facts
// kept per module (src/incremental-facts.ts) and keep those modules' files without making them, so
// their operations (most of a large model) need never be parsed. The steps assembling the model
// applies to every module's operations (servers, directions) run on them when they are read.
import type { ModuleModel, OperationModel } from "./types.js";

type Step = (operations: OperationModel[]) => void;

const pending = new WeakMap<ModuleModel, Step[]>();

/**
 * The modules whose operations were parsed when first read, by id, in order (what a test asks);
 * emptied now and then, for a long-lived process (the watcher).
 */
export const parsedLazily: string[] = [];

/**
 * `module` (without its operations) with `operations` as a property that parses them when first
 * read, then is a plain property holding them (in its place: last, as modelPart makes it).
 */
export function withLazyOperations(module: Omit<ModuleModel, "operations">, parse: () => OperationModel[]): ModuleModel {
  const steps: Step[] = [];
  const settle = (operations: OperationModel[]): void => {
    pending.delete(lazy);
    Object.defineProperty(lazy, "operations", { value: operations, writable: true, enumerable: true, configurable: true });
  };
  const lazy = module as ModuleModel;
  Object.defineProperty(lazy, "operations", {
    enumerable: true,
    configurable: true,
    get(): OperationModel[] {
      const operations = parse();
      if (parsedLazily.length >= 100_000) parsedLazily.length = 0;
      parsedLazily.push(lazy.id);
      settle(operations);
      for (const step of steps) step(operations);
      return operations;
    },
    set(operations: OperationModel[]): void {
      settle(operations);
    },
  });
  pending.set(lazy, steps);
  return lazy;
}

/** Whether the module's operations are a kept module's not read yet. */
export function operationsUnread(module: ModuleModel): boolean {
  return pending.has(module);
}

/** Runs `step` over the module's operations: now, or when a kept module's are first read. */
export function withOperations(module: ModuleModel, step: Step): void {
  const steps = pending.get(module);
  if (steps) steps.push(step);
  else step(module.operations);
}
