// Catalogue text in a heading stays whole: a module title ending in " #" keeps its #, which a
// heading would otherwise drop as its closing sequence.
import { expect, test } from "vitest";
import { emitDocs } from "../../src/emit/docs/index.js";
import type { ApiModel } from "../../src/model/types.js";
import { loadModel } from "../../src/pipeline.js";
import { fixtureCatalogue } from "../helpers/generate.js";
import { headings, parseMarkdown } from "./markdown-ast.js";

test("a module title ending in # keeps it in the module page's heading", async () => {
  const model = await loadModel(fixtureCatalogue("client-refs"));
  const [module] = model.modules;
  const changed: ApiModel = { ...model, modules: [{ ...module!, title: "Orders #" }] };
  const page = (await emitDocs(changed)).find((file) => file.path === `docs/${module!.id}.md`)!;
  const texts = headings(await parseMarkdown(page.content)).map((heading) => heading.text);
  expect(texts[0]).toBe("Orders #");
});
