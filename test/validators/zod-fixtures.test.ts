// The zod target accepts and refuses exactly what the client's guards do: on the shared fixture
// table, on values the mock's seeded generator makes (all accepted) and on those values mutated
// (refused by the guard and by both zod flavours alike). Like with like: zod's schema of one way
// (`zPet` a response, `zPetWritable` a request) against the guard of that way (`checkPet`,
// `checkPetWritable`); values of the other way (`wrongWay`) are refused by all three.
import { beforeAll, describe, expect, test } from "vitest";
import { sampleValue, seededRandom } from "../../templates/mock/values.js";
import type { NamedType, TypeNode } from "../../src/model/types.js";
import { directedTypes, requestShapeName } from "../../src/model/directed.js";
import { FIXTURES } from "./fixtures.js";
import { generateValidators, type Generated } from "./support.js";

let generated: Generated;
beforeAll(async () => {
  generated = await generateValidators();
}, 60_000);

function verdicts(fixture: { guard: string; zod: string }, value: unknown): { guard: boolean; zod: boolean; mini: boolean } {
  const guard = generated.guards[fixture.guard];
  const zod = generated.zod[fixture.zod];
  const mini = generated.mini[fixture.zod];
  if (!guard || !zod || !mini) throw new Error(`missing ${fixture.guard} or ${fixture.zod}`);
  return { guard: guard(value) === undefined, zod: zod.safeParse(value).success, mini: mini.safeParse(value).success };
}

describe.each(FIXTURES)("$zod and $guard", (fixture) => {
  test.each(fixture.accepted.map((value) => [JSON.stringify(value) ?? "undefined", value]))("accept %s", (_, value) => {
    expect(verdicts(fixture, value)).toEqual({ guard: true, zod: true, mini: true });
  });
  test.each(fixture.refused.map((value) => [JSON.stringify(value) ?? "undefined", value]))("refuse %s", (_, value) => {
    expect(verdicts(fixture, value)).toEqual({ guard: false, zod: false, mini: false });
    // Refused whichever way it travels.
    const other = otherWay(fixture.zod);
    if (other !== undefined) expect(verdicts({ ...fixture, zod: other }, value)).toEqual({ guard: false, zod: false, mini: false });
  });
  test.each((fixture.wrongWay ?? []).map((value) => [JSON.stringify(value) ?? "undefined", value]))("the other way: the guard, zod and zod/mini refuse %s", (_, value) => {
    expect(verdicts(fixture, value)).toEqual({ guard: false, zod: false, mini: false });
  });
});

/** zod's schema of the same type the other way (`zPet` <-> `zPetWritable`), where it has one. */
function otherWay(name: string): string | undefined {
  const other = name.endsWith("Writable") ? name.slice(0, -"Writable".length) : `${name}Writable`;
  return other in generated.zod ? other : undefined;
}

test("a type whose shapes differ by direction has two schemas, the others one", () => {
  const directional = generated.model.types.filter((named) => named.directional === true).map((named) => named.name);
  expect(directional.sort()).toEqual(["Animal", "Cat", "Dog", "Pet", "Tagged"]);
  const writable = Object.keys(generated.zod).filter((name) => name.endsWith("Writable"));
  expect(writable.sort()).toEqual(directional.map((name) => `z${requestShapeName(name)}`));
});

test("every schema of the zod output has a row in the fixture table, and every guard a schema", () => {
  const schemas = Object.keys(generated.zod).sort();
  expect(schemas).toEqual(FIXTURES.map((fixture) => fixture.zod).concat("zAddAnimalResponse", "zPutSettingsBody", "zPutSettingsParams").sort());
  expect(Object.keys(generated.mini).sort()).toEqual(schemas);
});

test("{ name: \"zod\", mini: true } changes only the import (zod/mini), and every module imports zod once", async () => {
  const { readFile } = await import("node:fs/promises");
  const { join } = await import("node:path");
  for (const name of ["index.ts", "pets.ts", "shared/guard.ts"]) {
    const zod = await readFile(join(generated.dir, "zod", name), "utf8");
    const mini = await readFile(join(generated.dir, "mini/zod", name), "utf8");
    // The headers name the catalogue relative to each output folder.
    const body = (text: string): string => text.slice(text.indexOf("\n") + 1);
    expect(body(mini).replace('from "zod/mini";', 'from "zod";')).toBe(body(zod));
  }
  expect((await readFile(join(generated.dir, "zod/pets.ts"), "utf8")).match(/from "zod"/g)).toHaveLength(1);
});

/** A value that no longer fits: a field of the wrong kind, a missing required one, or a wrong kind outright. */
function mutated(value: unknown, random: () => number): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value === null ? {} : typeof value === "string" ? 12345 : "not this";
  const record = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(record);
  if (keys.length === 0 || random() < 0.3) return [record];
  const key = keys[Math.floor(random() * keys.length)]!;
  record[key] = typeof record[key] === "symbol" ? 1 : Symbol("not JSON");
  return record;
}

describe("property tests over the mock's seeded values", () => {
  // Each type's shape of each way (model/directed.ts), for the values the generator makes of it.
  const directed = (): Map<string, NamedType> => directedTypes(generated.model.types);
  const roots = (): { name: string; node: TypeNode; guard: string; zod: string }[] =>
    generated.model.types.flatMap((named) => {
      const shapes = directed();
      const response = { name: named.name, node: shapes.get(named.name)!.type, guard: `check${named.name}`, zod: `z${named.name}` };
      if (named.directional !== true) return [response];
      const request = requestShapeName(named.name);
      return [response, { name: request, node: shapes.get(request)!.type, guard: `check${request}`, zod: `z${request}` }];
    });

  test("everything the generator makes is accepted by the guard, zod and zod/mini", () => {
    const types = directed();
    let checked = 0;
    let patterns = 0;
    for (const root of roots()) {
      for (let seed = 1; seed <= 40; seed++) {
        const value = sampleValue(root.node, types, seededRandom(seed * 7919 + root.name.length));
        const found = generated.guards[root.guard]!(value);
        // The generator does not write strings to a pattern (templates/mock/constrained.ts): such a value
        // is refused, by all three alike; every other one is accepted by all three.
        if (found?.expected.startsWith("a string matching ")) {
          patterns++;
          expect(verdicts(root, value)).toEqual({ guard: false, zod: false, mini: false });
          continue;
        }
        expect({ root: root.name, seed, value, found }).toEqual({ root: root.name, seed, value, found: undefined });
        expect(verdicts(root, value)).toEqual({ guard: true, zod: true, mini: true });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(roots().length * 20);
    expect(checked + patterns).toBe(roots().length * 40);
  });

  test("mutated values are refused by all three alike", () => {
    const types = directed();
    let refused = 0;
    for (const root of roots()) {
      for (let seed = 1; seed <= 40; seed++) {
        const random = seededRandom(seed * 104729 + root.name.length);
        const value = mutated(sampleValue(root.node, types, random), random);
        const verdict = verdicts(root, value);
        expect({ root: root.name, seed, value, zod: verdict.zod, mini: verdict.mini }).toEqual({ root: root.name, seed, value, zod: verdict.guard, mini: verdict.guard });
        if (!verdict.guard) refused++;
      }
    }
    // A Symbol fits no JSON type: only fields typed `unknown` (Settings.extra) take one.
    expect(refused).toBeGreaterThan(roots().length * 30);
  });
});
