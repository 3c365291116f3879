// A kept module's operations parsed when first read (src/reuse/kept-model.ts): a regenerate
// after one module changed reads every other module's kept part, but the targets plan from facts
// kept per module (src/reuse/module-facts.ts) and keep those modules' files without making them, so
// their operations (most of a large model) need never be parsed. The steps assembling the model
// applies to every module's operations (servers, directions) run on them when they are read.
import type { ModuleModel, OperationModel } from "./types.js";

type Step = (operations: OperationModel[]) => void;

const pending = new WeakMap<ModuleModel, Step[]>();

/**
 * `module` (without its operations) with `operations` as a property that parses them when first
 * read, then is a plain property holding them (in its place: last, as modelPart makes it);
 * `parsed` is told the module's id then (the run's report lists them).
 */
export function withLazyOperations(module: Omit<ModuleModel, "operations">, parse: () => OperationModel[], parsed: (id: string) => void): ModuleModel {
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
      parsed(lazy.id);
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
