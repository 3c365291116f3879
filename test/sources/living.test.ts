// An OpenAPI document as a living source: the catalogue names the document and adds token kinds,
// limits and limit groups keyed by operation id or `METHOD /path`; generate, --check, list, validate
// and mock read both on every run. Upstream changes arrive with one generate, the user's additions
// stay, and an addition whose operation is gone is named with its place and a suggestion.
import { spawn } from "node:child_process";
import { readFile, readdir, stat, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { startMock } from "../../src/mock/index.js";
import { loadModel } from "../../src/pipeline.js";
import { freshDir, repoRoot } from "../helpers/generate.js";

const PETSTORE = `openapi: 3.1.0
info: { title: Pets, version: "1" }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: integer }
        name: { type: string }
security: [{ bearer: [] }]
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      summary: List pets
      responses:
        "200":
          description: The pets
          content:
            application/json:
              schema: { type: array, items: { $ref: "#/components/schemas/Pet" } }
  /pets/{petId}:
    get:
      operationId: getPet
      tags: [pets]
      summary: Get a pet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer } }
      responses:
        "200":
          description: The pet
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Pet" }
    delete:
      operationId: deletePet
      tags: [pets]
      summary: Delete a pet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer } }
      responses:
        "204": { description: Deleted }
`;

const ADDITIONS = `source:
  openapi: ../openapi.yaml
api:
  auth:
    tokenKinds:
      - { id: seller, description: A seller's own token }
      - { id: partner, description: A partner acting for a seller }
  limitGroups:
    - { id: reads, scope: account, period: 1 minute, limit: 100, interval: 600 milliseconds, burst: 5 }
operations:
  listPets:
    tokens: [seller, partner]
    limits: [{ group: reads }]
  GET /pets/{petId}:
    tokens: [seller]
    limits: [{ group: reads }]
  deletePet:
    tokens: [seller]
    limits:
      - { scope: account, period: 1 hour, limit: 10, interval: 6 minutes, burst: 1 }
`;

async function run(args: string[], cwd: string) {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd });
  return { code, out, err };
}

/** A project folder: openapi.yaml beside catalogue/api.yaml (the additions). */
async function project(document = PETSTORE, additions = ADDITIONS): Promise<string> {
  const dir = await freshDir("living");
  await mkdir(join(dir, "catalogue"), { recursive: true });
  await writeFile(join(dir, "openapi.yaml"), document);
  await writeFile(join(dir, "catalogue", "api.yaml"), additions);
  return dir;
}

async function snapshot(dir: string): Promise<Map<string, { text: string; mtime: number }>> {
  const files = new Map<string, { text: string; mtime: number }>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(dir.length + 1), { text: await readFile(path, "utf8"), mtime: (await stat(path)).mtimeMs });
  }
  return files;
}

