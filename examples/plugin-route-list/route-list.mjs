// @ts-check
// An example target plugin: a route list, one Markdown page per module of the catalogue and a
// JSON index of every route. It touches nothing in catalogen's src/: the config names it,
//
//   // catalogen.config.mjs
//   export default { plugins: ["./route-list.mjs"], targets: ["client", { name: "route-list", title: "Routes" }] };
//
// and `catalogen generate` writes generated/routes/<module>.md and generated/routes/index.json
// beside the client, with catalogen's header, in its manifest, checked by `generate --check`.
//
// What a plugin must do (docs/plugins.md):
// - export a target made by defineTarget: a name (lower-case, hyphens), the options a config may
//   give it with their kinds, and plan(model, options), which lists the files to write;
// - name paths relative to the output folder, and set `module` on a file made from one module, so
//   that a generate keeps it, without making it again, while that module is unchanged;
// - let text from the catalogue reach a file only through catalogen's sinks (markdownText,
//   jsonText, stringLiteral, docComment ...), which keep it inert in a Markdown cell, JSON, a string;
// - never read or write files itself: catalogen writes what plan lists, and only that.
import { defineTarget, sinks } from "catalogen/plugin";

export default defineTarget({
  name: "route-list",
  options: { title: "string", summaries: "boolean" },
  plan(model, options) {
    const title = options.title ?? model.title;
    const summaries = options.summaries ?? true;
    const files = model.modules.map((module) => ({
      path: `routes/${module.id}.md`,
      module: module.id,
      content: () => {
        const head = summaries ? "| Method | Path | Operation | Summary |\n| --- | --- | --- | --- |" : "| Method | Path | Operation |\n| --- | --- | --- |";
        const rows = module.operations.map((operation) => {
          const cells = [operation.method, sinks.markdownCode(operation.path), sinks.markdownText(operation.id)];
          if (summaries) cells.push(sinks.markdownText(operation.summary));
          return `| ${cells.join(" | ")} |`;
        });
        return `# ${sinks.markdownText(title)}: ${sinks.markdownText(module.title)}\n\n${head}\n${rows.join("\n")}\n`;
      },
    }));
    // The index joins every module: no `module`, so it is made on every run that is not a no-op.
    const index = {
      path: "routes/index.json",
      content: () => `${sinks.jsonText(model.modules.flatMap((module) => module.operations.map((operation) => ({ id: operation.id, method: operation.method, path: operation.path }))), 2)}\n`,
    };
    return [...files, index];
  },
});
