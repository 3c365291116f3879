// What each module's files are made from, as one hash per target and module: the module's part of
// the model (its operations, with where they are declared), the named types it declares, every
// named type those reach (wherever declared) and the API-level parts (all of the model but its
// modules and types, and the named types those reach). Catalogen's own code and the options are the manifest's
// `generatorHash`, compared once. A file whose hash is the one the manifest records was made from
// the same inputs, so a generate keeps it without making it again. Emitters add what else a file
// depends on (`also`).
import { typeIndex } from "../model/type-index.js";
import type { ApiModel, ModuleModel, NamedType } from "../model/types.js";
import { sha256 } from "../shared/hash.js";
import { someRecord } from "../shared/records.js";

/**
 * What a run knows of its model's module keys before making them (src/reuse/kept-model.ts): the
 * keys of modules whose catalogue file and context (the api file, every file's named types, the
 * files' names) are those of the run that made them, so making them again gives the same text.
 */
export interface KnownModuleKeys {
  known: ReadonlyMap<string, string>;
  /** Told the keys this run has (known or made), to keep them for the next run. */
  keep(keys: ReadonlyMap<string, string>): void;
}

export class ModuleKeys {
  private static readonly made = new WeakMap<ApiModel, ModuleKeys>();
  private static readonly seeds = new WeakMap<ApiModel, KnownModuleKeys>();
  private readonly seed: KnownModuleKeys | undefined;
  private readonly types: ReadonlyMap<string, NamedType>;
  private readonly modules: ReadonlyMap<string, ModuleModel>;
  private readonly typeRefs = new Map<string, string[]>();
  /** Each module's key (known or made), by id. */
  private readonly moduleKeys = new Map<string, string>();
  /** `of`'s keys by what it was asked: a target's files of one module share their key (5,467 files at 10,000 operations). */
  private readonly keys = new Map<string, string>();
  private readonly alsoHashes = new Map<string, string>();
  /** The API-level parts as text, and the named types they use (api.responses): every module's files may reach them. Made when a key is first made. */
  private apiLevelFound: { text: string; refs: string[] } | undefined;
  private headHash: string | undefined;
  private kept = false;

  /** Says what is known of `model`'s keys before any is made (before the first `for(model)`). */
  static know(model: ApiModel, seed: KnownModuleKeys): void {
    ModuleKeys.seeds.set(model, seed);
  }

  /** Whether the run said what it knows of `model`'s keys (it keeps them in a cache folder). */
  static known(model: ApiModel): boolean {
    return ModuleKeys.seeds.has(model);
  }

  /** One set of keys per model: the pipeline's and a target's that keeps pieces of its own (openapi/pieces.ts). */
  static for(model: ApiModel): ModuleKeys {
    let keys = ModuleKeys.made.get(model);
    if (keys === undefined) ModuleKeys.made.set(model, (keys = new ModuleKeys(model)));
    return keys;
  }

  constructor(private readonly model: ApiModel) {
    this.seed = ModuleKeys.seeds.get(model);
    this.types = new Map(model.types.map((named) => [named.name, named]));
    this.modules = new Map(model.modules.map((module) => [module.id, module]));
  }

  /** The hash of what `target`'s file of module `id` is made from, with `also` besides. */
  of(target: string, id: string, also?: string): string {
    // `also` may be tens of KB (a client file's at 10,000 operations): hashed once per text.
    let alsoHash = "";
    if (also !== undefined) {
      alsoHash = this.alsoHashes.get(also) ?? sha256(also);
      this.alsoHashes.set(also, alsoHash);
    }
    const asked = `${target}\n${id}\n${alsoHash}`;
    let key = this.keys.get(asked);
    if (key === undefined) this.keys.set(asked, (key = sha256(`${target}\n${this.moduleKey(id)}\n${alsoHash}`)));
    return key;
  }

  /** The hash of what module `id`'s part of every file is made from (what `of` adds a target to). */
  moduleKey(id: string): string {
    let key = this.moduleKeys.get(id) ?? this.seed?.known.get(id);
    if (key === undefined) {
      const module = this.modules.get(id);
      const own = typeIndex(this.model.types).byModule.get(id) ?? [];
      const reached = new Set<string>();
      const queue = [...refsIn(module), ...refsIn(own), ...this.apiLevel.refs];
      while (queue.length > 0) {
        const name = queue.pop()!;
        if (reached.has(name)) continue;
        reached.add(name);
        queue.push(...this.refsOf(name));
      }
      const others = [...reached].sort().map((name) => this.types.get(name) ?? name);
      key = sha256(JSON.stringify([this.apiLevel.text, module ?? id, own, others]));
    }
    this.moduleKeys.set(id, key);
    return key;
  }

  /**
   * The hash of the model but its modules' operations: the API-level parts, every named type and
   * each module without its operations (its id, name, title...), in order. With a target's facts of
   * every module (src/reuse/module-facts.ts), what that target's files joining the modules are made
   * from. A kept module's operations are not read (they may not be parsed yet).
   */
  modelHead(): string {
    if (this.headHash === undefined) {
      const heads = this.model.modules.map((module) => {
        const head: Record<string, unknown> = {};
        for (const key of Object.keys(module)) if (key !== "operations") head[key] = (module as unknown as Record<string, unknown>)[key];
        return head;
      });
      this.headHash = sha256(JSON.stringify([this.apiLevel.text, this.model.types, heads]));
    }
    return this.headHash;
  }

  /** The modules whose keys this run made (not known from the run before), by id. */
  get madeModules(): string[] {
    return [...this.moduleKeys.keys()].filter((id) => !this.seed?.known.has(id)).sort();
  }

  /** Hands the keys made so far to whoever keeps them (once; nothing to do when all were known). */
  keep(): void {
    if (this.seed === undefined || this.kept) return;
    this.kept = true;
    if (this.madeModules.length > 0) this.seed.keep(new Map([...this.seed.known, ...this.moduleKeys]));
  }

  // Everything but the modules and the types is API-level (title, auth, servers, limit groups,
  // error responses, sources, and whatever the model grows next): each module's files may show it.
  private get apiLevel(): { text: string; refs: string[] } {
    if (this.apiLevelFound === undefined) {
      const { modules: _modules, types: _types, ...apiLevel } = this.model;
      this.apiLevelFound = { text: JSON.stringify(apiLevel), refs: refsIn(apiLevel) };
    }
    return this.apiLevelFound;
  }

  private refsOf(name: string): string[] {
    let refs = this.typeRefs.get(name);
    if (refs === undefined) this.typeRefs.set(name, (refs = refsIn(this.types.get(name))));
    return refs;
  }
}

/** The names of named types referenced anywhere in `value` (type nodes `{ kind: "ref", name }`). */
function refsIn(value: unknown): string[] {
  const names: string[] = [];
  someRecord(value, (record) => {
    if (record.kind === "ref" && typeof record.name === "string") names.push(record.name);
    return false;
  });
  return names;
}
