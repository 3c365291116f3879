// Names the generated code derives from the catalogue's (`getThing` -> `GetThingArgs`,
// `GetThingErrors`, `checkGetThingResponse`; type `Thing` -> `checkThing`; module `shop` ->
// `ShopOperations`, `ShopHandlers`) must not be taken by another catalogue name: each clash is
// reported here, at the type (or the later name), instead of failing at generate.
import type { YamlPath } from "../load/load.js";
import { GENERATED_NAMES } from "../shared/names.js";
import type { Place, Reporter, SemanticInput } from "./reporter.js";

interface Owner {
  /** `type Thing`, `operation getThing`, `module shop`: one catalogue name. */
  source: string;
  /** What the generated name is to its source ("its client arguments type"), or "" for the name itself. */
  what: string;
  place: Place;
  key: boolean;
  /** The name of a type itself, the one to rename when it clashes. */
  isType: boolean;
}

function describe(owner: Owner): string {
  return owner.what === "" ? owner.source : `${owner.what.replace(/^its /, "the ")} of ${owner.source}`;
}

export function checkGeneratedNames(report: Reporter, entries: readonly SemanticInput[]): void {
  const owners = new Map<string, Owner>();
  const claim = (name: string, owner: Owner): void => {
    const before = owners.get(name);
    if (!before) {
      owners.set(name, owner);
      return;
    }
    // Two of the same name (two types "Thing") are reported where names are checked. The earlier
  // owner is named at its key when it is a type, at its value otherwise.
    if (before.source === owner.source) return;
    const [here, there] = owner.isType || !before.isType ? [owner, before] : [before, owner];
    report.error(
      here.place,
      here.what === ""
        ? `${here.isType ? "type name" : "operation id"} "${name}" is taken by ${describe(there)} at ${report.at(there.place, { key: there.place.path[0] === "types" })}`
        : `${describe(here)} would be named "${name}", as is ${describe(there)} at ${report.at(there.place, { key: there.place.path[0] === "types" })}`,
      here.isType ? "rename the type; the generated code derives that name itself" : "rename one of the two",
      { key: here.key },
    );
    if (here === before) owners.set(name, owner);
  };

  for (const { file, raw } of entries) {
    for (const name of Object.keys(raw.types ?? {})) {
      const place = { file, path: ["types", name] as YamlPath };
      const base = { source: `type ${name}`, place, key: true, isType: true };
      claim(name, { ...base, what: "" });
      for (const derived of GENERATED_NAMES.type(name)) claim(derived.name, { ...base, what: derived.what, isType: false });
    }
  }
  for (const { file, raw } of entries) {
    if (!raw.module) continue;
    const id = raw.module.id;
    const base = { source: `module ${id}`, place: { file, path: ["module", "id"] as YamlPath }, key: false, isType: false };
    for (const derived of GENERATED_NAMES.module(id)) claim(derived.name, { ...base, what: derived.what });
  }
  for (const { file, raw } of entries) {
    (raw.operations ?? []).forEach((operation, index) => {
      const base = { source: `operation ${operation.id}`, place: { file, path: ["operations", index, "id"] as YamlPath }, key: false, isType: false };
      claim(operation.id, { ...base, what: "" });
      for (const derived of GENERATED_NAMES.operation(operation.id)) claim(derived.name, { ...base, what: derived.what });
    });
  }
}
