// What a target's files joining the modules need to know of each module (its generated names,
// whether it streams, which of its operations have error types...), kept by the module's key
// (module-keys.ts): a regenerate after one module changed works out only that module's facts and
// reads the others' from the cache folder, instead of going over every operation of the API.
//
// Sound because a module's key is the hash of everything its files are made from (its operations,
// the named types it declares and reaches, the API-level parts), and the facts file is discarded
// when catalogen's own build is another. Only used where the run knows its model's module keys
// (src/reuse/kept-model.ts): elsewhere working out every key would cost more than the facts.
import { ModuleKeys } from "./module-keys.js";
import type { ApiModel, ModuleModel } from "../model/types.js";
import { sha256 } from "../shared/hash.js";
import { memoStore, recall, remember, type MemoStore } from "./memo.js";
import { reuseOf } from "./report.js";

/** Kept by the memo (./memo.ts) as the stage "module-facts" of the unit `name`, for catalogen's own code. */
interface FactsRecord<T> {
  /** Every name the modules of this record claim, with the API's own, was unique when it was kept. */
  unique: boolean;
  facts: Record<string, T>;
}

export class ModuleFacts<T> {
  private readonly keys: ModuleKeys;
  private readonly kept: FactsRecord<T> | undefined;
  private readonly made = new Map<string, { key: string; facts: T; fresh: boolean }>();

  /**
   * The facts of `model`'s modules named `name` (a file name: the target and the options the facts
   * depend on, e.g. `client-compact`), `make` working one out; undefined when the run does not know
   * its module keys or has no cache folder (the caller then goes over the model itself).
   */
  static for<T>(model: ApiModel, name: string, make: (module: ModuleModel) => T): ModuleFacts<T> | undefined {
    if (!ModuleKeys.known(model)) return undefined;
    const store = memoStore();
    if (store.folder === undefined) return undefined;
    return new ModuleFacts(model, store, name, make);
  }

  private constructor(
    private readonly model: ApiModel,
    private readonly store: MemoStore,
    private readonly name: string,
    private readonly make: (module: ModuleModel) => T,
  ) {
    this.keys = ModuleKeys.for(model);
    this.kept = recall(store, STAGE, name, { content: "" }, isFactsRecord<T>);
  }

  /** Module `module`'s facts: kept when its key is the kept one's, else worked out now. */
  of(module: ModuleModel): T {
    let entry = this.made.get(module.id);
    if (entry === undefined) {
      // The facts of one name are a file of their own: the module's key alone tells them apart.
      const key = this.keys.moduleKey(module.id);
      const kept = this.kept !== undefined && Object.hasOwn(this.kept.facts, key) ? this.kept.facts[key] : undefined;
      entry = kept === undefined ? { key, facts: this.make(module), fresh: true } : { key, facts: kept, fresh: false };
      this.made.set(module.id, entry);
    }
    return entry.facts;
  }

  /** Whether module `id`'s facts were kept from a record whose names were unique (`of` asked first). */
  keptUnique(id: string): boolean {
    return this.kept?.unique === true && this.made.get(id)?.fresh === false;
  }

  /** How many modules' facts were worked out in this run (not kept). */
  get freshCount(): number {
    let count = 0;
    for (const entry of this.made.values()) if (entry.fresh) count++;
    return count;
  }

  /**
   * Keeps the facts asked for in this run (only those: the record holds one model's modules, for
   * `unique` to say something of any of them together). Not rewritten for a few modules worked out
   * afresh (a regenerate after an edit): the next run works them out again, which costs less than
   * writing every module's facts. Best effort.
   */
  save(unique: boolean): void {
    const fresh = this.freshCount;
    reuseOf(this.model).freshFacts[this.name] = [...this.made].filter(([, entry]) => entry.fresh).map(([id]) => id).sort();
    if (this.kept !== undefined && this.kept.unique === unique && fresh <= Math.min(REWRITE_AFTER, this.made.size / 16)) return;
    const facts: Record<string, T> = {};
    for (const entry of this.made.values()) facts[entry.key] = entry.facts;
    remember(this.store, STAGE, this.name, { content: "" }, { unique, facts } satisfies FactsRecord<T>);
  }
}

/** Each module's facts, worked out once: read through `kept` where the run has it (ModuleFacts.for), else made here and held for the run. */
export function factsReader<T>(kept: ModuleFacts<T> | undefined, make: (module: ModuleModel) => T): (module: ModuleModel) => T {
  if (kept !== undefined) return (module) => kept.of(module);
  const made = new Map<string, T>();
  return (module) => {
    let facts = made.get(module.id);
    if (facts === undefined) made.set(module.id, (facts = make(module)));
    return facts;
  };
}

/**
 * What a target's files joining the modules are made from, as a hash (`name` the facts' name): the
 * model but its modules' operations (ModuleKeys.modelHead) and the target's facts of every module,
 * in order, kept or worked out (`of`). Such a file is kept without being made while this is the hash
 * the manifest says it was made from. Sound because such a file reads of the operations only what
 * the facts say (the facts are what it needs of them): a summary edit changes no joining file.
 * Asked once, when the first of those files comes to be written (made, or kept): memoised.
 */
export function joinedFrom(model: ApiModel, name: string, of: (module: ModuleModel) => unknown): () => string {
  let hash: string | undefined;
  return () => (hash ??= sha256(`${name}\n${ModuleKeys.for(model).modelHead()}\n${JSON.stringify(model.modules.map(of))}`));
}

/** At most this many modules (and a sixteenth of all) worked out afresh are worked out again rather than the record rewritten (see `save`). */
const REWRITE_AFTER = 16;

const STAGE = "module-facts";

function isFactsRecord<T>(value: unknown): value is FactsRecord<T> {
  const record = value as Partial<FactsRecord<T>> | undefined;
  return typeof record?.unique === "boolean" && typeof record.facts === "object" && record.facts !== null;
}
