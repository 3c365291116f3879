// Random catalogues from a seed: structure-aware (types, operations, names that have broken
// catalogen before) and then, sometimes, mutated as text (aliases, brackets, deleted spans).
import { stringify } from "yaml";
import { seededRandom } from "../../src/mock/values.js";

/** The mock's seeded generator (mulberry32): a sequence a seed fixes on every machine. */
export const random = seededRandom;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const FIELD_NAMES = ["id", "name", "constructor", "toString", "valueOf", "__proto__", "hasOwnProperty", "a b", "x-y", "kind", "items", "then", "1st", "ünï", "*/", "${x}"];
const TYPE_NAMES = ["Thing", "Node", "Pair", "Left", "Right", "Tree", "Missing", "Constructor", "ApiError", "Self"];
const STRINGS = ["a", "b", "surplus", "", " ", "*/ alert(1) /*", "${inject}", "\u2028", "\"quoted\"", "__proto__", "constructor", "x".repeat(300)];
const SEGMENTS = ["things", "v1", "{id}", "{thingId}", "{__proto__}", "{constructor}", ".", "..", "a b", "", "~x", "{id}", "files", "%2F"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "FETCH", "get"];
const TEXT_TOKENS = ["*x", "&a ", "*a", "{", "}", "[", "]", ": ", "- ", "\t", "---\n", "? ", "!!binary ", "<<: *a", "'", "\"", "#", "\n  ", "null", "~", "1e999", "0x1F", "__proto__: 1", "\u0000", "\ufeff"];

/** Choices that keep a catalogue valid (names objects inherit and hostile text included). */
const SAFE_FIELD_NAMES = ["id", "name", "constructor", "toString", "valueOf", "__proto__", "a b", "x-y", "then", "*/", "${x}"];
const SAFE_STRINGS = ["a", "b", "surplus", "*/ alert(1) /*", "${inject}", "\"quoted\"", "__proto__", "constructor"];

export class CatalogueGenerator {
  private readonly next: () => number;
  /** Half the catalogues are hostile: any choice; the others choose among valid ones only. */
  private readonly hostile: boolean;

  constructor(seed: number) {
    this.next = random(seed);
    this.hostile = this.next() < 0.5;
  }

  private fieldName(): string {
    return this.pick(this.hostile ? FIELD_NAMES : SAFE_FIELD_NAMES);
  }

  private text(): string {
    return this.pick(this.hostile ? STRINGS : SAFE_STRINGS);
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }

  type(depth: number, names: readonly string[]): Json {
    const kinds = depth <= 0 ? ["string", "integer", "number", "boolean", "ref", "unknown"] : ["string", "integer", "number", "boolean", "array", "object", "map", "union", "ref", "unknown", "binary"];
    const kind = this.pick(kinds);
    const base: Record<string, Json> = {};
    if (this.chance(0.1)) base.nullable = true;
    if (this.chance(0.1)) base.description = this.text() || "text";
    switch (kind) {
      case "ref":
        return names.length > 0 ? { ...base, ref: this.pick(names) } : { ...base, type: "string" };
      case "string":
        return this.chance(0.4) ? { ...base, type: "string", enum: [...new Set(Array.from({ length: 1 + this.int(4) }, () => this.text()))] } : { ...base, type: "string" };
      case "integer":
        return this.chance(0.3) ? { ...base, type: "integer", enum: this.hostile ? [1, 2, this.int(5)] : [1, 2] } : { ...base, type: "integer" };
      case "array":
        return { ...base, type: "array", items: this.type(depth - 1, names) };
      case "map":
        return { ...base, type: "map", values: this.type(depth - 1, names) };
      case "union": {
        const oneOf = Array.from({ length: 1 + this.int(3) }, () => this.type(depth - 1, names));
        return this.hostile && this.chance(0.3) ? { ...base, type: "union", oneOf, discriminator: "kind" } : { ...base, type: "union", oneOf };
      }
      case "object": {
        const properties: Record<string, Json> = {};
        for (let i = this.int(5); i > 0; i--) {
          const property = this.type(depth - 1, names) as Record<string, Json>;
          if (this.chance(0.5)) property.required = true;
          properties[this.fieldName()] = property;
        }
        const object: Record<string, Json> = { ...base, type: "object", properties };
        if (this.chance(0.3)) object.additionalProperties = this.chance(0.5) ? true : this.type(0, names);
        return object;
      }
      default:
        return { ...base, type: kind };
    }
  }

