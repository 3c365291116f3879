import type { GeneratedFile } from "../types.js";
import type { ApiModel } from "../../model/types.js";
import { loadTemplates } from "./render.js";
import { docsAnchors, moduleView, readmeView } from "./view.js";

/** `docs/README.md` (the modules) and `docs/<module id>.md` for each module. */
export async function emitDocs(model: ApiModel): Promise<GeneratedFile[]> {
  const templates = await loadTemplates();
  const anchors = docsAnchors(model);
  return [
    { path: "docs/README.md", content: templates.readme(readmeView(model)) },
    ...model.modules.map((module) => ({
      path: `docs/${module.id}.md`,
      content: templates.module(moduleView(model, module, anchors)),
    })),
  ];
}
