// Texts parsed with every node's position, once each, for placing errors: a document of megabytes
// with many errors is parsed for the first of them only.
import { LineCounter, type Document } from "yaml";
import { parseYamlDocument } from "../shared/yaml-parse.js";

export interface Positioned {
  document: Document;
  counter: LineCounter;
}

export class PositionedTexts {
  private readonly parsed = new Map<string, Positioned>();

  constructor(private readonly options: { uniqueKeys?: boolean } = {}) {}

  /** `text` (known by `key`) parsed with positions: the first call parses it, later ones reuse that. */
  get(key: string, text: string): Positioned {
    let found = this.parsed.get(key);
    if (!found) {
      const counter = new LineCounter();
      found = { document: parseYamlDocument(text, { ...this.options, lineCounter: counter }), counter };
      this.parsed.set(key, found);
    }
    return found;
  }
}