/** `generate --watch` of the openapi target in `dir` with the cache folder `cache`, while `steps` run; then Ctrl-C, which must exit 0. */
async function watching(dir: string, cache: string, steps: (waitFor: (pattern: RegExp) => Promise<void>) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [join(repoRoot, "bin/catalogen.js"), "generate", "--watch", "--catalogue", "catalogue", "--out", "generated", "--target", "openapi"], {
    cwd: dir,
    env: { ...process.env, CATALOGEN_CACHE_DIR: cache },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on("exit", (code) => resolveExit(code)));
  const waitFor = async (pattern: RegExp) => {
    const deadline = Date.now() + 30_000;
    while (!pattern.test(out)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}\nstdout:\n${out}\nstderr:\n${err}`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
  };
  try {
    await steps(waitFor);
  } finally {
    child.kill("SIGINT");
  }
  expect(await exited).toBe(0);
}

let cacheDir: string;
beforeAll(async () => {
  cacheDir = await freshDir("living-cache");
  process.env.CATALOGEN_CACHE_DIR = cacheDir;
});
afterAll(() => {
  delete process.env.CATALOGEN_CACHE_DIR;
});

describe("a living source", () => {
  it("models the document's operations and types with the user's token kinds, limit groups and limits", async () => {
    const dir = await project();
    const model = await loadModel(join(dir, "catalogue"));
    expect(model.title).toBe("Pets");
    expect(model.auth.tokenKinds.map((kind) => kind.id)).toEqual(["bearer", "seller", "partner"]);
    expect(model.limitGroups?.map((group) => group.id)).toEqual(["reads"]);
    const operations = new Map(model.modules.flatMap((module) => module.operations).map((operation) => [operation.id, operation]));
    expect([...operations.keys()].sort()).toEqual(["deletePet", "getPet", "listPets"]);
    expect(operations.get("listPets")!.tokens).toEqual(["seller", "partner"]);
    expect(operations.get("getPet")!.tokens).toEqual(["seller"]);
    expect(operations.get("deletePet")!.limits?.[0]?.limit).toBe(10);
    expect(model.types.map((type) => type.name)).toEqual(["Pet"]);
    // Where each operation is declared: in the document.
    expect(operations.get("getPet")!.source).toMatchObject({ line: 28, column: 7 });
    expect(operations.get("getPet")!.source.file).toMatch(/openapi\.yaml$/);
    expect(model.sources).toEqual(["../openapi.yaml", "api.yaml"]);
  });

  it("carries an upstream change with one generate, keeps every addition, and names the orphaned one", async () => {
    const dir = await project();
    const first = await run(["generate", "--catalogue", "catalogue", "--out", "generated"], dir);
    expect(first.err).toBe("");
    expect(first.code).toBe(0);
    const client = async () => readFile(join(dir, "generated/client/operations/pets.ts"), "utf8");
    expect(await client()).toMatch(/deletePet/);

    // Upstream: a new operation, a new property on Pet, and deletePet (which had a limit) gone.
    const changed = PETSTORE.replace("        name: { type: string }\n", "        name: { type: string }\n        tag: { type: string }\n")
      .replace(/    delete:\n[\s\S]*$/, "")
      .concat(`  /pets/{petId}/photos:
    get:
      operationId: listPhotos
      tags: [pets]
      summary: List a pet's photos
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer } }
      responses:
        "200": { description: The photos, content: { application/json: { schema: { type: array, items: { type: string } } } } }
