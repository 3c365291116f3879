// Part of `npm run build`: precompiles the docs templates (templates/docs/*.md.hbs) into
// dist/emit/docs/precompiled-templates.cjs, with the options src/emit/docs/templates.ts uses, so
// that a run renders them with handlebars' runtime and never loads its compiler. Runs after tsc.
import { writeFileSync } from "node:fs";
import Handlebars from "handlebars";
import { precompiledModule } from "../dist/emit/docs/templates.js";

writeFileSync(new URL("../dist/emit/docs/precompiled-templates.cjs", import.meta.url), precompiledModule(Handlebars));
