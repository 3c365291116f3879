// The validators' output compiles under the strict flags with TypeScript 5.9, 6.0 and 7.0: the zod
// target (zod and zod/mini), the client's Standard Schemas, and a consumer whose type claims are
// checked by the compilers (InferInput / InferOutput, the spec's own interface, z.infer of a
// recursive schema, @ts-expect-error where a value does not fit).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { typecheck, type TypeScriptVersion } from "../helpers/tsc.js";
import { generateValidators, type Generated } from "./support.js";

let generated: Generated;
let consumer = "";
beforeAll(async () => {
  generated = await generateValidators();
  consumer = join(generated.dir, "consumer.ts");
  await writeFile(consumer, CONSUMER);
}, 60_000);

const CONSUMER = `
import type { StandardSchemaV1 } from "@standard-schema/spec";
import * as z from "zod";
import * as zm from "zod/mini";
import { PetSchema, addAnimalBodySchema, addAnimalParamsSchema, putSettingsResponseSchema } from "./client/schemas.js";
import type { Pet, AnimalWritable, Settings } from "./client/types.js";
import type { AddAnimalArgs } from "./client/index.js";
import type { PetWritable } from "./client/types.js";
import { zPet, zPetWritable, zNode, zAnimal, zAddAnimalParams, zAddAnimalBody } from "./zod/index.js";
import { zPet as miniPet, zNode as miniNode } from "./mini/zod/index.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export function same<T extends true>(): T | undefined {
  return undefined;
}

// Our schemas are the spec's StandardSchemaV1, typed by the client's types.
export const asSpec: StandardSchemaV1<Pet> = PetSchema;
same<Equal<StandardSchemaV1.InferInput<typeof PetSchema>, Pet>>();
same<Equal<StandardSchemaV1.InferOutput<typeof addAnimalBodySchema>, AnimalWritable>>();
same<Equal<StandardSchemaV1.InferOutput<typeof putSettingsResponseSchema>, Settings | undefined>>();
same<Equal<StandardSchemaV1.InferInput<typeof addAnimalParamsSchema>, Omit<AddAnimalArgs, "body">>>();
// @ts-expect-error a Pet schema is not a schema of strings
export const notStrings: StandardSchemaV1<string> = PetSchema;

export function parsed(value: unknown): Pet | undefined {
  const result = PetSchema["~standard"].validate(value);
  if (result instanceof Promise) return undefined;
  return result.issues ? undefined : result.value;
}

// The zod schemas are Standard Schemas too, and infer the catalogue's shapes.
export const zodAsSpec: StandardSchemaV1 = zPet;
export const miniAsSpec: StandardSchemaV1 = miniPet;
export const pet: z.infer<typeof zPet> = { id: 1, name: "Tom", nick: null, level: 2 };
// @ts-expect-error name is required
export const noName: z.infer<typeof zPet> = { id: 1, nick: null };
// One naming across targets: the client's Pet (the response shape) fits zPet, its PetWritable
// (the request shape) zPetWritable, its body type the body schema (zod adds only \`| undefined\` to
// optional fields, so the other way differs under exactOptionalPropertyTypes).
export const response = (value: Pet): z.infer<typeof zPet> => value;
export const request = (value: PetWritable): z.infer<typeof zPetWritable> => value;
export const body = (value: AnimalWritable): z.infer<typeof zAddAnimalBody> => value;
// @ts-expect-error the response shape is not the request one
export const crossed = (value: PetWritable): z.infer<typeof zPet> => value;
// @ts-expect-error a response holds no write-only secret
export const leaked: z.infer<typeof zPet> = { id: 1, name: "Tom", secret: "s" };
// @ts-expect-error a request sends no read-only id
export const sentId: z.infer<typeof zPetWritable> = { id: 1, name: "Tom", secret: "s" };
// @ts-expect-error level is 1, 2 or 3
export const badLevel: zm.infer<typeof miniPet> = { name: "Tom", level: 4 };
export const tree: z.infer<typeof zNode> = { value: "a", children: [{ value: "b", children: [] }] };
export const miniTree: zm.infer<typeof miniNode> = { value: "a", children: [{ value: "b" }] };
// @ts-expect-error a child is a Node
export const badTree: z.infer<typeof zNode> = { value: "a", children: [1] };
export function kind(animal: z.infer<typeof zAnimal>): "cat" | "dog" {
  return animal.kind;
}
export const params: z.infer<typeof zAddAnimalParams> = { shelterId: 1, query: { limit: 5 } };
`;

const VERSIONS: TypeScriptVersion[] = ["5.9", "6.0", "7.0"];

test.each(VERSIONS)("zod, zod/mini, the Standard Schemas and the consumer compile under TypeScript %s", async (version) => {
  const files = [join(generated.dir, "zod/index.ts"), join(generated.dir, "mini/zod/index.ts"), join(generated.dir, "client/schemas.ts"), consumer];
  const result = await typecheck(files, { version, resolution: "nodenext" });
  expect(result.output).toBe("");
}, 120_000);

test("the client's Standard Schemas compile under the portable flags (isolated declarations, erasable syntax)", async () => {
  const result = await typecheck([join(generated.dir, "client/schemas.ts")], { version: "7.0", resolution: "nodenext", types: ["node"], portable: true });
  expect(result.output).toBe("");
}, 120_000);
