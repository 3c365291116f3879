// The shared seed parser (test/helpers/seed.ts) reads what the seed says: literal values here,
// so a parser that silently reads nothing (or the wrong row) fails.
import { describe, expect, it } from "vitest";
import { readSeed, seedLimit, seedMeanings, seedOneYearRule, seedReference } from "../helpers/seed.js";

describe("seed parser", () => {
  it("reads 184 operations and the module counts of section 1", () => {
    const { operations, moduleCounts } = readSeed();
    expect(operations).toHaveLength(184);
    expect(operations.filter((operation) => operation.module === "items")).toHaveLength(52);
    expect(operations.at(-1)).toEqual({
      module: "supplies",
      method: "GET",
      path: "/api/supplies/v1/discrepancies/{supplyId}",
      purpose: "Supply discrepancies",
    });
    expect([...moduleCounts]).toEqual([
      ["items", "52"],
      ["in_store_pickup", "18"],
      ["orders_dbs", "20"],
      ["analytics", "20"],
      ["communications", "25"],
      ["wbd", "22"],
      ["finances", "11"],
      ["general", "10"],
      ["tariffs", "5"],
      ["supplies", "1 shown"],
    ]);
  });

  it("reads the reference operation, its four meanings, its limit and the one-year rule", () => {
    expect(seedReference()).toEqual({ method: "GET", path: "/api/supplies/v1/discrepancies/{supplyId}" });
    const meanings = seedMeanings();
    expect(meanings).toHaveLength(4);
    expect(meanings[1]).toEqual({
      direction: "Larger than declared",
      type: "surplus",
      label: "re-sorting",
      meaning: "Excess of goods whose barcode does not match a declared one",
    });
    expect(seedLimit()).toEqual({ per: "seller profile", period: "1 minute", limit: 1, interval: "1 minute", burst: 1 });
    expect(seedOneYearRule()).toEqual({
      operation: "It applies to supplies accepted no earlier than one year before the request.",
      limits: "Additional fixed limit: only supplies accepted within the last year are covered by that operation.",
    });
  });
});
