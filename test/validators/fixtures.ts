// The shared fixture table of the validators (test/fixtures/catalogues/validators): per type or
// operation value, values every validator must accept and values every one must refuse. The
// client's guards, their Standard Schemas and the zod target (`zod` and `zod/mini`) are all held
// to it, so they accept and refuse the same values. A type whose shapes differ by direction has a
// row per way: `check<Name>`, `z<Name>` and `<Name>Schema` its response shape, `check<Name>Writable`,
// `z<Name>Writable` and `<Name>WritableSchema` its request shape.

export interface Fixture {
  /** The guard in client/validate.ts. */
  guard: string;
  /** The schema in zod/index.ts. */
  zod: string;
  /** The Standard Schema in client/schemas.ts. */
  standard: string;
  accepted: unknown[];
  /** Refused by every validator, and by zod's schema of the other way too where there is one. */
  refused: unknown[];
  /**
   * Values of the other way of travel (a response without its required read-only field or with a
   * write-only one; a request the other way round): refused by every validator of this way.
   */
  wrongWay?: unknown[];
}

// Pet's read-only `id` travels in responses only, its write-only `secret` in requests only; both required there.
const petOut = { id: 1, name: "Tom" };
const petIn = { name: "Tom", secret: "s" };
const catOut = { ...petOut, kind: "cat", lives: 7 };
const catIn = { ...petIn, kind: "cat", lives: 7 };
const dogOut = { ...petOut, kind: "dog" };
const dogIn = { ...petIn, kind: "dog" };

