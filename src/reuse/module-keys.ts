// What each module's files are made from, as one hash per target and module: the module's part of
// the model (its operations, with where they are declared), the named types it declares, every
// named type those reach (wherever declared) and the API-level parts (all of the model but its
// modules and types, and the named types those reach). Catalogen's own code and the options are the manifest's
// `generatorHash`, compared once. A file whose hash is the one the manifest records was made from
// the same inputs, so a generate keeps it without making it again. Emitters add what else a file
// depends on (`also`).
import type { ApiModel, ModuleModel, NamedType } from "../model/types.js";
import { sha256 } from "../write/manifest.js";
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
  /** The API-level parts as text, and the named types they use (api.responses): every module's files may reach them. Made when a key is first made. */
  private apiLevelFound: { text: string; refs: string[] } | undefined;
  private readonly types: ReadonlyMap<string, NamedType>;
  private readonly declared = new Map<string, NamedType[]>();
  private readonly typeRefs = new Map<string, string[]>();
  private readonly moduleHashes = new Map<string, string>();
  private readonly alsoHashes = new Map<string, string>();
  private readonly keys = new Map<string, string>();
  /** `of(target, id)` without `also`, by target and module. */
  private readonly plainKeys = new Map<string, Map<string, string>>();
  private readonly modules: ReadonlyMap<string, ModuleModel>;

  private static readonly made = new WeakMap<ApiModel, ModuleKeys>();
  private static readonly seeds = new WeakMap<ApiModel, KnownModuleKeys>();
  private readonly seed: KnownModuleKeys | undefined;
  private kept = false;
  private headHash: string | undefined;

  /** Says what is known of `model`'s keys before any is made (before the first `for(model)`). */
  static know(model: ApiModel, seed: KnownModuleKeys): void {
    ModuleKeys.seeds.set(model, seed);
  }

  /** Whether the run said what it knows of `model`'s keys (it keeps them in a cache folder). */
  static known(model: ApiModel): boolean {
    return ModuleKeys.seeds.has(model);
  }

  /** The keys known of `model` before any was made (undefined: the run keeps no keys), for a worker that plans some targets of it. */
  static knownOf(model: ApiModel): ReadonlyMap<string, string> | undefined {
    return ModuleKeys.seeds.get(model)?.known;
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
    for (const named of model.types) {
      const own = this.declared.get(named.module);
      if (own) own.push(named);
      else this.declared.set(named.module, [named]);
    }
    this.modules = new Map(model.modules.map((module) => [module.id, module]));
  }

  /** The hash of what `target`'s file of module `id` is made from, with `also` besides. */
  of(target: string, id: string, also?: string): string {
    // A target's files of one module share their key: asked once per file (5,467 files at 10,000 operations).
    const plain = also === undefined ? this.plainKeys.get(target)?.get(id) : undefined;
    if (plain !== undefined) return plain;
    let alsoHash = "";
    if (also !== undefined) {
      alsoHash = this.alsoHashes.get(also) ?? sha256(also);
      this.alsoHashes.set(also, alsoHash);
    }
    // A target's files of one module share their key (client: operations, modules, errors, types, validate, schemas).
    const text = `${target}\n${this.moduleHash(id)}\n${alsoHash}`;
    let key = this.keys.get(text);
    if (key === undefined) this.keys.set(text, (key = sha256(text)));
    if (also === undefined) {
      const ofTarget = this.plainKeys.get(target) ?? new Map<string, string>();
      this.plainKeys.set(target, ofTarget.set(id, key));
    }
    return key;
  }

  /** The hash of what module `id`'s part of every file is made from (what `of` adds a target to). */
  moduleKey(id: string): string {
    return this.moduleHash(id);
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
    return [...this.moduleHashes.keys()].filter((id) => !this.seed?.known.has(id)).sort();
  }

  /** Hands the keys made so far to whoever keeps them (once; nothing to do when all were known). */
  keep(): void {
    if (this.seed === undefined || this.kept) return;
    this.kept = true;
    if ([...this.moduleHashes.keys()].some((id) => !this.seed!.known.has(id))) this.seed.keep(new Map([...this.seed.known, ...this.moduleHashes]));
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

  private moduleHash(id: string): string {
    let hash = this.moduleHashes.get(id) ?? this.seed?.known.get(id);
    if (hash !== undefined) this.moduleHashes.set(id, hash);
    else {
      const module = this.modules.get(id);
      const own = this.declared.get(id) ?? [];
      const reached = new Set<string>();
      const queue = [...refsIn(module), ...refsIn(own), ...this.apiLevel.refs];
      while (queue.length > 0) {
        const name = queue.pop()!;
        if (reached.has(name)) continue;
        reached.add(name);
        queue.push(...this.refsOf(name));
      }
      const others = [...reached].sort().map((name) => this.types.get(name) ?? name);
      hash = sha256(JSON.stringify([this.apiLevel.text, module ?? id, own, others]));
      this.moduleHashes.set(id, hash);
    }
    return hash;
  }

  private refsOf(name: string): string[] {
    let refs = this.typeRefs.get(name);
    if (refs === undefined) {
      refs = refsIn(this.types.get(name));
      this.typeRefs.set(name, refs);
    }
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
