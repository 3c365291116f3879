// Handlebars, used only to arrange Markdown: every value in a view is already escaped Markdown
// (see markdown.ts), so HTML escaping is off. Catalogue text is data handed to a compiled
// template, never template source, so `{{...}}` in it is printed as it stands.
import { readFile } from "node:fs/promises";
import Handlebars from "handlebars";

const TEMPLATES = new URL("../../../templates/docs/", import.meta.url);

export interface DocsTemplates {
  readme: (view: object) => string;
  module: (view: object) => string;
}

async function source(name: string): Promise<string> {
  return readFile(new URL(name, TEMPLATES), "utf8");
}

export async function loadTemplates(): Promise<DocsTemplates> {
  const handlebars = Handlebars.create();
  const options = { noEscape: true, strict: true, knownHelpersOnly: true } as const;
  handlebars.registerPartial("operation", handlebars.compile(await source("operation.md.hbs"), options));
  return {
    readme: handlebars.compile(await source("README.md.hbs"), options),
    module: handlebars.compile(await source("module.md.hbs"), options),
  };
}
