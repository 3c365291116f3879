// Random catalogues from a seed: structure-aware (types, operations, names that have broken
// catalogen before) and then, sometimes, mutated as text (aliases, brackets, deleted spans).
import { stringify } from "yaml";
import { seededRandom } from "../../templates/mock/values.js";

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
/** Patterns that backtrack catastrophically (refused at validate), ones that do not, and one that does not compile. */
const PATTERNS = ["(a+)+$", "^(\\w+\\s?)*$", "(a|ab)*c", "^[a-z]+(-[a-z]+)*$", "^\\d{4}-\\d{2}$", "(", "^(\\d{1,3}\\.){3}\\d{1,3}$"];
const SAFE_PATTERNS = ["^[a-z]+(-[a-z]+)*$", "^\\d{4}-\\d{2}$", "^(\\d{1,3}\\.){3}\\d{1,3}$", "^([a-z0-9]+,)*$"];
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
    const kinds = depth <= 0 ? ["string", "integer", "number", "boolean", "ref", "unknown", "const", "nullType"] : ["string", "integer", "number", "boolean", "array", "object", "map", "union", "ref", "unknown", "binary", "const", "nullType", "allOf"];
    const kind = this.pick(kinds);
    const base: Record<string, Json> = {};
    if (this.chance(0.1)) base.nullable = true;
    if (this.chance(0.1)) base.description = this.text() || "text";
    switch (kind) {
      case "const":
        return { ...base, const: this.pick(this.hostile ? [...STRINGS, 1, 2.5, true, null] : ["a", "fast", 42, false, null]) };
      case "nullType": {
        const type = this.pick(["string", "integer", "number", "boolean"]);
        return { ...base, type: this.hostile && this.chance(0.2) ? ["null", "null"] : this.chance(0.5) ? [type, "null"] : ["null", type] };
      }
      case "allOf": {
        // Parts: earlier named objects and inline objects (a valid catalogue refers only to objects).
        const refs = this.hostile ? names : this.objectNames;
        const parts: Json[] = Array.from({ length: 1 + this.int(2) }, () => (refs.length > 0 && this.chance(0.6) ? { ref: this.pick(refs) } : this.object(depth - 1, names, {})));
        if (this.hostile && this.chance(0.2)) parts.push(this.type(depth - 1, names));
        return { ...base, allOf: parts };
      }
      case "ref":
        return names.length > 0 ? { ...base, ref: this.pick(names) } : { ...base, type: "string" };
      case "string":
        if (this.chance(0.15)) return { ...base, type: "string", pattern: this.pick(this.hostile ? PATTERNS : SAFE_PATTERNS) };
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
      case "object":
        return this.object(depth, names, base);
      default:
        return { ...base, type: kind };
    }
  }

  private object(depth: number, names: readonly string[], base: Record<string, Json>): Json {
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

  /** Named types known to be objects (not nullable): what a valid allOf may refer to. */
  private objectNames: string[] = [];

  /**
   * A small hierarchy (`Base`, two variants through allOf, a union with a discriminator mapping),
   * named after module `m`; hostile catalogues sometimes map a value to a type that is no variant.
   */
  private hierarchy(m: number): Record<string, Json> {
    const [base, a, b, choice] = ["Base", "VariantA", "VariantB", "Choice"].map((name) => `${name}${m}`);
    const mapping: Record<string, Json> = { a: a!, aa: a!, b: b! };
    if (this.hostile && this.chance(0.3)) mapping.c = this.pick([base!, "Missing", choice!]);
    return {
      [base!]: { type: "object", properties: { id: { type: "string", required: true } } },
      [a!]: { allOf: [{ ref: base! }, { type: "object", properties: { kind: { type: "string", required: true } } }] },
      [b!]: { allOf: [{ ref: base! }, { type: "object", properties: { kind: { const: this.hostile && this.chance(0.2) ? "a" : "b", required: true } } }] },
      [choice!]: { type: "union", discriminator: { property: "kind", mapping }, oneOf: [{ ref: a! }, { ref: b! }] },
    };
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
    if (this.servers && this.chance(0.3)) operation.servers = this.serverList();
    if (this.chance(0.3)) operation.limits = this.limits(operation.tokens === undefined);
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
      if (this.chance(0.4)) {
        const error = this.pick(hostile ? ["404", "4XX", "default", "500", "200"] : ["404", "4XX", "409"]);
        (operation.responses as Record<string, Json>)[error] = { description: "Failure", content: { [this.pick(["application/problem+json", "application/json", "text/plain; charset=utf-8"])]: { schema: this.type(1, names) } } };
      }
    }
    return operation;
  }

  /** Whether api.yaml declares servers (live and files in production, sandbox in sandbox). */
  private servers = false;

  /** A module's or operation's `servers`: valid ones name at most one server per environment. */
  private serverList(): Json {
    const valid = [["live"], ["sandbox"], ["live", "sandbox"], ["files"], ["files", "sandbox"]];
    return this.hostile && this.chance(0.3) ? this.pick([["live", "files"], ["nope"], ["live", "live"], []]) : this.pick(valid);
  }

  /** An operation's limits: the groups of api.limitGroups and own limits per token kind. */
  private limits(everyKind: boolean): Json {
    const own = (period: string, tokens?: string[]): Json => ({
      scope: "seller",
      period,
      limit: 5,
      interval: period === "1 second" ? "200 milliseconds" : "12 seconds",
      burst: 5,
      ...(tokens && { tokens }),
    });
    const limits: Json[] = [];
    if (this.chance(0.5)) limits.push({ group: "content" });
    if (this.chance(0.4) && (everyKind || this.hostile)) limits.push({ group: "service-only" });
    if (this.chance(0.5)) limits.push(own("1 second", ["personal"]));
    if (this.chance(0.3)) limits.push(own("1 minute", this.hostile && this.chance(0.3) ? ["robot"] : undefined));
    if (this.hostile && this.chance(0.2)) limits.push(this.pick<Json>([{ group: "missing" }, { group: "content" }, own("1 second")]));
    return limits;
  }

  private api(): Json {
    const api: Record<string, Json> = {
      title: "Fuzz",
      principal: "seller",
      auth: {
        header: "Authorization",
        tokenKinds: [
          { id: "personal", description: "Personal" },
          { id: "service", description: "Service" },
        ],
      },
      limitGroups: [
        { id: "content", scope: "seller", period: "1 minute", limit: 10, interval: "6 seconds", burst: 10 },
        { id: "service-only", scope: "seller", period: "1 hour", limit: 10, interval: "6 minutes", burst: 10, tokens: ["service"] },
      ],
    };
    if (this.servers) {
      api.servers = [
        { id: "live", url: "https://api.example.com/v2", environment: "production" },
        { id: "sandbox", url: this.hostile && this.chance(0.2) ? "ftp://sandbox.example.com" : "https://sandbox.example.com/v2", environment: "sandbox" },
        { id: "files", url: "https://files.example.com", environment: "production" },
      ];
    }
    if (this.chance(0.3)) {
      api.responses = {
        "5XX": { description: "The server failed", content: { "application/problem+json": { schema: { type: "object", properties: { title: { type: "string" }, status: { type: "integer" } } } } } },
        ...(this.chance(0.5) && { default: { description: "Any other error", content: { "text/plain; charset=utf-8": { schema: { type: "string" } } } } }),
        ...(this.hostile && this.chance(0.3) && { "200": { description: "Not an error", content: { "application/json": { schema: { ref: "Missing" } } } } }),
      };
    }
    return { api };
  }

  /** File name -> YAML text. */
  catalogue(): Record<string, string> {
    this.servers = this.chance(0.3);
    const files: Record<string, string> = { "api.yaml": stringify(this.api()) };
    const modules = 1 + this.int(3);
    let operationIndex = 0;
    for (let m = 0; m < modules; m++) {
      const id = !this.hostile || this.chance(0.95) ? `mod_${m}` : this.pick(["index", "Bad", "constructor"]);
      const typeNames = TYPE_NAMES.filter((name) => name !== "ApiError" && this.chance(0.3)).map((name) => `${name}${m}`);
      // A valid catalogue refers to its own module's types (the others may not exist).
      const referable = this.hostile ? [...typeNames, ...TYPE_NAMES.map((name) => `${name}${this.int(3)}`)] : typeNames;
      const types: Record<string, Json> = this.chance(0.3) ? this.hierarchy(m) : {};
      this.objectNames = Object.keys(types).filter((name) => name.startsWith("Base"));
      for (const name of typeNames) {
        const type = this.type(3, referable) as Record<string, Json>;
        types[name] = type;
        if (type.type === "object" && type.nullable === undefined) this.objectNames.push(name);
      }
      // Names the generated code derives or exports itself (refused by the validator, with positions).
      if (this.hostile && this.chance(0.2)) types[this.pick(["ServerEnvironment", "Identity", `Op${operationIndex}Errors`, `Op${operationIndex}Args`, `Mod${m}Operations`])] = { type: "string" };
      const operations = Array.from({ length: this.int(4) }, () => this.operation(operationIndex++, referable));
      const data: Record<string, Json> = { module: { id, title: `Module ${m}`, area: "Fuzzing", ...(this.servers && this.chance(0.3) && { servers: this.serverList() }) } };
      if (Object.keys(types).length > 0) data.types = types;
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

/** Where a symbolic link the fuzzer puts into a catalogue folder leads: all are refused, none read. */
export type LinkTarget = "outside-file" | "outside-folder" | "environ" | "self-loop" | "loop" | "dangling";
const LINK_TARGETS: readonly LinkTarget[] = ["outside-file", "outside-folder", "environ", "self-loop", "loop", "dangling"];

/**
 * For about a quarter of the seeds, symbolic links to put into the catalogue folder (name -> where
 * it leads), drawn from a sequence of their own: the catalogue a seed makes is the same with them.
 */
export function catalogueLinks(seed: number): Record<string, LinkTarget> {
  const next = random(seed * 7_919 + 13);
  if (next() >= 0.25) return {};
  const target = LINK_TARGETS[Math.floor(next() * LINK_TARGETS.length)]!;
  const name = next() < 0.5 ? "zz.yaml" : "aa.yaml";
  return target === "loop" ? { [name]: "loop", "loop-back.yaml": "loop" } : { [name]: target };
}
