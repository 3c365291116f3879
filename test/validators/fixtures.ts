// The shared fixture table of the validators (test/fixtures/catalogues/validators): per type or
// operation value, values every validator must accept and values every one must refuse. The
// client's guards, their Standard Schemas and the zod target (`zod` and `zod/mini`) are all held
// to it, so they accept and refuse the same values.

export interface Fixture {
  /** The guard in client/validate.ts. */
  guard: string;
  /** The schema in zod/index.ts. */
  zod: string;
  /** The Standard Schema in client/schemas.ts. */
  standard: string;
  accepted: unknown[];
  refused: unknown[];
}

const pet = { name: "Tom", secret: "s" };
const cat = { ...pet, kind: "cat", lives: 7 };
const dog = { ...pet, kind: "dog" };

export const FIXTURES: Fixture[] = [
  {
    guard: "checkPet",
    zod: "zPet",
    standard: "PetSchema",
    accepted: [
      pet,
      { name: "Tom" }, // write-only `secret` is not required (a response leaves it out)
      { id: 1, name: "Tom" }, // read-only `id` is allowed
      { name: "😀😀😀😀😀😀😀😀" }, // 8 code points (16 UTF-16 units)
      { name: "Tom", code: "AB-12", weight: 99.5, tags: ["a", "b"], nick: null, level: 2, notes: { a: "x" } },
      { name: "Tom", weight: 100 },
      { name: "Tom", code: "AB-1" },
      { name: "Tom", nick: undefined },
    ],
    refused: [
      null,
      [],
      "Tom",
      {},
      { name: "" },
      { name: "123456789" },
      { name: "😀😀😀😀😀😀😀😀😀" },
      { name: 1 },
      { name: "Tom", id: 0 },
      { name: "Tom", id: 1.5 },
      { name: "Tom", code: "ab-12" },
      { name: "Tom", code: "xx AB-1 yy" }, // this pattern is anchored (^...$)
      { name: "Tom", weight: 0 },
      { name: "Tom", weight: 100.5 },
      { name: "Tom", weight: 0.3 },
      { name: "Tom", tags: [] },
      { name: "Tom", tags: ["a", "a"] },
      { name: "Tom", tags: ["a", "b", "c", "d"] },
      { name: "Tom", level: 4 },
      { name: "Tom", notes: { a: "x", b: "y", c: "z" } },
      { name: "Tom", notes: { a: 1 } },
      { name: "Tom", nick: 3 },
      { name: "Tom", other: 1 }, // closed
    ],
  },
  {
    guard: "checkCat",
    zod: "zCat",
    standard: "CatSchema",
    accepted: [cat, { ...cat, lives: 0, tags: ["x"] }, { name: "Tom", kind: "cat", lives: 9 }],
    refused: [{ ...cat, lives: 10 }, { ...cat, kind: "dog" }, { ...cat, extra: true }, { kind: "cat", lives: 1 }, { ...cat, lives: "7" }, []],
  },
  {
    guard: "checkDog",
    zod: "zDog",
    standard: "DogSchema",
    accepted: [dog, { ...dog, goodBoy: false, id: 2 }],
    refused: [{ ...dog, goodBoy: "yes" }, { ...dog, kind: "cat" }, { ...dog, lives: 1 }],
  },
  {
    guard: "checkAnimal",
    zod: "zAnimal",
    standard: "AnimalSchema",
    accepted: [cat, dog, { ...dog, goodBoy: true }],
    refused: [{ ...pet, kind: "bird" }, { ...dog, lives: 3 }, { ...cat, goodBoy: true }, { name: "Tom" }, "cat", null],
  },
  {
    guard: "checkShape",
    zod: "zShape",
    standard: "ShapeSchema",
    accepted: [{ type: "circle", radius: 0 }, { type: "square", side: -1 }],
    refused: [{ type: "circle", radius: -1 }, { type: "circle", side: 1 }, { type: "triangle" }, { type: "square", side: 1, radius: 1 }],
  },
  {
    guard: "checkId",
    zod: "zId",
    standard: "IdSchema",
    accepted: ["ab", "😀😀", 0, 12],
    refused: ["a", "😀", -1, 1.5, null, true, []],
  },
  {
    guard: "checkTagged",
    zod: "zTagged",
    standard: "TaggedSchema",
    accepted: [{ name: "Tom", tag: "t" }, { name: "Tom", tag: "t", anything: [1] }],
    refused: [{ name: "Tom" }, { tag: "t" }, { name: "", tag: "t" }, { name: "Tom", tag: 1 }],
  },
  {
    guard: "checkSettings",
    zod: "zSettings",
    standard: "SettingsSchema",
    accepted: [
      { mode: "fast", extra: null },
      { mode: "fast", extra: 0, answer: 42, off: false, nothing: null, ratio: 1.5, flag: true, count: null, color: "black", more: "yes" },
      { mode: "fast", extra: { a: 1 }, count: 3 },
    ],
    refused: [
      { mode: "fast" }, // extra (any value) is required
      { mode: "slow", extra: 1 },
      { mode: "fast", extra: 1, answer: 41 },
      { mode: "fast", extra: 1, off: true },
      { mode: "fast", extra: 1, nothing: 0 },
      { mode: "fast", extra: 1, ratio: 1 },
      { mode: "fast", extra: 1, flag: false },
      { mode: "fast", extra: 1, count: 1.5 },
      { mode: "fast", extra: 1, color: "purple" },
    ],
  },
  {
    guard: "checkLabels",
    zod: "zLabels",
    standard: "LabelsSchema",
    accepted: [{}, { a: 1, b: -2 }],
    refused: [{ a: "1" }, { a: 1.5 }, [], null],
  },
  {
    guard: "checkNode",
    zod: "zNode",
    standard: "NodeSchema",
    accepted: [{ value: "a" }, { value: "a", children: [{ value: "b", children: [{ value: "c", children: [] }] }] }],
    refused: [{ value: "a", children: [{ value: 1 }] }, { value: "a", children: [{ value: "b", children: [{}] }] }, { value: "a", children: {} }],
  },
  {
    guard: "checkDiscrepancy",
    zod: "zDiscrepancy",
    standard: "DiscrepancySchema",
    accepted: [{ kind: "surplus", label: "re-sorting" }, { kind: "shortage", label: "shortage" }],
    refused: [{ kind: "shortage", label: "re-sorting" }, { kind: "surplus" }, { kind: "surplus", label: "surplus", more: 1 }, { kind: "loss", label: "surplus" }],
  },
  {
    guard: "checkAddAnimalParams",
    zod: "zAddAnimalParams",
    standard: "addAnimalParamsSchema",
    accepted: [{ shelterId: 1, query: { limit: 50 } }, { shelterId: 2, query: { limit: 1, dryRun: true }, headers: { "X-Trace": "abc" }, body: cat }],
    refused: [{ shelterId: 1 }, { shelterId: 0, query: { limit: 1 } }, { shelterId: 1, query: { limit: 51 } }, { shelterId: 1, query: { limit: 1 }, headers: { "X-Trace": "123456789" } }, { query: { limit: 1 } }],
  },
  {
    guard: "checkAddAnimalBody",
    zod: "zAddAnimalBody",
    standard: "addAnimalBodySchema",
    accepted: [cat, { ...dog, id: 3 }],
    refused: [{ ...dog, kind: "cat" }, {}],
  },
  {
    guard: "checkListShapesResponse",
    zod: "zListShapesResponse",
    standard: "listShapesResponseSchema",
    accepted: [[], [{ type: "circle", radius: 1 }]],
    refused: [[{ type: "circle" }], new Array(5).fill({ type: "square", side: 1 }), {}],
  },
  {
    guard: "checkPutSettingsResponse",
    zod: "zPutSettingsResponse",
    standard: "putSettingsResponseSchema",
    accepted: [undefined, { mode: "fast", extra: 1 }],
    refused: [null, { mode: "fast" }],
  },
  {
    guard: "checkGetTreeResponse",
    zod: "zGetTreeResponse",
    standard: "getTreeResponseSchema",
    accepted: [
      { root: { value: "r" } },
      { root: { value: "r" }, labels: { a: 1 }, tagged: null, ids: ["ab", 3], discrepancy: { kind: "surplus", label: "surplus" } },
      { root: { value: "r" }, tagged: { name: "Tom", tag: "t" } },
    ],
    refused: [{}, { root: { value: "r" }, ids: ["a"] }, { root: { value: "r" }, other: 1 }, { root: { value: "r" }, discrepancy: { kind: "shortage", label: "surplus" } }],
  },
];