`);
    await writeFile(join(dir, "openapi.yaml"), changed);
    const second = await run(["generate", "--catalogue", "catalogue", "--out", "generated"], dir);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/written/);
    // The orphan: named with its place in the user's file and what to do.
    expect(second.err).toMatch(/catalogue\/api\.yaml:17:3: warning: "deletePet" matches no operation of \.\.\/openapi\.yaml/m);
    expect(second.err).toMatch(/deletePet:\n/);
    // As docs/living-source.md says: the hint names the nearest operation id (issue 44, 10).
    expect(second.err).toContain('hint: the document no longer has this operation; remove the entry, or key it by its new id (the nearest is "getPet") or `METHOD /path`');
    expect(second.err.match(/warning:/g)).toHaveLength(1);
    const text = await client();
    expect(text).not.toMatch(/deletePet/);
    expect(text).toMatch(/listPhotos/);
    expect(await readFile(join(dir, "generated/client/types/pets.ts"), "utf8")).toMatch(/tag\?: string/);
    // Every other addition kept.
    const model = await loadModel(join(dir, "catalogue"));
    const operations = new Map(model.modules.flatMap((module) => module.operations).map((operation) => [operation.id, operation]));
    expect(operations.get("listPets")!.tokens).toEqual(["seller", "partner"]);
    expect(operations.get("listPets")!.limits?.map((limit) => limit.group)).toEqual(["reads"]);
    expect(operations.get("getPet")!.tokens).toEqual(["seller"]);
    expect(operations.get("listPhotos")!.tokens).toEqual(["bearer"]);
    expect(model.auth.tokenKinds.map((kind) => kind.id)).toEqual(["bearer", "seller", "partner"]);
    const listPets = text.slice(text.indexOf("listPets"));
    expect(listPets).toMatch(/reads/);
  });

  it("a no-op generate stays a no-op: up to date, no file touched, same bytes; --check is green, then names what the document changed", async () => {
    const dir = await project();
    expect((await run(["generate", "--catalogue", "catalogue", "--out", "generated"], dir)).code).toBe(0);
    const before = await snapshot(join(dir, "generated"));
    const again = await run(["generate", "--catalogue", "catalogue", "--out", "generated"], dir);
    expect(again.out).toMatch(/generated is up to date/);
    expect(await snapshot(join(dir, "generated"))).toEqual(before);
    const check = await run(["generate", "--check", "--catalogue", "catalogue", "--out", "generated"], dir);
    expect(check.code).toBe(0);
    await writeFile(join(dir, "openapi.yaml"), PETSTORE.replace("summary: List pets", "summary: List every pet"));
    const stale = await run(["generate", "--check", "--catalogue", "catalogue", "--out", "generated"], dir);
    expect(stale.code).toBe(1);
    expect(stale.err).toMatch(/stale: {3}generated\/client\/operations\/pets\.ts/);
    expect(await snapshot(join(dir, "generated"))).toEqual(before);
  });

  it("list and validate work on it", async () => {
    const dir = await project();
    const validate = await run(["validate", "--catalogue", "catalogue"], dir);
    expect(validate).toMatchObject({ code: 0, err: "" });
    expect(validate.out).toMatch(/catalogue is valid: 3 operations in 1 module/);
    const list = await run(["list", "--catalogue", "catalogue"], dir);
    expect(list.out).toMatch(/pets\s+GET\s+\/pets\s+listPets {2}limits: 100 per 1 minute/);
    const json = JSON.parse((await run(["list", "--json", "--catalogue", "catalogue"], dir)).out) as { id: string; tokens: string[]; source: { file: string } }[];
    expect(json.find((row) => row.id === "getPet")).toMatchObject({ tokens: ["seller"], source: { file: expect.stringMatching(/openapi\.yaml$/) } });
  });

  it("points a wrong addition at the user's file, line and column, with a suggestion for a near operation id", async () => {
    const additions = ADDITIONS.replace("  listPets:\n    tokens: [seller, partner]", "  listPetz:\n    tokens: [seller, partnr]").replace("    limits:\n      - { scope", "    limit:\n      - { scope");
    const dir = await project(PETSTORE, additions);
    const result = await run(["validate", "--catalogue", "catalogue"], dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/catalogue\/api\.yaml:11:3: warning: "listPetz" matches no operation of \.\.\/openapi\.yaml[^\n]*\n[\s\S]*hint: did you mean "listPets"\?/m);
    // The misspelt key of deletePet: the schema's message, at the key in the user's file.
    expect(result.err).toMatch(/catalogue\/api\.yaml:19:5: error: [^\n]*limit/m);
    // An unknown token kind in an addition: at the kind, where the user wrote it.
    const kinds = await project(PETSTORE, ADDITIONS.replace("tokens: [seller, partner]", "tokens: [seller, partnr]"));
    const unknown = await run(["validate", "--catalogue", "catalogue"], kinds);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/catalogue\/api\.yaml:12:22: error: unknown token kind "partnr"/);
  });

  it("refuses a document outside the folder that holds the catalogue folder, and a second addition for one operation", async () => {
    const dir = await project(PETSTORE, ADDITIONS.replace("../openapi.yaml", "../../openapi.yaml").concat("  GET /pets:\n    tokens: [seller]\n"));
    const result = await run(["validate", "--catalogue", "catalogue"], dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/catalogue\/api\.yaml:2:12: error: the OpenAPI document must lie inside/);
    const twice = await project(PETSTORE, ADDITIONS.concat("  GET /pets:\n    tokens: [seller]\n"));
    const second = await run(["validate", "--catalogue", "catalogue"], twice);
    expect(second.err).toMatch(/catalogue\/api\.yaml:21:3: error: "GET \/pets" names the same operation as "listPets"/);
  });

  it("the mock serves it with the user's token kinds and limits", async () => {
    const dir = await project();
    const mock = await startMock({ catalogue: join(dir, "catalogue"), tokens: { s: { accountId: "a", tokenKind: "seller" }, p: { accountId: "a", tokenKind: "partner" } } });
    try {
      const get = (path: string, token: string, method = "GET") => fetch(`${mock.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
      expect(mock.operations).toBe(3);
      expect((await get("/pets", "p")).status).toBe(200);
      expect((await get("/pets/1", "p")).status).toBe(403); // getPet takes seller tokens only
      expect((await get("/pets/1", "s")).status).toBe(200);
      expect((await get("/pets/1", "s", "DELETE")).status).toBe(204);
      expect((await get("/pets/1", "s", "DELETE")).status).toBe(429); // burst 1
    } finally {
      await mock.close();
    }
  });

  it("init --from writes a catalogue that names the document, and it generates at once", async () => {
    const dir = await freshDir("living-init");
    await writeFile(join(dir, "openapi.yaml"), PETSTORE);
    const init = await run(["init", "--from", "openapi.yaml"], dir);
    expect(init).toMatchObject({ code: 0, err: "" });
    const text = await readFile(join(dir, "catalogue/api.yaml"), "utf8");
    expect(text).toMatch(/^source:\n {2}openapi: \.\.\/openapi\.yaml$/m);
    expect(text).toMatch(/^# {3}listPets:$/m);
    expect(text).toMatch(/The API's 3 operations/);
    expect((await run(["generate", "--catalogue", "catalogue", "--out", "generated"], dir)).code).toBe(0);
    const outside = await run(["init", "--from", "../openapi.yaml", "--catalogue", "again"], join(dir, "catalogue"));
    expect(outside.code).toBe(1);
    expect(outside.err).toMatch(/must lie inside/);
  });

  it("generate --watch regenerates when the document changes", { timeout: 60_000 }, async () => {
    const dir = await project();
    await watching(dir, cacheDir, async (waitFor) => {
      await waitFor(/watching catalogue and openapi\.yaml; Ctrl-C stops/);
      await waitFor(/generated: 1 written/);
      await writeFile(join(dir, "openapi.yaml"), PETSTORE.replace("summary: List pets", "summary: List every pet"));
      await waitFor(/changed openapi\.yaml/);
      await waitFor(/generated: 1 written[\s\S]*generated: 1 written/);
      const openapi = JSON.parse(await readFile(join(dir, "generated/openapi.json"), "utf8")) as { paths: Record<string, Record<string, { summary: string }>> };
      expect(openapi.paths["/pets"]!.get!.summary).toBe("List every pet");
    });
  });

  it("generate --watch without a store watches the document's $ref'd files, as its last generate read them", { timeout: 60_000 }, async () => {
    const dir = await project(PETSTORE.replace(/ {4}Pet:\n[\s\S]*?name: \{ type: string \}\n/, '    Pet: { $ref: "./pet.yaml" }\n'));
    const pet = "type: object\nrequired: [id, name]\nproperties:\n  id: { type: integer }\n  name: { type: string }\n";
    await writeFile(join(dir, "pet.yaml"), pet);
    await watching(dir, "off", async (waitFor) => {
      await waitFor(/watching catalogue and (openapi\.yaml and pet\.yaml|pet\.yaml and openapi\.yaml); Ctrl-C stops/);
      await waitFor(/generated: 1 written/);
      await writeFile(join(dir, "pet.yaml"), pet.replace("name: { type: string }", "name: { type: string }\n  born: { type: string }"));
      await waitFor(/changed pet\.yaml/);
      await waitFor(/generated: 1 written[\s\S]*generated: 1 written/);
      expect(await readFile(join(dir, "generated/openapi.json"), "utf8")).toMatch(/"born"/);
    });
  });

  it("docs/living-source.md: its example is a living source that validates against this test's document", async () => {
    const page = await readFile(join(repoRoot, "docs/living-source.md"), "utf8");
    const example = /```yaml\n(source:[\s\S]*?)```/.exec(page)![1]!;
    const dir = await project(PETSTORE, example);
    const model = await loadModel(join(dir, "catalogue"));
    const deletePet = model.modules[0]!.operations.find((operation) => operation.id === "deletePet")!;
    expect(deletePet.summary).toBe("Delete a pet for good");
    expect(deletePet.tokens).toEqual(["seller"]);
  });

  it("defaults give every operation of the document tokens and limits; an operation's own entry wins; a wrong default is one error", async () => {
    const additions = ADDITIONS.replace("operations:\n", "defaults:\n  tokens: [seller]\n  limits: [{ group: reads }]\noperations:\n").replace(/  GET \/pets\/\{petId\}:\n.*\n.*\n/, "");
    const dir = await project(PETSTORE, additions);
    const model = await loadModel(join(dir, "catalogue"));
    const operations = new Map(model.modules.flatMap((module) => module.operations).map((operation) => [operation.id, operation]));
    expect(operations.get("getPet")).toMatchObject({ tokens: ["seller"], limits: [{ group: "reads" }] });
    expect(operations.get("listPets")).toMatchObject({ tokens: ["seller", "partner"], limits: [{ group: "reads" }] });
    expect(operations.get("deletePet")!.limits?.[0]).toMatchObject({ limit: 10 });
    const wrong = await project(PETSTORE, additions.replace("tokens: [seller]\n  limits", "tokens: [sellr]\n  limits"));
    const result = await run(["validate", "--catalogue", "catalogue"], wrong);
    expect(result.code).toBe(1);
    expect(result.err.match(/error: unknown token kind "sellr"/g)).toHaveLength(1);
    expect(result.err).toMatch(/catalogue\/api\.yaml:11:12: error: unknown token kind "sellr"/);
  });

  it("types replaces a document's type by name; a name the document lacks is a warning with a suggestion", async () => {
    const additions = `${ADDITIONS}types:\n  Pet:\n    type: object\n    properties:\n      id: { type: integer, required: true }\n      nickname: { type: string }\n  Pets:\n    type: string\n`;
    const dir = await project(PETSTORE, additions);
    const result = await run(["validate", "--catalogue", "catalogue"], dir);
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/catalogue\/api\.yaml:27:3: warning: "Pets" is no type of \.\.\/openapi\.yaml[\s\S]*did you mean "Pet"\?/);
    const model = await loadModel(join(dir, "catalogue"));
    const pet = model.types.find((type) => type.name === "Pet")!.type as { kind: string; properties: { name: string }[] };
    expect(pet.properties.map((property) => property.name)).toEqual(["id", "nickname"]);
    const wrong = await project(PETSTORE, additions.replace("type: string\n", "type: strin\n").replace("  Pets:\n", "  Pet2:\n").replace("nickname: { type: string }", "nickname: { type: strng }"));
    const bad = await run(["validate", "--catalogue", "catalogue"], wrong);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/catalogue\/api\.yaml:26:\d+: error: /);
  });

  it("a misspelt key of the file and a document that is not there are positioned errors, never a stack trace", async () => {
    const typo = await project(PETSTORE, ADDITIONS.replace("operations:", "operatons:"));
    const first = await run(["validate", "--catalogue", "catalogue"], typo);
    expect(first.code).toBe(1);
    expect(first.err).toMatch(/catalogue\/api\.yaml:10:1: error: a living source's file has no key "operatons"[\s\S]*did you mean "operations"\?/);
    const missing = await project(PETSTORE, ADDITIONS.replace("../openapi.yaml", "../nope.yaml"));
    const second = await run(["validate", "--catalogue", "catalogue"], missing);
    expect(second.code).toBe(1);
    expect(second.err).toMatch(/catalogue\/api\.yaml:2:12: error: [^\n]*nope\.yaml: cannot read/);
    expect(second.err).not.toMatch(/\n\s+at /);
  });

  it("a change in a file the document's $refs name reaches the next generate; without one it stays a no-op", async () => {
    const dir = await project(PETSTORE.replace(/ {4}Pet:\n[\s\S]*?name: \{ type: string \}\n/, '    Pet: { $ref: "./pet.yaml" }\n'));
    const pet = "type: object\nrequired: [id, name]\nproperties:\n  id: { type: integer }\n  name: { type: string }\n";
    await writeFile(join(dir, "pet.yaml"), pet);
    expect((await run(["generate", "--catalogue", "catalogue", "--out", "generated"], dir)).code).toBe(0);
    expect((await run(["generate", "--catalogue", "catalogue", "--out", "generated"], dir)).out).toMatch(/up to date/);
    await writeFile(join(dir, "pet.yaml"), pet.replace("name: { type: string }", "name: { type: string }\n  born: { type: string }"));
    const again = await run(["generate", "--catalogue", "catalogue", "--out", "generated"], dir);
    expect(again.out).toMatch(/generated: [1-9]\d* written/);
    expect(await readFile(join(dir, "generated/client/types/pets.ts"), "utf8")).toMatch(/born\?: string/);
  });

  it("other files of the folder are module files of the user's own, and may use the document's types", async () => {
    const dir = await project();
    await writeFile(
      join(dir, "catalogue/extras.yaml"),
      `module: { id: extras, title: Extras, area: Operations the document does not describe }
operations:
  - id: adoptPet
    method: POST
    path: /pets/{petId}/adopt
    summary: Adopt a pet
    tokens: [seller]
    parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
    request: none
    responses: { "200": { description: The pet, content: { application/json: { schema: { ref: Pet } } } } }
`,
    );
    const model = await loadModel(join(dir, "catalogue"));
    expect(model.modules.map((module) => module.id)).toEqual(["extras", "pets"]);
    expect(model.sources).toEqual(["../openapi.yaml", "api.yaml", "extras.yaml"]);
    expect((await run(["generate", "--catalogue", "catalogue", "--out", "generated"], dir)).code).toBe(0);
  });
});
