// The catalogue's texts (descriptions, a combination's meaning) hold at most MAX_TEXT characters;
// a document's may be longer (rubrik's info.description is 517,849). Such a text is cut at its
// last line break before the bound (at the bound when there is none), and the rest reported.
import type { CataloguePart, ImportedCatalogue } from "./ir.js";
import type { ImportReport } from "./report.js";

/** The longest text the catalogue holds (its schema's `text`). */
export const MAX_TEXT = 100_000;

const TEXT_KEYS = new Set(["description", "meaning"]);
/** Keys whose values are data (examples, defaults, allowed values), never the catalogue's text. */
const DATA_KEYS = new Set(["value", "example", "examples", "default", "const", "enum"]);

/** Cuts every over-long text of `catalogue` in place; `pointerOf` names the part's place in the document. */
export function boundTexts(catalogue: ImportedCatalogue, report: ImportReport, pointerOf: (part: CataloguePart) => string): void {
  // `names`: the record is a map of names to schemas (a type's properties), whatever the names.
  const visit = (value: unknown, where: string, part: CataloguePart, names = false): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, where, part);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (names) visit(item, where, part);
      else if (TEXT_KEYS.has(key) && typeof item === "string" && item.length > MAX_TEXT) {
        const breakAt = item.lastIndexOf("\n", MAX_TEXT);
        record[key] = item.slice(0, breakAt > 0 ? breakAt : MAX_TEXT).trimEnd();
        report.lost(pointerOf(part), `${where}: a ${key} of ${item.length} characters, beyond its first ${MAX_TEXT} (the catalogue holds at most ${MAX_TEXT} characters in a text)`, "text longer than a catalogue text");
      } else if (!DATA_KEYS.has(key) || (key === "examples" && !Array.isArray(item))) {
        visit(item, where, part, key === "properties");
      }
    }
  };
  visit(catalogue.api, "the API", {});
  for (const module of catalogue.modules) {
    visit(module.module, `module ${module.module.id}`, { module: module.module.id });
    for (const [name, type] of module.types) visit(type, `type ${name}`, { module: module.module.id, type: name });
    module.operations.forEach((operation, index) => visit(operation, `operation ${operation.id}`, { module: module.module.id, operation: index }));
  }
}
