// The docs of documented error responses (test/fixtures/catalogues/error-responses): a table per
// operation (its own and the API's), the API-wide ones once on the index, every cell escaped.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";

let readme: string;
let offers: string;

beforeAll(async () => {
  const out = await generateForTest({ catalogue: fixtureCatalogue("error-responses"), targets: ["docs"] });
  readme = await readFile(join(out, "docs/README.md"), "utf8");
  offers = await readFile(join(out, "docs/offers.md"), "utf8");
});

const section = (page: string, heading: string, from = 0): string => {
  const start = page.indexOf(heading, from);
  return page.slice(start, page.indexOf("\n\n#", start + heading.length + 2));
};

test("the index lists the API-wide error responses once, with escaped cells and links to the types", () => {
  expect(section(readme, "## Error responses")).toBe(
    [
      "## Error responses",
      "",
      "Every operation may answer with these, unless its own section documents that status itself.",
      "",
      "| Status | Description | Body |",
      "| --- | --- | --- |",
      "| 5XX | The server failed \\| retry later | application/problem+json: [Problem](offers.md#problem) |",
      "| default | Any other error, as text | text/plain; charset=utf-8: string |",
    ].join("\n"),
  );
});

test("each operation has its error responses as a table: its own, then the API's it does not override", () => {
  const getOffer = section(offers, "### Error responses", offers.indexOf("## getOffer"));
  expect(getOffer.split("\n").slice(4)).toEqual([
    "| 404 | No such offer \\| \\`gone\\` | application/problem+json: [Problem](#problem) | this operation |",
    "| 409 | Locked or sold | application/json: [Conflict](#conflict); text/plain; charset=utf-8: string | this operation |",
    "| 5XX | This operation's own server errors, as text | text/plain: string | this operation |",
    "| default | Any other error, as text | text/plain; charset=utf-8: string | the API ([index](README.md#error-responses)) |",
  ]);
  const ping = section(offers, "### Error responses", offers.indexOf("## pingOffers"));
  expect(ping.split("\n").slice(4).map((row) => row.split(" | ")[0])).toEqual(["| 5XX", "| default"]);
  // Every table row has its four cells: no escaped text ends a cell early.
  for (const row of offers.split("\n").filter((line) => line.startsWith("| 4") || line.startsWith("| 5") || line.startsWith("| default"))) {
    expect(row.replace(/\\\|/g, "").split("|")).toHaveLength(6);
  }
});
