// Parameter styles and body encodings the catalogue cannot mean are refused with file:line:col,
// exit 1 and nothing written (src/validate/styles.ts).
import { expect, test } from "vitest";
import { generateInto, writeCatalogue } from "./support.js";

const MODULE = "module: { id: shop, title: Shop, area: Things }\n";

test("a style the location does not allow, deepObject on a scalar, explode against the style, encoding beside the schema", async () => {
  const dir = await writeCatalogue({
    "shop.yaml": `${MODULE}operations:
  - id: listThings
    method: GET
    path: /things/{id}
    summary: Things.
    parameters:
      - { name: id, in: path, style: form }
      - { name: q, in: query, style: deepObject, schema: { type: string } }
      - { name: t, in: query, style: pipeDelimited, explode: true, schema: { type: array, items: { type: string } } }
      - { name: h, in: header, style: label }
      - { name: api_key, in: header }
      - { name: "X Trace", in: header }
    request: none
  - id: putThing
    method: PUT
    path: /things
    summary: Put.
    request:
      content:
        application/json:
          schema: { type: object, properties: { a: { type: string } } }
          encoding: { a: { contentType: text/plain } }
        multipart/form-data:
          schema: { type: object, properties: { a: { type: string } } }
          encoding: { b: { contentType: text/plain }, a: { style: form } }
`,
  });
  const run = await generateInto(dir);
  expect(run.code).toBe(1);
  expect(run.written).toBe(false);
  expect(run.errors).toEqual([
    ["shop.yaml:8:38", "style form is not allowed in the path"],
    ["shop.yaml:9:38", 'style deepObject writes an object, an array or a union, but "q" is a string'],
    ["shop.yaml:10:62", "style pipeDelimited is defined with explode: false only"],
    ["shop.yaml:11:39", "style label is not allowed in the header"],
    ["shop.yaml:13:17", 'header "X Trace" is not a valid header name'],
    ["shop.yaml:23:11", "encoding applies to application/x-www-form-urlencoded and multipart/form-data bodies, not application/json"],
    ["shop.yaml:26:23", 'encoding names "b", which the body\'s schema does not have'],
    ["shop.yaml:26:55", "style and explode apply to urlencoded bodies; a multipart part is written by its contentType"],
  ]);
});

test("deepObject on objects, arrays and unions nested to any depth is accepted (Stripe's items[0][price])", async () => {
  const dir = await writeCatalogue({
    "shop.yaml": `${MODULE}types:
  Range: { type: object, properties: { gt: { type: integer } } }
  Fields: { type: array, items: { type: string, enum: [a, b] } }
operations:
  - id: listThings
    method: GET
    path: /things
    summary: Things.
    parameters:
      - { name: created, in: query, style: deepObject, schema: { type: union, oneOf: [{ ref: Range }, { type: integer }] } }
      - { name: ids, in: query, style: deepObject, schema: { type: union, oneOf: [{ ref: Range }, { type: array, items: { type: string } }] } }
      - { name: plain, in: query, style: deepObject, schema: { type: union, oneOf: [{ type: string }, { type: integer }] } }
      - { name: expand, in: query, style: deepObject, explode: true, schema: { type: array, items: { type: string } } }
      - { name: fields, in: query, style: deepObject, schema: { ref: Fields } }
      - { name: nested, in: query, style: deepObject, schema: { type: array, items: { type: array, items: { type: string } } } }
      - { name: rows, in: query, style: deepObject, schema: { type: array, items: { type: object, properties: { a: { type: string } } } } }
    request: none
`,
  });
  const run = await generateInto(dir);
  expect(run.errors).toEqual([]);
  expect(run.code).toBe(0);
});
