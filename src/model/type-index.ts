// A model's named types by the module whose file declares them, and each type's module by name:
// worked out once per list of types, as the emitters ask for each module (at 10,000 operations,
// 545 modules, filtering every type for each module was the largest allocation of the client's
// and the docs' emitters). A list of another length (types added since) is indexed again.
import type { NamedType } from "./types.js";

export interface TypeIndex {
  /** Each module's named types, in the list's order. */
  byModule: ReadonlyMap<string, readonly NamedType[]>;
  /** A named type's module, by the type's name. */
  moduleOf: ReadonlyMap<string, string>;
}

const made = new WeakMap<readonly NamedType[], TypeIndex & { length: number }>();

export function typeIndex(types: readonly NamedType[]): TypeIndex {
  let index = made.get(types);
  if (index === undefined || index.length !== types.length) {
    const byModule = new Map<string, NamedType[]>();
    for (const named of types) {
      const list = byModule.get(named.module);
      if (list) list.push(named);
      else byModule.set(named.module, [named]);
    }
    index = { length: types.length, byModule, moduleOf: new Map(types.map((named) => [named.name, named.module])) };
    made.set(types, index);
  }
  return index;
}
