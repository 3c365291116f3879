// Names the generated code derives from the catalogue's (`getThing` -> `GetThingArgs`,
// `GetThingErrors`, `checkGetThingResponse`; type `Thing` -> `checkThing`; module `shop` ->
// `ShopOperations`, `ShopHandlers`) must not be taken by another catalogue name: each clash is
// reported here, at the type (or the later name), instead of failing at generate.
import type { CatalogueFile, YamlPath } from "../load/load.js";
import { GENERATED_NAMES } from "../shared/names.js";
import type { Place, Reporter, SemanticInput } from "./reporter.js";

/** One catalogue name whose generated names are claimed: a type, a module's id or an operation's id. */
interface Source {
  kind: "type" | "module" | "operation";
  file: CatalogueFile;
  name: string;
  /** The operation's index in its file. */
  index: number;
}

/** A claim as held: its source's index times this, plus which of the source's names it is (0: the name itself, then each derived name). */
const PER_SOURCE = 1 + Math.max(...(["type", "module", "operation"] as const).map((kind) => GENERATED_NAMES[kind]("x").length));

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

/** The generated names of `source`, in the order their claims number them (1 on). */
function derivedOf(source: Source): { name: string; what: string }[] {
  return GENERATED_NAMES[source.kind](source.name);
}

/** The owner a claim stands for, made only when two claims meet. */
function ownerOf(source: Source, which: number): Owner {
  const what = which === 0 ? "" : derivedOf(source)[which - 1]!.what;
  const path: YamlPath = source.kind === "type" ? ["types", source.name] : source.kind === "module" ? ["module", "id"] : ["operations", source.index, "id"];
  const isType = source.kind === "type" && which === 0;
  return { source: `${source.kind} ${source.name}`, what, place: { file: source.file, path }, key: source.kind === "type", isType };
}

export function checkGeneratedNames(report: Reporter, entries: readonly SemanticInput[]): void {
  // One record per catalogue name, and a number per generated name: at 10,000 operations that is
  // 100,000 claims, and an object for each was most of this check's time.
  const sources: Source[] = [];
  const owners = new Map<string, number>();
  const claim = (name: string, source: number, which: number): void => {
    const code = source * PER_SOURCE + which;
    const before = owners.get(name);
    if (before === undefined) {
      owners.set(name, code);
      return;
    }
    const beforeSource = sources[Math.floor(before / PER_SOURCE)]!;
    const nowSource = sources[source]!;
    // Two of the same name (two types "Thing") are reported where names are checked.
    if (beforeSource.kind === nowSource.kind && beforeSource.name === nowSource.name) return;
    const earlier = ownerOf(beforeSource, before % PER_SOURCE);
    const owner = ownerOf(nowSource, which);
    // The earlier owner is named at its key when it is a type, at its value otherwise.
    const [here, there] = owner.isType || !earlier.isType ? [owner, earlier] : [earlier, owner];
    report.error(
      here.place,
      here.what === ""
        ? `${here.isType ? "type name" : "operation id"} "${name}" is taken by ${describe(there)} at ${report.at(there.place, { key: there.place.path[0] === "types" })}`
        : `${describe(here)} would be named "${name}", as is ${describe(there)} at ${report.at(there.place, { key: there.place.path[0] === "types" })}`,
      here.isType ? "rename the type; the generated code derives that name itself" : "rename one of the two",
      { key: here.key },
    );
    if (here === earlier) owners.set(name, code);
  };
  const claimAll = (source: Source, own: boolean): void => {
    const at = sources.push(source) - 1;
    if (own) claim(source.name, at, 0);
    const derived = derivedOf(source);
    for (let i = 0; i < derived.length; i++) claim(derived[i]!.name, at, i + 1);
  };

  for (const { file, raw } of entries) {
    for (const name of Object.keys(raw.types ?? {})) claimAll({ kind: "type", file, name, index: 0 }, true);
  }
  for (const { file, raw } of entries) {
    if (raw.module) claimAll({ kind: "module", file, name: raw.module.id, index: 0 }, false);
  }
  for (const { file, raw } of entries) {
    // forEach: an operation the schema refused is a hole in the list, and is skipped.
    (raw.operations ?? []).forEach((operation, index) => claimAll({ kind: "operation", file, name: operation.id, index }, true));
  }
}
