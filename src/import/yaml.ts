// The intermediate -> catalogue files: api.yaml and <module id>.yaml, each with the schema modeline.
// Small collections are written in flow style on one line, as a person writes a catalogue.
import { Document, isMap, isSeq, visit } from "yaml";
import type { RawFile } from "../load/raw.js";
import type { ImportedCatalogue } from "./ir.js";

export interface CatalogueText {
  /** File name, e.g. `api.yaml`. */
  name: string;
  text: string;
}

/** The catalogue's files, each with the data its text holds. */
export function catalogueFiles(catalogue: ImportedCatalogue, schemaPath: string): (CatalogueText & { data: unknown })[] {
  const api = { api: catalogue.api };
  const files: (CatalogueText & { data: unknown })[] = [{ name: "api.yaml", text: render(api, schemaPath), data: api }];
  for (const module of catalogue.modules) {
    const data: RawFile = { module: module.module };
    if (module.types.length > 0) data.types = Object.fromEntries(module.types);
    data.operations = module.operations;
    files.push({ name: `${module.module.id}.yaml`, text: render(data, schemaPath), data });
  }
  return files;
}

const FLOW_WIDTH = 72;

function render(data: RawFile | { api: unknown }, schemaPath: string): string {
  const document = new Document(data, { aliasDuplicateObjects: false });
  visit(document, {
    Map(_, node, path) {
      // Top-level sections and operations stay in block style; small leaves go on one line.
      if (path.length < 4) return;
      if (node.items.some((pair) => isMap(pair.value) || isSeq(pair.value))) {
        const text = JSON.stringify(node.toJSON());
        if (text.length > FLOW_WIDTH) return;
      }
      if (JSON.stringify(node.toJSON()).length <= FLOW_WIDTH && !hasMultilineString(node.toJSON())) node.flow = true;
    },
    Seq(_, node, path) {
      if (path.length < 4) return;
      const json = node.toJSON();
      if (JSON.stringify(json).length <= FLOW_WIDTH && !hasMultilineString(json)) node.flow = true;
    },
  });
  const body = document.toString({ lineWidth: 0, blockQuote: "literal", flowCollectionPadding: true });
  const spaced = body.replace(/\n(  - id: )/g, "\n\n$1").replace(/^operations:\n\n/m, "operations:\n");
  return `# yaml-language-server: $schema=${schemaPath}\n${spaced.replace(/\n(types|operations):/g, "\n\n$1:")}`;
}

function hasMultilineString(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\n");
  if (Array.isArray(value)) return value.some(hasMultilineString);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasMultilineString);
  return false;
}
