// Names the generated code derives from the catalogue's own (`<Operation>Args`, `<Operation>Errors`,
// `check<Type>`, `<Module>Operations`, ...) or exports itself (`ServerEnvironment`, the server's
// `Identity`): a catalogue name that takes one is refused by the validator with its position and a
// hint, never at generate.
import { describe, expect, test } from "vitest";
import { emitClient } from "../../src/emit/client/index.js";
import { emitServer } from "../../src/emit/server/index.js";
import { GENERATED_NAMES, isReserved, PUBLIC_EXPORT_NAMES } from "../../src/shared/names.js";
import { loadModel } from "../../src/validate/index.js";
import { fixtureCatalogue } from "../helpers/generate.js";
import { generateInto, writeCatalogue } from "./support.js";

const MODULE = "module: { id: shop, title: Shop, area: Things }\n";
const GET_THING = "  - { id: getThing, method: GET, path: /thing, summary: One }\n";

interface Case {
  name: string;
  files: Record<string, string>;
  errors: [at: string, message: string, hint: string][];
}

const RENAME_TYPE = "rename the type; the generated code derives that name itself";

const CASES: Case[] = [
  {
    name: "a type named as an operation's client arguments",
    files: { "shop.yaml": `${MODULE}operations:\n${GET_THING}types:\n  GetThingArgs: { type: string }\n` },
    errors: [["shop.yaml:5:3", 'type name "GetThingArgs" is taken by the client arguments type of operation getThing at shop.yaml:3:11', RENAME_TYPE]],
  },
  {
    name: "a type named as an operation's error responses (declared before the operation)",
    files: { "shop.yaml": `${MODULE}types:\n  GetThingErrors: { type: string }\noperations:\n${GET_THING}` },
    errors: [["shop.yaml:3:3", 'type name "GetThingErrors" is taken by the client error responses type of operation getThing at shop.yaml:5:11', RENAME_TYPE]],
  },
  {
    name: "a type named as a module's client interface and server handlers",
    files: { "shop.yaml": `${MODULE}types:\n  ShopOperations: { type: string }\n  ShopHandlers: { type: string }\n` },
    errors: [
      ["shop.yaml:3:3", 'type name "ShopOperations" is taken by the client interface of module shop at shop.yaml:1:15', RENAME_TYPE],
      ["shop.yaml:4:3", 'type name "ShopHandlers" is taken by the server handlers interface of module shop at shop.yaml:1:15', RENAME_TYPE],
    ],
  },
  {
    name: "ServerEnvironment, with or without servers, and a server export",
    files: { "shop.yaml": `${MODULE}types:\n  ServerEnvironment: { type: string }\n  Identity: { type: string }\n` },
    errors: [
      ["shop.yaml:3:3", 'type name "ServerEnvironment" is taken by the generated code\'s own exports', "rename the type, e.g. with a prefix from its module"],
      ["shop.yaml:4:3", 'type name "Identity" is taken by the generated code\'s own exports', "rename the type, e.g. with a prefix from its module"],
    ],
  },
  {
    name: "a type named as another type's request shape (<Name>Writable)",
    files: { "shop.yaml": `${MODULE}types:\n  Thing: { type: object, properties: { id: { type: string, readOnly: true } } }\n  ThingWritable: { type: string }\n` },
    errors: [["shop.yaml:4:3", 'type name "ThingWritable" is taken by the request shape (with read-only or write-only properties) of type Thing at shop.yaml:3:3', RENAME_TYPE]],
  },
  {
    name: "a type whose check is an operation's response check",
    files: { "shop.yaml": `${MODULE}types:\n  GetThingResponse: { type: string }\noperations:\n${GET_THING}` },
    errors: [
      [
        "shop.yaml:5:11",
        'the response check of operation getThing would be named "checkGetThingResponse", as is the check function of type GetThingResponse at shop.yaml:3:3',
        "rename one of the two",
      ],
    ],
  },
  {
    name: "an operation named as a type's check or another operation's descriptor",
    files: {
      "shop.yaml": `${MODULE}types:\n  Thing: { type: string }\noperations:
  - { id: checkThing, method: GET, path: /check, summary: Check }
  - { id: get, method: GET, path: /get, summary: Get }
  - { id: getOperation, method: GET, path: /op, summary: Op }
`,
    },
    errors: [
      ["shop.yaml:5:11", 'operation id "checkThing" is taken by the check function of type Thing at shop.yaml:3:3', "rename one of the two"],
      ["shop.yaml:7:11", 'operation id "getOperation" is taken by the client descriptor of operation get at shop.yaml:6:11', "rename one of the two"],
    ],
  },
];

describe.each(CASES)("$name", ({ files, errors }) => {
  test("is refused by the validator with position and hint, exit 1, nothing written", async () => {
    const catalogue = await writeCatalogue(files);
    const run = await generateInto(catalogue);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const reported = run.errors.map(([at, message]) => [at, message.replaceAll(/\S*\/(shop\.yaml)/g, "$1")]);
    expect(reported).toEqual(errors.map(([at, message]) => [at, message]));
    for (const [, , hint] of errors) expect(run.stderr).toContain(`hint: ${hint}\n`);
    expect(run.code).toBe(1);
    expect(run.written).toBe(false);
  });
});

describe("the names the validator reserves cover every export of client/index.ts and server/index.ts", () => {
  test("each fixed export is in PUBLIC_EXPORT_NAMES (or, when an operation could take it, reserved)", async () => {
    const model = await loadModel(fixtureCatalogue("servers"));
    expect(model.servers?.some((server) => server.environment !== undefined)).toBe(true);
    const index = (files: { path: string; content: string }[], path: string): string => files.find((file) => file.path === path)!.content;
    const exported = (text: string): string[] =>
      [...text.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((match) => match[1]!.split(",").map((name) => name.replace(/^\s*type\s+/, "").trim()).filter(Boolean));
    const derived = new Set([
      ...model.types.flatMap((named) => [named.name, ...GENERATED_NAMES.type(named.name).map((d) => d.name)]),
      ...model.modules.flatMap((module) => GENERATED_NAMES.module(module.id).map((d) => d.name)),
      ...model.modules.flatMap((module) => module.operations).flatMap((op) => [op.id, ...GENERATED_NAMES.operation(op.id).map((d) => d.name)]),
    ]);
    const client = exported(index(emitClient(model), "client/index.ts")).filter((name) => !derived.has(name));
    const server = exported(index(await emitServer(model), "server/index.ts")).filter((name) => !derived.has(name));
    expect(client).toContain("ServerEnvironment");
    expect(server).toContain("Identity");
    for (const name of [...client, ...server].filter((n) => /^[A-Z]/.test(n))) expect(PUBLIC_EXPORT_NAMES.has(name), name).toBe(true);
    // The client's index also exports every operation: an operation id may not be a fixed lowercase export.
    for (const name of client.filter((n) => /^[a-z]/.test(n))) expect(isReserved(name), name).toBe(true);
  });
});
