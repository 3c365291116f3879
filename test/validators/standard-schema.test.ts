// The client's guards as Standard Schema v1 (client/schemas.ts): the spec's rules on every schema
// the fixture catalogue makes, the issues' paths, and the schemas plugged into a real Standard
// Schema consumer (Hono's validator middleware, @hono/standard-validator), run in process.
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { Hono } from "hono";
import { sValidator } from "@hono/standard-validator";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { pathKeys } from "../../templates/client/standard-schema.js";
import { FIXTURES } from "./fixtures.js";
import { generateValidators, type Generated } from "./support.js";

let generated: Generated;
let schemas: Record<string, StandardSchemaV1>;
beforeAll(async () => {
  generated = await generateValidators();
  schemas = (await import(join(generated.dir, "client/schemas.ts"))) as Record<string, StandardSchemaV1>;
}, 60_000);

function validate(name: string, value: unknown): StandardSchemaV1.Result<unknown> {
  const schema = schemas[name];
  if (!schema) throw new Error(`no schema ${name}`);
  const result = schema["~standard"].validate(value);
  if (result instanceof Promise) throw new Error(`${name}: validate must be synchronous`);
  return result;
}

test("every export is a Standard Schema v1 of vendor catalogen, one per fixture row and more", () => {
  const names = Object.keys(schemas).sort();
  expect(names).toEqual(expect.arrayContaining(FIXTURES.map((fixture) => fixture.standard)));
  for (const name of names) {
    const props = schemas[name]!["~standard"];
    expect({ name, version: props.version, vendor: props.vendor, validate: typeof props.validate }).toEqual({ name, version: 1, vendor: "catalogen", validate: "function" });
    expect(Object.isFrozen(props) || Object.keys(props).every((key) => ["version", "vendor", "validate", "types"].includes(key))).toBe(true);
  }
});

describe.each(FIXTURES)("$standard", (fixture) => {
  test("accepted values give { value } (the value itself, no issues)", () => {
    for (const value of fixture.accepted) {
      const result = validate(fixture.standard, value);
      expect(result.issues).toBeUndefined();
      expect("value" in result && Object.is(result.value, value)).toBe(true);
    }
  });
  test("refused values give issues with a message and a path of keys, the guard's path", () => {
    for (const value of fixture.refused) {
      const result = validate(fixture.standard, value);
      expect(result.issues?.length).toBe(1);
      const issue = result.issues![0]!;
      expect(typeof issue.message).toBe("string");
      expect(issue.message.length).toBeGreaterThan(0);
      expect(Array.isArray(issue.path)).toBe(true);
      for (const key of issue.path ?? []) expect(["string", "number", "symbol"]).toContain(typeof key);
      const found = generated.guards[fixture.guard]!(value)!;
      expect(issue.message).toContain(found.expected);
      expect(`$${(issue.path ?? []).map((key) => (typeof key === "number" ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${String(key)}` : `[${JSON.stringify(key)}]`)).join("")}`).toBe(found.path.replace(/\["([A-Za-z_$][\w$]*)"\]/g, ".$1"));
    }
  });
});

test("issue paths go as deep as the problem, odd keys kept whole", () => {
  expect(validate("NodeSchema", { value: "a", children: [{ value: "b", children: [{ value: 1 }] }] }).issues?.[0]?.path).toEqual(["children", 0, "children", 0, "value"]);
  expect(validate("addAnimalParamsSchema", { shelterId: 1, query: { limit: 1 }, headers: { "X-Trace": "far too long" } }).issues?.[0]?.path).toEqual(["headers", "X-Trace"]);
  expect(validate("PetSchema", { id: 1, name: "Tom", 'odd "key".[0]': 1 }).issues?.[0]?.path).toEqual(['odd "key".[0]']);
  expect(validate("PetSchema", "Tom").issues?.[0]?.path).toEqual([]);
});

test("pathKeys reads every step a guard writes", () => {
  expect(pathKeys("$")).toEqual([]);
  expect(pathKeys('$.a[12]["b.c"]["\\"q\\""].$d')).toEqual(["a", 12, "b.c", '"q"', "$d"]);
  expect(pathKeys("$.a?b")).toEqual(["a", "?b"]);
});

describe("plugged into Hono's Standard Schema validator (@hono/standard-validator)", () => {
  function app(): Hono {
    const app = new Hono();
    app.post("/shelters/:shelterId/animals", sValidator("json", schemas.addAnimalBodySchema!), (c) => c.json({ stored: c.req.valid("json") }));
    return app;
  }
  const send = (body: unknown) =>
    app().request("/shelters/1/animals", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  test("a body that fits reaches the handler as it was sent", async () => {
    const cat = { name: "Tom", secret: "s", kind: "cat", lives: 7 };
    const response = await send(cat);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ stored: cat });
  });

  test("a body that does not fit is answered 400 with our issue and its path", async () => {
    const response = await send({ name: "Tom", secret: "s", kind: "cat", lives: 10 });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { success: boolean; error: { message: string; path: unknown[] }[] };
    expect(answer.success).toBe(false);
    expect(answer.error).toEqual([{ message: "expected a number <= 9 at $.lives, got 10", path: ["lives"] }]);
  });
});