  value(depth: number): Json {
    switch (this.int(depth <= 0 ? 4 : 6)) {
      case 0:
        return this.pick(STRINGS);
      case 1:
        return this.pick([0, 1, -1, 2.5, 1e21]);
      case 2:
        return this.pick([true, false, null]);
      case 3:
        return this.pick(["a", "surplus"]);
      case 4:
        return Array.from({ length: this.int(3) }, () => this.value(depth - 1));
      default:
        return Object.fromEntries(Array.from({ length: this.int(3) }, () => [this.pick(FIELD_NAMES), this.value(depth - 1)]));
    }
  }

  path(index: number): string {
    if (!this.hostile) return `/op${index}/${this.pick(["things", "v1", "{id}", "{constructor}", "~x", "a:b"])}`;
    return `/${Array.from({ length: 1 + this.int(3) }, () => this.pick(SEGMENTS)).join("/")}`;
  }

  operation(index: number, names: readonly string[]): Json {
    const path = this.path(index);
    const hostile = this.hostile;
    const operation: Record<string, Json> = {
      id: hostile && this.chance(0.05) ? "constructor" : `op${index}`,
      method: !hostile || this.chance(0.9) ? this.pick(METHODS.slice(0, 4)) : this.pick(METHODS),
      path,
      summary: this.text() || "Summary",
    };
    if (this.chance(0.3)) operation.tokens = [!hostile || this.chance(0.8) ? "personal" : "robot"];
    if (this.chance(0.4)) {
      const params = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => ({ name: m[1]!, in: "path", required: true, schema: { type: "string" } }));
      if (this.chance(0.5)) params.push({ name: this.pick(hostile ? ["q", "__proto__", "limit"] : ["q", "limit"]), in: this.pick(["query", "header"]), required: false, schema: { type: "string" } });
      operation.parameters = params as unknown as Json;
    }
    if (operation.method !== "GET" && this.chance(0.4)) operation.request = { content: { "application/json": { schema: this.type(2, names) } } };
    if (this.chance(0.8)) {
      const media: Record<string, Json> = { schema: this.type(2, names) };
      if (hostile && this.chance(0.4)) media.example = this.value(3);
      const status = this.pick(hostile ? ["200", "201", "204", "2XX", "default", "600"] : ["200", "201", "2XX", "default"]);
      operation.responses = { [status]: { description: "Result", content: { [this.pick(["application/json", "text/plain", "application/octet-stream"])]: media } } };
    }
    return operation;
  }

  /** File name -> YAML text. */
  catalogue(): Record<string, string> {
    const files: Record<string, string> = {
      "api.yaml": stringify({ api: { title: "Fuzz", auth: { header: "Authorization", tokenKinds: [{ id: "personal", description: "Personal" }] } } }),
    };
    const modules = 1 + this.int(3);
    let operationIndex = 0;
    for (let m = 0; m < modules; m++) {
      const id = !this.hostile || this.chance(0.95) ? `mod_${m}` : this.pick(["index", "Bad", "constructor"]);
      const typeNames = TYPE_NAMES.filter((name) => name !== "ApiError" && this.chance(0.3)).map((name) => `${name}${m}`);
      // A valid catalogue refers to its own module's types (the others may not exist).
      const referable = this.hostile ? [...typeNames, ...TYPE_NAMES.map((name) => `${name}${this.int(3)}`)] : typeNames;
      const types: Record<string, Json> = {};
      for (const name of typeNames) types[name] = this.type(3, referable);
      const operations = Array.from({ length: this.int(4) }, () => this.operation(operationIndex++, referable));
      const data: Record<string, Json> = { module: { id, title: `Module ${m}`, area: "Fuzzing" } };
      if (typeNames.length > 0) data.types = types;
      if (operations.length > 0 || this.chance(0.5)) data.operations = operations;
      files[`${id}.yaml`] = stringify(data, { aliasDuplicateObjects: false });
    }
    if (this.hostile && this.chance(0.5)) {
      const names = Object.keys(files);
      const name = this.pick(names);
      files[name] = this.mutate(files[name]!);
    }
    return files;
  }

  /** One to three text edits: a token inserted, a span deleted, a line repeated. */
  mutate(text: string): string {
    let out = text;
    for (let edits = 1 + this.int(3); edits > 0; edits--) {
      const at = this.int(out.length + 1);
      switch (this.int(3)) {
        case 0:
          out = out.slice(0, at) + this.pick(TEXT_TOKENS) + out.slice(at);
          break;
        case 1:
          out = out.slice(0, at) + out.slice(at + 1 + this.int(20));
          break;
        default: {
          const lines = out.split("\n");
          const line = this.int(lines.length);
          lines.splice(line, 0, lines[line] ?? "");
          out = lines.join("\n");
        }
      }
    }
    return out;
  }
}
