// Random OpenAPI 3.0/3.1 documents from a seed: structure-aware (tags, paths, parameters, schemas,
// $refs, names and texts that have broken catalogen import before), half of them hostile (names
// the catalogue must rename, texts that try to leave a comment or a string, bad $refs, alias bombs,
// deep nesting). Every text that could reach output carries MARKER, so the fuzzer can prove it
// stays inside comments and literals.
import { stringify } from "yaml";
import { seededRandom } from "../../templates/mock/values.js";

/** Text that must never appear in generated code outside a comment or a literal. */
export const MARKER = "PWNED";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const TAGS = ["pets", "Store Front", "api", "index", "types", "default", "runtime", "ünïcode", "a-b", "a_b", "__proto__", "constructor", "Promise", "1st", "", "t".repeat(300)];
const SCHEMA_NAMES = ["Pet", "Error", "Promise", "Record", "Array", "ApiError", "Client", "__proto__", "constructor", "a-b", "a_b", "Pet_2", "x".repeat(250), "Ünï", "1st"];
const FIELD_NAMES = ["id", "name", "constructor", "toString", "__proto__", "a b", "x-y", "then", "*/", "${x}", "1st", "ünï", "query", "body", "headers"];
const SEGMENTS = ["pets", "v1", "{id}", "{a-b}", "{a_b}", "{__proto__}", "{query}", "{constructor}", ".", "..", "a b", "%2F", "files", "~x", "{id}.json"];
const PARAM_NAMES = ["limit", "__proto__", "constructor", "a-b", "a_b", "X-Trace", "q", "query", "body", "toString"];
/** Patterns that backtrack catastrophically (left out by import), and ones that do not. */
const PATTERNS = ["(a+)+$", "^(\\w+\\s?)*$", "(a|ab)*c", "^[a-z]+(-[a-z]+)*$", "^\\d{4}-\\d{2}$"];
const METHODS = ["get", "post", "put", "patch", "delete", "head", "options", "trace"];
/** Texts that try to leave every place a text lands: doc comments, line comments, strings, templates, Markdown, YAML. */
const HOSTILE_TEXTS = [
  `*/ ${MARKER}(); /*`,
  `\n${MARKER}();\n//`,
  `\u2028${MARKER}();`,
  `\`; ${MARKER}(); \``,
  `\${${MARKER}()}`,
  `"; ${MARKER}(); "`,
  `'; ${MARKER}(); '`,
  `\\\\"; ${MARKER}(); //`,
  `</script><script>${MARKER}()</script>`,
  `| ${MARKER} | cell |`,
  `--- \n${MARKER}: 1`,
  `# ${MARKER}`,
];

export interface FuzzDocument {
  /** File name to write the document under (`.json` or `.yaml`). */
  name: string;
  text: string;
  /** Other files beside it (for relative $refs). */
  files: Record<string, string>;
  /**
   * Symbolic links beside it, name -> where they lead: `outside` (the project's secrets.json, outside
   * the document's folder), `environ` (/proc/self/environ), or another name here (a loop).
   */
  links: Record<string, string>;
  hostile: boolean;
}

export class OpenApiGenerator {
  private readonly next: () => number;
  readonly hostile: boolean;
  private schemaNames: string[] = [];

  /**
   * `benign`: the same document with every hostile text replaced by plain text (the same random
   * draws, so the same structure): the twin an escape check compares the hostile output with.
   */
  constructor(
    private readonly seed: number,
    private readonly benign = false,
  ) {
    this.next = seededRandom(seed);
    this.hostile = this.next() < 0.5;
  }

  private int(max: number): number {
    return Math.floor(this.next() * max);
  }

