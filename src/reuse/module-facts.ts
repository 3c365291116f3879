// What a target's files joining the modules need to know of each module (its generated names,
// whether it streams, which of its operations have error types...), kept by the module's key
// (module-keys.ts): a regenerate after one module changed works out only that module's facts and
// reads the others' from the cache folder, instead of going over every operation of the API.
// Targets only say what their facts are (PlanContext.moduleFacts, src/emit/define.ts); the door
// that runs them (src/emit/targets.ts) wraps that with this memo.
//
// Sound because a module's key is the hash of everything its files are made from (its operations,
// the named types it declares and reaches, the API-level parts), and the facts file is discarded
// when catalogen's own build (or the plugin's code, `code`) is another. Only kept where the run
// knows its model's module keys (src/reuse/kept-model.ts): elsewhere working out every key would
// cost more than the facts.
import { ModuleKeys } from "./module-keys.js";
import type { ApiModel, ModuleModel } from "../model/types.js";
import { madeOnce, type ModuleFacts } from "../emit/define.js";
import { sha256 } from "../shared/hash.js";
import { memoStore, recall, remember, type MemoStore } from "./memo.js";
import { reuseOf } from "./report.js";

/**
 * Kept by the memo (./memo.ts) as the stage "module-facts" of the unit `name`: each module's facts
 * by its key, written only by a plan that ran to its end (so the checks it makes passed for them
 * together, e.g. the client's names were unique).
 */
interface FactsRecord<T> {
  facts: Record<string, T>;
}

/** A target's facts of each module for one run, with `save` for the door to call once its plan ran to its end. */
export interface RunFacts<T> extends ModuleFacts<T> {
  readonly joinedFrom: () => string;
  save(): void;
}

/**
 * The facts of `model`'s modules named `name` (a file name: the target and the options the facts
 * depend on, e.g. `client-compact`), `make` working one out; kept by module key where the run
 * knows its module keys and has a cache folder, `code` (a plugin's code, as text) in their key.
 */
export function runFacts<T>(model: ApiModel, name: string, make: (module: ModuleModel) => T, code = ""): RunFacts<T> {
  const store = memoStore();
  if (!ModuleKeys.known(model) || store.folder === undefined) {
    const of = madeOnce(make);
    return { of, kept: () => false, joinedFrom: joinedFrom(model, name, of), save() {} };
  }
  const kept = new KeptFacts(model, store, name, make, code);
  return { of: (module) => kept.of(module), kept: (id) => kept.kept(id), joinedFrom: joinedFrom(model, name, (module) => kept.of(module)), save: () => kept.save() };
}

class KeptFacts<T> {
  private readonly keys: ModuleKeys;
  private readonly record: FactsRecord<T> | undefined;
  private readonly made = new Map<string, { key: string; facts: T; fresh: boolean }>();

  constructor(
    private readonly model: ApiModel,
    private readonly store: MemoStore,
    private readonly name: string,
    private readonly make: (module: ModuleModel) => T,
    private readonly code: string,
  ) {
    this.keys = ModuleKeys.for(model);
    this.record = recall(store, STAGE, name, { content: code }, isFactsRecord<T>);
  }

  /** Module `module`'s facts: kept when its key is the kept one's, else worked out now. */
  of(module: ModuleModel): T {
    let entry = this.made.get(module.id);
    if (entry === undefined) {
      // The facts of one name are a file of their own: the module's key alone tells them apart.
      const key = this.keys.moduleKey(module.id);
      const kept = this.record !== undefined && Object.hasOwn(this.record.facts, key) ? this.record.facts[key] : undefined;
      entry = kept === undefined ? { key, facts: this.make(module), fresh: true } : { key, facts: kept, fresh: false };
      this.made.set(module.id, entry);
    }
    return entry.facts;
  }

  kept(id: string): boolean {
    return this.made.get(id)?.fresh === false;
  }

  /**
   * Keeps the facts asked for in this run (only those: the record holds one model's modules, for
   * it to say something of all of them together). Not rewritten for a few modules worked out
   * afresh (a regenerate after an edit): the next run works them out again, which costs less than
   * writing every module's facts. Best effort.
   */
  save(): void {
    const fresh = [...this.made].filter(([, entry]) => entry.fresh).map(([id]) => id);
    reuseOf(this.model).freshFacts[this.name] = fresh.sort();
    if (this.record !== undefined && fresh.length <= Math.min(REWRITE_AFTER, this.made.size / 16)) return;
    const facts: Record<string, T> = {};
    for (const entry of this.made.values()) facts[entry.key] = entry.facts;
    remember(this.store, STAGE, this.name, { content: this.code }, { facts } satisfies FactsRecord<T>);
  }
}

/**
 * What a target's files joining the modules are made from, as a hash (`name` the facts' name): the
 * model but its modules' operations (ModuleKeys.modelHead) and the target's facts of every module,
 * in order, kept or worked out (`of`). Such a file is kept without being made while this is the hash
 * the manifest says it was made from. Sound because such a file reads of the operations only what
 * the facts say (the facts are what it needs of them): a summary edit changes no joining file.
 * Asked once, when the first of those files comes to be written (made, or kept): memoised.
 */
function joinedFrom(model: ApiModel, name: string, of: (module: ModuleModel) => unknown): () => string {
  let hash: string | undefined;
  return () => (hash ??= sha256(`${name}\n${ModuleKeys.for(model).modelHead()}\n${JSON.stringify(model.modules.map(of))}`));
}

/** At most this many modules (and a sixteenth of all) worked out afresh are worked out again rather than the record rewritten (see `save`). */
const REWRITE_AFTER = 16;

const STAGE = "module-facts";

function isFactsRecord<T>(value: unknown): value is FactsRecord<T> {
  const record = value as Partial<FactsRecord<T>> | undefined;
  return typeof record?.facts === "object" && record.facts !== null;
}
