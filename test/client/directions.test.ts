// The client's own checks by direction, on a type with a read-only `id`, a write-only `password`
// and a plain `name` (test/fixtures/catalogues/read-write-only): a request body is checked in its
// request shape (`<op>BodySchema` and `check<Op>Body` refuse a read-only `id` of a closed type and
// require a required write-only field), a response in its response shape (the transport's response
// check requires a required read-only field and refuses a write-only one, the type being closed).
// The generated client compiles under the strict flags and calls a real HTTP server on 127.0.0.1.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { generate } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { importClient, json, rejection, startServer, type ClientModule, type TestServer } from "./support.js";

type Guard = (value: unknown) => { path: string; expected: string } | undefined;

let dir: string;
let server: TestServer;
let client: ClientModule;
let schemas: Record<string, StandardSchemaV1>;
let guards: Record<string, Guard>;

beforeAll(async () => {
  dir = await freshDir("client-directions");
  await generate({ catalogue: fixtureCatalogue("read-write-only"), out: dir, targets: ["client"] });
  client = await importClient(dir);
  schemas = (await import(join(dir, "client/schemas.ts"))) as Record<string, StandardSchemaV1>;
  guards = (await import(join(dir, "client/validate.ts"))) as Record<string, Guard>;
  server = await startServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The issues' paths of a Standard Schema's verdict, or "ok". */
async function verdict(name: string, value: unknown): Promise<string> {
  const schema = schemas[name];
  if (schema === undefined) throw new Error(`no schema ${name}`);
  const result = await schema["~standard"].validate(value);
  return result.issues === undefined ? "ok" : result.issues.map((issue) => issue.message).join("; ");
}

test("the client compiles under the strict flags, each schema typed by its way", async () => {
  const consumer = join(dir, "consumer.ts");
  await writeFile(
    consumer,
    `import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { Account, AccountWritable } from "./client/index.js";
import { AccountSchema, AccountWritableSchema, createAccountBodySchema, createAccountResponseSchema } from "./client/schemas.js";
export const response: StandardSchemaV1<Account> = AccountSchema;
export const request: StandardSchemaV1<AccountWritable> = AccountWritableSchema;
export const body: StandardSchemaV1<AccountWritable> = createAccountBodySchema;
export const answer: StandardSchemaV1<Account> = createAccountResponseSchema;
`,
  );
  await writeFile(join(dir, "package.json"), '{ "type": "module" }\n');
  const result = await typecheck([join(dir, "client/index.ts"), join(dir, "client/schemas.ts"), consumer], { version: "5.9", resolution: "nodenext" });
  expect(result.output).toBe("");
}, 180_000);

describe("a request body is checked in its request shape", () => {
  test("createAccountBodySchema takes { name } and { name, password }, refuses the read-only id (the type is closed)", async () => {
    expect(await verdict("createAccountBodySchema", { name: "Ann" })).toBe("ok");
    expect(await verdict("createAccountBodySchema", { name: "Ann", password: "12345678" })).toBe("ok");
    expect(await verdict("createAccountBodySchema", { id: "a-1", name: "Ann" })).toMatch(/no such field \(the object is closed\) at \$\["id"\]/);
    expect(guards.checkCreateAccountBody!({ id: "a-1", name: "Ann" })?.path).toBe('$["id"]');
    expect(await verdict("AccountWritableSchema", { id: "a-1", name: "Ann" })).not.toBe("ok");
  });

  test("signUpBodySchema requires the required write-only password", async () => {
    expect(await verdict("signUpBodySchema", { email: "a@example.com" })).toMatch(/a value \(required\) at \$\.password/);
    expect(guards.checkSignUpBody!({ email: "a@example.com" })?.path).toBe("$.password");
    expect(await verdict("signUpBodySchema", { email: "a@example.com", password: "p" })).toBe("ok");
    expect(await verdict("SignupWritableSchema", { email: "a@example.com" })).not.toBe("ok");
  });

  test("a body that passes its schema is sent as it is and the server's answer accepted", async () => {
    const body = { name: "Ann", password: "12345678" };
    expect(await verdict("createAccountBodySchema", body)).toBe("ok");
    server.handle((_request, response) => json(response, 201, { id: "a-1", name: "Ann" }));
    const api = client.createClient({ baseUrl: server.url, token: "t", retry: false });
    expect(await api.accounts!.createAccount!({ body })).toEqual({ id: "a-1", name: "Ann" });
    expect(JSON.parse(server.received.at(-1)!.body.toString("utf8"))).toEqual(body);
  });
});

describe("a response is checked in its response shape", () => {
  const call = async (operation: "createAccount" | "signUp" | "getTeam", answer: unknown): Promise<unknown> => {
    server.handle((_request, response) => json(response, operation === "getTeam" ? 200 : 201, answer));
    const api = client.createClient({ baseUrl: server.url, token: "t", retry: false });
    const args = operation === "getTeam" ? { teamId: "t-1" } : { body: operation === "signUp" ? { email: "a@example.com", password: "p" } : { name: "Ann" } };
    return api.accounts![operation]!(args);
  };

  test("an answer without the required read-only id fails as validation", async () => {
    const error = await rejection(call("createAccount", { name: "Ann" }));
    expect(error.kind).toBe("validation");
    expect(error.message).toContain("$.id");
    expect((await rejection(call("signUp", { email: "a@example.com" }))).kind).toBe("validation");
  });

  test("an answer carrying a write-only field is refused: the type is closed and its response shape has no password", async () => {
    const error = await rejection(call("createAccount", { id: "a-1", name: "Ann", password: "12345678" }));
    expect(error.kind).toBe("validation");
    expect(error.message).toContain('$["password"]');
    expect((await rejection(call("signUp", { id: "s-1", email: "a@example.com", password: "p" }))).kind).toBe("validation");
  });

  test("through a reference: a team's owner is checked as a response holds an account", async () => {
    expect(await call("getTeam", { title: "T", owner: { id: "a-1", name: "Ann" }, labels: [{ text: "x" }] })).toEqual({ title: "T", owner: { id: "a-1", name: "Ann" }, labels: [{ text: "x" }] });
    expect((await rejection(call("getTeam", { title: "T", owner: { name: "Ann" } }))).message).toContain("$.owner.id");
    expect((await rejection(call("getTeam", { title: "T", owner: { id: "a-1", name: "Ann", password: "12345678" } }))).kind).toBe("validation");
  });

  test("the response shape's schemas agree with the transport", async () => {
    expect(await verdict("createAccountResponseSchema", { id: "a-1", name: "Ann" })).toBe("ok");
    expect(await verdict("createAccountResponseSchema", { name: "Ann" })).not.toBe("ok");
    expect(await verdict("AccountSchema", { id: "a-1", name: "Ann", password: "12345678" })).not.toBe("ok");
    expect(await verdict("signUpResponseSchema", { id: "s-1", email: "a@example.com" })).toBe("ok");
  });
});

test("a type with the same shape both ways keeps one guard and one schema", () => {
  expect(Object.keys(guards).filter((name) => name.startsWith("checkLabel"))).toEqual(["checkLabel"]);
  expect(Object.keys(schemas).filter((name) => name.startsWith("Label"))).toEqual(["LabelSchema"]);
  expect(Object.keys(guards).filter((name) => name.endsWith("Writable")).sort()).toEqual(["checkAccountWritable", "checkSignupWritable", "checkTeamWritable"]);
});

test("compact: the response check keeps its shape; no request-shape guards, as there are no body checks", async () => {
  const out = await freshDir("client-directions-compact");
  await generate({ catalogue: fixtureCatalogue("read-write-only"), out, targets: [{ name: "client", compact: true }] });
  const compact = (await import(join(out, "client/validate.ts"))) as Record<string, Guard>;
  expect(Object.keys(compact).filter((name) => name.endsWith("Writable") || name.endsWith("Body"))).toEqual([]);
  expect(compact.checkAccount!({ name: "Ann" })?.path).toBe("$.id");
  expect(compact.checkAccount!({ id: "a-1", name: "Ann", password: "12345678" })?.path).toBe('$["password"]');
  expect(compact.checkAccount!({ id: "a-1", name: "Ann" })).toBeUndefined();
}, 120_000);
