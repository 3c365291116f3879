// The per-module types files (src/emit/shared/types-files.ts): the client's and the server's text of
// a module is made once when it cannot differ, and apart when it can.
import { describe, expect, it } from "vitest";
import type { NamedType } from "../../src/model/types.js";
import { typesFiles } from "../../src/emit/shared/types-files.js";
import { CLIENT_RESPONSE_TYPES } from "../../src/emit/client/signature.js";
import { SERVER_REQUEST_TYPES, SERVER_RESPONSE_TYPES } from "../../src/emit/server/directions.js";

function model(): NamedType[] {
  return [
    {
      name: "Upload",
      module: "files",
      type: { kind: "object", additionalProperties: false, properties: [{ name: "data", required: true, type: { kind: "binary" } }] },
    },
    {
      name: "Thing",
      module: "shop",
      directional: true,
      type: {
        kind: "object",
        additionalProperties: false,
        properties: [
          { name: "id", required: true, type: { kind: "string", readOnly: true } },
          { name: "file", required: false, type: { kind: "ref", name: "Upload" } },
        ],
      },
    },
  ];
}

const textOf = (files: ReturnType<typeof typesFiles>, path: string): string => files.find((file) => file.path === path)!.content;

describe("the client's and the server's types files", () => {
  it("are the same text for a module without bytes, and each its own where a type holds bytes", () => {
    const types = model();
    const client = typesFiles("client", types, CLIENT_RESPONSE_TYPES);
    const server = typesFiles("server", types, SERVER_RESPONSE_TYPES);
    expect(textOf(server, "server/types/shop.ts")).toBe(textOf(client, "client/types/shop.ts"));
    expect(textOf(client, "client/types/files.ts")).toContain("data: Uint8Array<ArrayBuffer>;");
    expect(textOf(server, "server/types/files.ts")).toContain("data: Uint8Array;");
  });

  it("are each made in the order asked, whichever target asks first, with the same bytes as made alone", () => {
    const alone = textOf(typesFiles("server", model(), SERVER_RESPONSE_TYPES), "server/types/files.ts");
    const types = model();
    const server = typesFiles("server", types, SERVER_RESPONSE_TYPES);
    const client = typesFiles("client", types, CLIENT_RESPONSE_TYPES);
    expect(textOf(client, "client/types/files.ts")).toContain("Uint8Array<ArrayBuffer>");
    expect(textOf(server, "server/types/files.ts")).toBe(alone);
  });

  it("keep the directions apart: a response's text is not given for one shape with every property", () => {
    const types = model();
    types.push({ name: "Secret", module: "shop", directional: true, type: { kind: "object", additionalProperties: false, properties: [{ name: "pin", required: true, type: { kind: "string", writeOnly: true } }] } });
    const response = textOf(typesFiles("server", types, SERVER_RESPONSE_TYPES), "server/types/shop.ts");
    const every = textOf(typesFiles("server", types, { binary: "Uint8Array" }), "server/types/shop.ts");
    expect(response).toMatch(/export type Secret = \{\s*\};/);
    expect(every).toMatch(/export type Secret = \{[^}]*pin: string;/);
  });
});
