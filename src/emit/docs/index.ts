import type { GeneratedFile } from "../types.js";
import { madeFiles, type PlannedFile } from "../plan.js";
import type { ApiModel } from "../../model/types.js";
import { docsTemplates } from "./templates.js";
import { moduleView, readmeView } from "./view.js";
import { keptDocsAnchors } from "./plan-facts.js";
import { plainContext, type PlanContext } from "../define.js";

/** `docs/README.md` (the modules) and `docs/<module id>.md` for each module, as final Markdown. */
export function emitDocs(model: ApiModel): GeneratedFile[] {
  return madeFiles(planDocs(model));
}

/** The docs' pages; a module's page is made only when asked for. */
export function* planDocs(model: ApiModel, context: PlanContext = plainContext()): Generator<PlannedFile> {
  // Each page's anchors are its module's facts.
  const { anchors, operationCount, pageAnchors, joinedFrom } = keptDocsAnchors(model, context);
  const templates = docsTemplates();
  yield { path: "docs/README.md", ...(joinedFrom && { joinedFrom }), content: () => finalMarkdown(templates.readme(readmeView(model, anchors, operationCount))) };
  // A page links to types declared on other pages by their anchors there.
  const also = JSON.stringify([...anchors.types]);
  for (const module of model.modules) {
    yield { path: `docs/${module.id}.md`, module: module.id, also, content: () => finalMarkdown(templates.module(moduleView(model, module, pageAnchors(module)))) };
  }
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
