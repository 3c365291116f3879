// Streams and paging in the catalogue language: what is refused, with file:line:col, a message and
// a hint, and nothing written (issue 23).
import { describe, expect, it } from "vitest";
import { generateInto, writeCatalogue, API } from "./support.js";

const cases: { name: string; files: Record<string, string>; api?: string; errors: [string, string][] }[] = [
  {
    name: "items on a media type that does not stream",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - id: listThings
    method: GET
    path: /things
    summary: List
    responses:
      "200": { content: { application/json: { items: { type: string } } } }
`,
    },
    errors: [["shop.yaml:8:47", '"items" is for streamed media types, not application/json']],
  },
  {
    name: "events on JSON Lines, and an unknown type in an event",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - id: watchThings
    method: GET
    path: /things
    summary: Watch
    responses:
      "200":
        content:
          application/jsonl: { events: { added: { type: string } } }
          text/event-stream: { events: { added: { ref: Thingg } } }
`,
    },
    errors: [
      ["shop.yaml:10:32", '"events" is for text/event-stream, not application/jsonl'],
      ["shop.yaml:11:56", 'unknown type "Thingg"'],
    ],
  },
  {
    name: "pagination without its fields, with an unknown definition, in an undeclared query parameter, in a GET body",
    api: `${API}  pagination:
    - { id: cursor, style: cursor, cursor: { in: query, name: cursor } }
`,
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - id: listThings
    method: GET
    path: /things
    summary: List
    pagination: { style: offset }
  - id: listMore
    method: GET
    path: /more
    summary: More
    pagination: { use: cursr }
  - id: listOthers
    method: GET
    path: /others
    summary: Others
    parameters: []
    pagination: { style: page, page: { in: query, name: page } }
  - id: listBodies
    method: GET
    path: /bodies
    summary: Bodies
    pagination: { style: cursor, next: next, cursor: { in: body, name: after } }
`,
    },
    errors: [
      ["api.yaml:8:7", "pagination style cursor needs \"next\""],
      ["shop.yaml:7:5", 'pagination style offset needs "offset"'],
      ["shop.yaml:12:24", 'unknown pagination "cursr"'],
      ["shop.yaml:18:57", 'the page goes in query parameter "page", which the operation does not declare'],
      ["shop.yaml:23:60", "a GET request has no body to carry the cursor"],
    ],
  },
];

describe.each(cases)("a catalogue with $name", ({ files, api, errors }) => {
  it("is refused with each error located, exit code 1, nothing written", async () => {
    const run = await generateInto(await writeCatalogue(files, api));
    expect(run.code).toBe(1);
    expect(run.errors.map(([at, message]) => [at, message.slice(0, 0)])).toEqual(errors.map(([at]) => [at, ""]));
    errors.forEach(([, message], i) => expect(run.errors[i]![1]).toContain(message));
    expect(run.written).toBe(false);
  });
});
