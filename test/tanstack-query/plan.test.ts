// planTanstackQuery on its own: the files it plans (per module, keyed for incremental generate),
// which operations get which options, its `queryMethods` option, a name clash as an EmitError (and
// no clash with a catalogue type's name, which the files never import), and
// the same text on every run.
import { describe, expect, test } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { planTanstackQuery } from "../../src/emit/tanstack-query/index.js";
import { chooseTargets } from "../../src/emit/targets.js";
import { generate } from "../../src/pipeline.js";
import { EmitError } from "../../src/emit/types.js";
import { loadModel } from "../../src/validate/index.js";
import { fixtureCatalogue, freshDir, repoCatalogue } from "../helpers/generate.js";

const repo = await loadModel(repoCatalogue);
const pages = await loadModel(fixtureCatalogue("streams-pages"));
const made = (files: Iterable<{ path: string; content: () => string }>) => new Map([...files].map((file) => [file.path, file.content()]));

describe("planTanstackQuery", () => {
  test("one file per module (marked with its module), the runtime, the index and package.json", () => {
    const files = [...planTanstackQuery(repo)];
    expect(files.filter((file) => file.module !== undefined).map((file) => [file.path, file.module])).toEqual(
      repo.modules.map((module) => [`tanstack-query/${module.id}.ts`, module.id]),
    );
    expect(files.map((file) => file.path)).toEqual(expect.arrayContaining(["tanstack-query/index.ts", "tanstack-query/package.json", "tanstack-query/runtime/options.ts"]));
    expect(files.some((file) => file.path.endsWith(".test.ts"))).toBe(false);
  });

  test("reads get query options, writes mutation options, streamed operations none, paged ones infinite options too (not `link`)", () => {
    const general = made(planTanstackQuery(repo)).get("tanstack-query/general.ts")!;
    expect(general).toContain("export function listUsersQueryOptions(");
    expect(general).toContain("export function inviteUserMutationOptions(");
    expect(general).not.toContain("inviteUserQueryOptions");
    expect(general).not.toContain("InfiniteQueryOptions(");
    const files = made(planTanstackQuery(pages));
    const catalog = files.get("tanstack-query/catalog.ts")!;
    for (const id of ["listProducts", "listByOffset", "listByPage", "listByUrl", "searchProducts"]) expect(catalog).toContain(`export function ${id}InfiniteQueryOptions(`);
    expect(catalog).toContain("export function listByLinkQueryOptions(");
    expect(catalog).not.toContain("listByLinkInfiniteQueryOptions");
    expect(files.get("tanstack-query/live.ts")).toBe("export {};\n");
    // The listing group allows one call per 100 ms: the next page waits that long after the last.
    expect(catalog).toMatch(/listProducts\(transport, pageArgs, \{ \.\.\.callOptions, signal \}\),\n\s*100,\n/);
  });

  test("queryMethods: an API that reads with POST gets query options for its POST operations", () => {
    const orders = made(planTanstackQuery(repo, { queryMethods: ["GET", "POST"] })).get("tanstack-query/orders_dbs.ts")!;
    expect(orders).toContain("export function getDbsBuyerInfoQueryOptions(");
    expect(orders).not.toContain("getDbsBuyerInfoMutationOptions");
  });

  test("a name two exports would share is an EmitError naming both operations", () => {
    const module = repo.modules.find((candidate) => candidate.id === "general")!;
    const listUsers = module.operations.find((operation) => operation.id === "listUsers")!;
    // A paged listUsers has listUsersInfiniteQueryKey; so has an operation named listUsersInfinite.
    const paged = { ...listUsers, pagination: pages.modules[0]!.operations[0]!.pagination! };
    const clashing = { ...repo, modules: [{ ...module, operations: [paged, { ...listUsers, id: "listUsersInfinite", path: "/other" }] }] };
    expect(() => [...planTanstackQuery(clashing)]).toThrow(EmitError);
    expect(() => [...planTanstackQuery(clashing)]).toThrow(/operation listUsersInfinite and operation listUsers would both be named listUsersInfiniteQueryKey/);
  });

  test("an operation named like an import of the module files is an EmitError; a catalogue type so named is not", async () => {
    const module = pages.modules.find((candidate) => candidate.id === "catalog")!;
    // An infinite query's file imports nextPageArgs from the client's paging runtime, and each
    // operation's function by its id: a paged operation named nextPageArgs would be imported twice.
    const clashing = { ...pages, modules: [{ ...module, operations: [{ ...module.operations[0]!, id: "nextPageArgs" }] }] };
    expect(() => [...planTanstackQuery(clashing)]).toThrow(/operation nextPageArgs and an import of the module files would both be named nextPageArgs/);
    // The files name results through the client's functions, never a catalogue type (compile.test.ts compiles this one).
    const named = await loadModel(fixtureCatalogue("tanstack-names"));
    expect(named.types.map((type) => type.name)).toEqual(expect.arrayContaining(["DataTag", "InfiniteData", "OperationQueryOptions", "ClientRetry", "ListTagsQueryKey"]));
    expect(made(planTanstackQuery(named)).get("tanstack-query/tags.ts")).toContain("export function listTagsInfiniteQueryOptions(");
  });

  test("the same model gives the same text", () => {
    expect(made(planTanstackQuery(repo))).toEqual(made(planTanstackQuery(repo)));
  });
});

describe("through the target door", () => {
  test("not a default target; named, it brings the client it requires, and takes queryMethods", async () => {
    expect(chooseTargets().chosen.map(({ target }) => target.name)).not.toContain("tanstack-query");
    const out = await freshDir("tanstack-door");
    await generate({ catalogue: repoCatalogue, out, targets: [{ name: "tanstack-query", queryMethods: ["GET", "POST"] }] });
    expect(existsSync(join(out, "client/index.ts"))).toBe(true);
    expect(existsSync(join(out, "server"))).toBe(false);
    expect(readFileSync(join(out, "tanstack-query/orders_dbs.ts"), "utf8")).toContain("export function getDbsBuyerInfoQueryOptions(");
  });

  test("a typo in its options is refused with the key's path and a suggestion", () => {
    expect(() => chooseTargets([{ name: "tanstack-query", queryMethod: ["GET"] }])).toThrow('targets[0].queryMethod is not an option of target "tanstack-query"; did you mean "queryMethods"?');
    expect(() => chooseTargets([{ name: "tanstack-query", queryMethods: "GET" }])).toThrow(/targets\[0\]\.queryMethods must be/);
  });
});
