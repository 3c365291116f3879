import type { GeneratedFile } from "../types.js";
import type { ApiModel } from "../../model/types.js";
import { docsTemplates } from "./templates.js";
import { docsAnchors, moduleView, readmeView } from "./view.js";

/** `docs/README.md` (the modules) and `docs/<module id>.md` for each module, as final Markdown. */
export function emitDocs(model: ApiModel): GeneratedFile[] {
  const anchors = docsAnchors(model);
  const templates = docsTemplates();
  return [
    { path: "docs/README.md", content: finalMarkdown(templates.readme(readmeView(model, anchors))) },
    ...model.modules.map((module) => ({
      path: `docs/${module.id}.md`,
      content: finalMarkdown(templates.module(moduleView(model, module, anchors))),
    })),
  ];
}

/**
 * A page as it is written: no trailing spaces, one blank line where optional sections left
 * several, one newline at the end. (No code block the pages hold has a
 * blank line or trailing space of its own: their JSON comes from JSON.stringify.)
 */
export function finalMarkdown(text: string): string {
  return `${text
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}
