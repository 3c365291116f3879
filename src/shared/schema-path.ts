// Where a catalogue's `# yaml-language-server: $schema=...` modeline points, for init and import
// alike: the schema a consumer installed with catalogen when there is one above the folder.
import { existsSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** This package's own schema (src/schema when run from source, dist/schema when built). */
const OWN_SCHEMA = fileURLToPath(new URL("../schema/catalogue.schema.json", import.meta.url));
const INSTALLED_SCHEMA = "node_modules/catalogen/dist/schema/catalogue.schema.json";
/** The schema of a living source's file (`source: { openapi }`), beside the catalogue's. */
const LIVING_SCHEMA = "living-source.schema.json";

/**
 * The schema as the modelines of a catalogue in `catalogue` reach it: through
 * node_modules/catalogen in the nearest folder above that has it, else this package's own file.
 */
export function catalogueSchemaPath(catalogue: string): string {
  for (let dir = catalogue; ; dir = dirname(dir)) {
    if (existsSync(join(dir, INSTALLED_SCHEMA))) return posix(relative(catalogue, join(dir, INSTALLED_SCHEMA)));
    if (dirname(dir) === dir) return posix(relative(catalogue, OWN_SCHEMA));
  }
}

export function schemaModeline(catalogue: string): string {
  return `# yaml-language-server: $schema=${catalogueSchemaPath(catalogue)}\n`;
}

/** The modeline of a living source's file: its own schema, in the same folder as the catalogue's. */
export function livingSchemaModeline(catalogue: string): string {
  return `# yaml-language-server: $schema=${catalogueSchemaPath(catalogue).replace(/catalogue\.schema\.json$/, LIVING_SCHEMA)}\n`;
}

function posix(path: string): string {
  return path.split(sep).join("/");
}