  private chance(p: number): boolean {
    return this.next() < p;
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  private text(): string {
    if (!(this.hostile || this.chance(0.3))) return `Plain text ${this.int(100)} ${MARKER}`;
    const index = this.int(HOSTILE_TEXTS.length);
    return this.benign ? `Plain text ${index}` : HOSTILE_TEXTS[index]!;
  }

  document(): FuzzDocument {
    const files: Record<string, string> = {};
    const links: Record<string, string> = {};
    const special = this.hostile ? this.int(12) : -1;
    this.schemaNames = Array.from({ length: this.int(5) }, () => (this.hostile ? this.pick(SCHEMA_NAMES) : `Model${this.int(20)}`));
    const schemas: Record<string, Json> = {};
    for (const name of this.schemaNames) schemas[name] = this.schema(0);
    const paths: Record<string, Json> = {};
    const count = 1 + this.int(5);
    for (let i = 0; i < count; i++) paths[this.path()] = this.pathItem();
    const tags = Array.from({ length: this.int(3) }, () => ({ name: this.tag(), description: this.text() }));
    const doc: Record<string, Json> = {
      openapi: this.chance(0.5) ? "3.1.0" : "3.0.3",
      info: { title: this.text(), description: this.text(), version: "1.0.0" },
      ...(tags.length > 0 && { tags }),
      paths,
      components: { schemas, securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Api-Key", description: this.text() } } },
      security: [{ key: [] }],
    };
    // Hostile documents: one construct that must be refused with a position, or read without harm.
    if (special === 0) this.firstSchema(doc, { $ref: "/etc/passwd" });
    if (special === 1) this.firstSchema(doc, { $ref: "../secrets.json" });
    if (special === 2) this.firstSchema(doc, { $ref: "https://example.com/schema.json" });
    if (special === 3) {
      files["common.yaml"] = stringify({ Shared: this.schema(0) });
      this.firstSchema(doc, { $ref: "common.yaml#/Shared" });
    }
    if (special === 4) this.firstSchema(doc, this.nested(105 + this.int(40)));
    if (special === 5) this.firstSchema(doc, this.nested(600));
    // A $ref to a schema not declared; a name every object inherits must name nothing too (unless declared).
    if (special === 6) this.firstSchema(doc, { $ref: `#/components/schemas/${this.pick(["Nowhere", "__proto__", "constructor", "toString", "hasOwnProperty"])}` });
    if (special === 7) this.firstSchema(doc, { $ref: "#/components/schemas/%ZZ" });
    if (special === 10) {
      // A $ref through a real symbolic link: to a file outside the document's folder, to the
      // process's environment, or in a loop (chosen by the seed: seeds 1-50 hold each once).
      const kind = (["outside", "environ", "loop"] as const)[(this.seed % 7) % 3]!;
      Object.assign(links, kind === "loop" ? { "linked.yaml": "loop.yaml", "loop.yaml": "linked.yaml" } : { "linked.yaml": kind });
      // A named schema too: an operation the importer leaves out would leave the $ref unread.
      (doc.components as { schemas: Record<string, Json> }).schemas.Linked = { $ref: "linked.yaml#/Shared" };
      this.firstSchema(doc, { $ref: "linked.yaml#/Shared" });
    }
    const json = this.chance(0.5);
    let text = json ? JSON.stringify(doc, null, this.chance(0.5) ? 2 : undefined) : stringify(doc, { aliasDuplicateObjects: false });
    if (special === 8 && !json) text += aliasBomb();
    if (special === 9) text = text.slice(0, this.int(text.length));
    return { name: json ? "openapi.json" : "openapi.yaml", text, files, links, hostile: this.hostile };
  }

  private tag(): string {
    return this.hostile ? this.pick(TAGS) : this.pick(["pets", "store", "users", "Store Front"]);
  }

  private path(): string {
    const segments = Array.from({ length: 1 + this.int(3) }, () => (this.hostile ? this.pick(SEGMENTS) : this.pick(["pets", "v1", "{id}", "items", "{itemId}"])));
    return `/${segments.join("/")}`;
  }

  private pathItem(): Json {
    const item: Record<string, Json> = {};
    for (const method of METHODS) {
      if (!this.chance(0.3)) continue;
      item[method] = this.operation();
    }
    if (Object.keys(item).length === 0) item.get = this.operation();
    return item;
  }

  private operation(): Json {
    const parameters = Array.from({ length: this.int(4) }, () => {
      const location = this.pick(["query", "header", "path", "cookie"]);
      return { name: this.hostile ? this.pick(PARAM_NAMES) : this.pick(["limit", "q", "X-Trace"]), in: location, ...(location === "path" && { required: true }), description: this.text(), schema: this.schema(2) };
    });
    const operation: Record<string, Json> = {
      ...(this.chance(0.7) && { operationId: this.hostile ? this.pick([...FIELD_NAMES, "get", "delete", "getPets"]) : `op${this.int(1000)}` }),
      ...(this.chance(0.7) && { summary: this.text() }),
      description: this.text(),
      ...(this.chance(0.8) && { tags: [this.tag()] }),
      parameters,
      responses: this.responses(),
    };
    if (this.chance(0.4)) operation.requestBody = { description: this.text(), required: this.chance(0.5), content: { "application/json": { schema: this.schema(0), ...(this.chance(0.3) && { example: this.text() }) } } };
    return operation;
  }

  private responses(): Json {
    const responses: Record<string, Json> = {};
    for (const status of ["200", "201", "400", "404", "default"]) {
      if (!this.chance(0.4) && status !== "200") continue;
      responses[status] = { description: this.text(), ...(this.chance(0.7) && { content: { "application/json": { schema: this.schema(0) } } }) };
    }
    return responses;
  }

  private schema(depth: number): Json {
    const description = this.chance(0.5) ? { description: this.text() } : {};
    const roll = this.int(depth > 3 ? 4 : 10);
    if (this.schemaNames.length > 0 && this.chance(0.2)) return { $ref: `#/components/schemas/${encodeURIComponent(this.pick(this.schemaNames)).replace(/~/g, "~0")}` };
    switch (roll) {
      case 0:
        if (this.hostile && this.chance(0.2)) return { type: "string", ...description, pattern: this.pick(PATTERNS) };
        return { type: "string", ...description, ...(this.chance(0.3) && { enum: [this.text(), this.text(), "plain"] }) };
      case 1:
        return { type: "integer", ...description, ...(this.chance(0.3) && { enum: [1, 2, 3] }) };
      case 2:
        return { type: "boolean", ...description };
      case 3:
        return { type: "number", format: "double", ...description, ...(this.chance(0.2) && { nullable: true }) };
      case 4:
      case 5: {
        const properties: Record<string, Json> = {};
        for (let i = this.int(4); i > 0; i--) properties[this.hostile ? this.pick(FIELD_NAMES) : `field${this.int(9)}`] = this.schema(depth + 1);
        const names = Object.keys(properties);
        return { type: "object", ...description, properties, ...(names.length > 0 && this.chance(0.5) && { required: [names[0]!] }), ...(this.chance(0.2) && { additionalProperties: false }) };
      }
      case 6:
        return { type: "array", ...description, items: this.schema(depth + 1) };
      case 7:
        return { ...description, oneOf: [this.schema(depth + 1), this.schema(depth + 1)] };
      case 8:
        return { ...description, allOf: [this.schema(depth + 1), { type: "object", properties: { extra: { type: "string", description: this.text() } } }] };
      default:
        return { type: "object", ...description, additionalProperties: this.schema(depth + 1) };
    }
  }

  private nested(levels: number): Json {
    let schema: Json = { type: "string", description: this.text() };
    for (let i = 0; i < levels; i++) schema = this.chance(0.5) ? { type: "object", properties: { p: schema } } : { type: "array", items: schema };
    return schema;
  }

  private firstSchema(doc: Record<string, Json>, schema: Json): void {
    const [path] = Object.values(doc.paths as Record<string, Record<string, Record<string, Json>>>);
    const operation = Object.values(path!)[0]!;
    operation.responses = { "200": { description: "ok", content: { "application/json": { schema } } } };
  }
}

function aliasBomb(): string {
  const lines = ['x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (const [name, inner] of [["b", "a"], ["c", "b"], ["d", "c"], ["e", "d"], ["f", "e"], ["g", "f"]]) lines.push(`x-${name}: &${name} [${Array(9).fill(`*${inner}`).join(",")}]`);
  return `${lines.join("\n")}\n`;
}
