// The intermediate -> catalogue files: api.yaml and <module id>.yaml, each with the schema modeline.
// Small collections are written in flow style on one line, as a person writes a catalogue.
import { Document, isMap, isSeq } from "yaml";
import type { RawFile } from "../load/raw.js";
import type { ImportedCatalogue } from "./ir.js";
import { yamlDocumentText } from "../shared/sinks-yaml.js";

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
  // Top-level sections and operations stay in block style; small leaves (a collection at least
  // four steps below the document whose JSON fits in FLOW_WIDTH, with no multi-line text) go on one line.
  if (document.contents) flowSmall(document.contents, 1);
  const body = yamlDocumentText(document, { lineWidth: 0, blockQuote: "literal", flowCollectionPadding: true });
  const spaced = body.replace(/\n(  - id: )/g, "\n\n$1").replace(/^operations:\n\n/m, "operations:\n");
  return `# yaml-language-server: $schema=${schemaPath}\n${spaced.replace(/\n(types|operations):/g, "\n\n$1:")}`;
}

/**
 * Marks small collections under `node` as flow style, in one pass from the leaves up; returns the
 * length of `JSON.stringify(node.toJSON())`, or Infinity when the node holds multi-line text.
 * `depth`: the length of the path yaml's visit() gives the node (document, collections, pairs).
 */
function flowSmall(node: unknown, depth: number): number {
  if (isMap(node)) {
    let length = 2 + Math.max(0, node.items.length - 1);
    for (const pair of node.items) length += JSON.stringify(String((pair.key as { value?: unknown } | null)?.value ?? pair.key)).length + 1 + flowSmall(pair.value, depth + 2);
    if (depth >= 4 && length <= FLOW_WIDTH) node.flow = true;
    return length;
  }
  if (isSeq(node)) {
    let length = 2 + Math.max(0, node.items.length - 1);
    for (const item of node.items) length += flowSmall(item, depth + 1);
    if (depth >= 4 && length <= FLOW_WIDTH) node.flow = true;
    return length;
  }
  const value = (node as { value?: unknown } | null)?.value ?? null;
  if (typeof value === "string" && value.includes("\n")) return Infinity;
  return JSON.stringify(value).length;
}
