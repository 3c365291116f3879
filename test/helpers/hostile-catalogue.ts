// One catalogue with text in every field that reaches output (descriptions at every level,
// summaries, titles, enum values, examples, property and query parameter names, paths, server URLs
// and descriptions, token kind and limit group descriptions, combination groups, error responses),
// made with benign words or with a payload: the hostile tests generate it and compare or scan what
// comes out. Ids and header names are restricted by the validator, so they stay plain.

/** Everything that could end a comment, string, template, HTML comment or Markdown cell, or start markup. */
export const PAYLOAD =
  "*/ alert(1); /* `${inject}` \" ' \\ {{handlebars}} {{{triple}}} <script>alert(1)</script> --> <!-- | pipe *em* _u_ # [x](javascript:alert(1)) @param x\r\n@returns y\u2028next\u2029line\u0000nul \u0085 end";
const BENIGN = "plain words here";

/** Text for one field: a tag that keeps values distinct, the variant's words, one paragraph break in both. */
const textOf = (payload: string | undefined) => (tag: string): string => `${tag} ${payload ?? BENIGN}\n\nsecond ${payload ?? BENIGN}`;
/** One-line text (titles, summaries: a `line` in the catalogue schema; enum values, names). */
const lineOf = (payload: string | undefined) => (tag: string): string => `${tag} ${payload === undefined ? BENIGN : payload.replace(/[\r\n\u2028\u2029\u0085\u0000]/g, " ")}`;

/** The catalogue's files as objects (YAML is a superset of JSON: write each as JSON); `payload` undefined: benign words. */
export function hostileCatalogue(payload: string | undefined): Record<string, unknown> {
  const hostile = payload !== undefined;
  const text = textOf(payload);
  const line = lineOf(payload);
  const propertyName = line("prop");
  const enumValues = [line("enum-a"), line("enum-b")];
  // Ids, header names and most of a path are restricted by the validator; these are not.
  const path = hostile ? "/things*/a'b/{thingId}" : "/things/ab/{thingId}";
  const serverUrl = hostile ? "https://api.example.com/v1/a*/b'\"`<x>|" : "https://api.example.com/v1/ab";
  const queryName = line("query");
  const record = { kind: enumValues[0], label: "one", [propertyName]: text("example") };
  return {
    "api.yaml": {
      api: {
        title: line("title"),
        description: text("api"),
        principal: "seller",
        servers: [
          { id: "main", url: serverUrl, description: text("server"), environment: "production" },
          { id: "sandbox", url: "https://sandbox.example.com/v1", description: text("sandbox"), environment: "sandbox" },
        ],
        auth: {
          header: "Authorization",
          tokenKinds: [{ id: "personal", description: text("token") }],
        },
        responses: {
          "500": { description: text("api error"), content: { "application/json": { schema: { ref: "Problem" }, example: { message: text("api error example") } } } },
        },
        limitGroups: [{ id: "shared", description: text("group"), scope: "seller", period: "1 minute", limit: 10, interval: "6 seconds", burst: 2 }],
      },
    },
    "things.yaml": {
      module: { id: "things", title: line("module"), area: line("area") },
      types: {
        Problem: { type: "object", description: text("problem"), properties: { message: { type: "string", description: text("message"), required: true } } },
        Thing: {
          type: "object",
          description: text("type"),
          properties: {
            kind: { type: "string", description: text("kind"), enum: enumValues, required: true },
            label: { type: "string", enum: ["one", "two"], required: true },
            [propertyName]: { type: "string", description: text("property") },
            count: { type: "integer", description: text("count") },
          },
          combinations: {
            fields: ["kind", "label"],
            allowed: [
              { values: { kind: enumValues[0], label: "one" }, group: text("combination group"), meaning: text("meaning") },
              { values: { kind: enumValues[1], label: "two" }, meaning: text("other meaning") },
            ],
          },
        },
      },
      operations: [
        {
          id: "getThing",
          method: "GET",
          path,
          summary: line("summary"),
          description: text("description"),
          tokens: ["personal"],
          limits: [{ group: "shared" }],
          constraints: [text("constraint")],
          parameters: [
            { name: "thingId", in: "path", required: true, schema: { type: "string", description: text("schema") }, description: text("path parameter") },
            { name: queryName, in: "query", schema: { type: "string", enum: enumValues }, description: text("query parameter") },
            { name: "X-Trace", in: "header", schema: { type: "string" }, description: text("header parameter") },
          ],
          request: "none",
          responses: {
            "200": { description: text("response"), content: { "application/json": { schema: { ref: "Thing" }, example: record } } },
            "404": { description: text("not found"), content: { "application/json": { schema: { ref: "Problem" }, example: { message: text("missing") } } } },
            "409": { description: text("conflict"), content: { "text/plain": { example: text("conflict example") } } },
          },
        },
        {
          id: "putThing",
          method: "PUT",
          path,
          summary: line("put summary"),
          idempotent: true,
          limits: [{ scope: "seller", period: "1 minute", limit: 5, interval: "12 seconds", burst: 1 }],
          parameters: [{ name: "thingId", in: "path", required: true, schema: { type: "string" } }],
          request: { required: true, description: text("request"), content: { "application/json": { schema: { ref: "Thing" }, example: record } } },
          responses: { "204": { description: text("no content") } },
        },
      ],
    },
  };
}