export const FIXTURES: Fixture[] = [
  {
    guard: "checkPet",
    zod: "zPet",
    standard: "PetSchema",
    accepted: [
      petOut,
      { id: 1, name: "😀😀😀😀😀😀😀😀" }, // 8 code points (16 UTF-16 units)
      { id: 1, name: "Tom", code: "AB-12", weight: 99.5, tags: ["a", "b"], nick: null, level: 2, notes: { a: "x" } },
      { id: 1, name: "Tom", weight: 100 },
      { id: 1, name: "Tom", code: "AB-1" },
      { id: 1, name: "Tom", nick: undefined },
    ],
    refused: [
      null,
      [],
      "Tom",
      {},
      { id: 1, name: "" },
      { id: 1, name: "123456789" },
      { id: 1, name: "😀😀😀😀😀😀😀😀😀" },
      { id: 1, name: 1 },
      { name: "Tom", id: 0 },
      { name: "Tom", id: 1.5 },
      { id: 1, name: "Tom", code: "ab-12" },
      { id: 1, name: "Tom", code: "xx AB-1 yy" }, // this pattern is anchored (^...$)
      { id: 1, name: "Tom", weight: 0 },
      { id: 1, name: "Tom", weight: 100.5 },
      { id: 1, name: "Tom", weight: 0.3 },
      { id: 1, name: "Tom", tags: [] },
      { id: 1, name: "Tom", tags: ["a", "a"] },
      { id: 1, name: "Tom", tags: ["a", "b", "c", "d"] },
      { id: 1, name: "Tom", level: 4 },
      { id: 1, name: "Tom", notes: { a: "x", b: "y", c: "z" } },
      { id: 1, name: "Tom", notes: { a: 1 } },
      { id: 1, name: "Tom", nick: 3 },
      { id: 1, name: "Tom", other: 1 }, // closed
    ],
    // A response without its required read-only id, or with the write-only secret.
    wrongWay: [petIn, { name: "Tom" }, { ...petOut, secret: "s" }],
  },
  {
    guard: "checkPetWritable",
    zod: "zPetWritable",
    standard: "PetWritableSchema",
    accepted: [petIn, { ...petIn, code: "AB-12", weight: 99.5, tags: ["a", "b"], nick: null, level: 2, notes: { a: "x" } }],
    refused: [{ ...petIn, name: "" }, { ...petIn, secret: 1 }, { ...petIn, other: 1 }, { secret: "s" }],
    // A request without its required write-only secret, or with the read-only id (the object is closed).
    wrongWay: [{ name: "Tom" }, { ...petIn, id: 1 }, petOut],
  },
  {
    guard: "checkCat",
    zod: "zCat",
    standard: "CatSchema",
    accepted: [catOut, { ...catOut, lives: 0, tags: ["x"] }, { id: 2, name: "Tom", kind: "cat", lives: 9 }],
    refused: [{ ...catOut, lives: 10 }, { ...catOut, kind: "dog" }, { ...catOut, extra: true }, { id: 1, kind: "cat", lives: 1 }, { ...catOut, lives: "7" }, []],
    wrongWay: [catIn, { ...catOut, secret: "s" }],
  },
  {
    guard: "checkCatWritable",
    zod: "zCatWritable",
    standard: "CatWritableSchema",
    accepted: [catIn],
    refused: [{ ...catIn, lives: 10 }, { ...catIn, extra: true }],
    wrongWay: [catOut, { ...catIn, id: 1 }],
  },
  {
    guard: "checkDog",
    zod: "zDog",
    standard: "DogSchema",
    accepted: [dogOut, { ...dogOut, goodBoy: false, id: 2 }],
    refused: [{ ...dogOut, goodBoy: "yes" }, { ...dogOut, kind: "cat" }, { ...dogOut, lives: 1 }],
    wrongWay: [dogIn],
  },
  {
    guard: "checkDogWritable",
    zod: "zDogWritable",
    standard: "DogWritableSchema",
    accepted: [dogIn, { ...dogIn, goodBoy: true }],
    refused: [{ ...dogIn, goodBoy: "yes" }],
    wrongWay: [dogOut],
  },
  {
    guard: "checkAnimal",
    zod: "zAnimal",
    standard: "AnimalSchema",
    accepted: [catOut, dogOut, { ...dogOut, goodBoy: true }],
    refused: [{ ...petOut, kind: "bird" }, { ...dogOut, lives: 3 }, { ...catOut, goodBoy: true }, petOut, "cat", null],
    wrongWay: [catIn, dogIn],
  },
  {
    guard: "checkAnimalWritable",
    zod: "zAnimalWritable",
    standard: "AnimalWritableSchema",
    accepted: [catIn, dogIn],
    refused: [{ ...petIn, kind: "bird" }, { ...dogIn, lives: 3 }, petIn],
    wrongWay: [catOut, dogOut],
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
    accepted: [{ ...petOut, tag: "t" }, { ...petOut, tag: "t", anything: [1] }, { ...petOut, tag: "t", secret: "s" }], // open: an undeclared field passes
    refused: [petOut, { id: 1, tag: "t" }, { id: 1, name: "", tag: "t" }, { ...petOut, tag: 1 }],
    wrongWay: [{ ...petIn, tag: "t" }],
  },
  {
    guard: "checkTaggedWritable",
    zod: "zTaggedWritable",
    standard: "TaggedWritableSchema",
    accepted: [{ ...petIn, tag: "t" }, { ...petIn, tag: "t", id: 1 }], // open: an undeclared field passes
    refused: [{ ...petIn, name: "", tag: "t" }, { ...petIn, tag: 1 }],
    wrongWay: [{ name: "Tom", tag: "t" }],
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
    accepted: [{ shelterId: 1, query: { limit: 50 } }, { shelterId: 2, query: { limit: 1, dryRun: true }, headers: { "X-Trace": "abc" }, body: catIn }],
    refused: [{ shelterId: 1 }, { shelterId: 0, query: { limit: 1 } }, { shelterId: 1, query: { limit: 51 } }, { shelterId: 1, query: { limit: 1 }, headers: { "X-Trace": "123456789" } }, { query: { limit: 1 } }],
  },
  {
    guard: "checkAddAnimalBody",
    zod: "zAddAnimalBody",
    standard: "addAnimalBodySchema",
    accepted: [catIn, { ...dogIn, goodBoy: true }],
    refused: [{ ...dogIn, kind: "cat" }, {}],
    wrongWay: [{ ...dogIn, id: 3 }, catOut],
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
      { root: { value: "r" }, tagged: { ...petOut, tag: "t" } },
    ],
    refused: [{}, { root: { value: "r" }, ids: ["a"] }, { root: { value: "r" }, other: 1 }, { root: { value: "r" }, discrepancy: { kind: "shortage", label: "surplus" } }],
    wrongWay: [{ root: { value: "r" }, tagged: { ...petIn, tag: "t" } }],
  },
];
