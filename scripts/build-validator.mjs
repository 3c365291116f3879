// Part of `npm run build`: compiles the catalogue's JSON Schema once, into ajv's standalone
// validation code (dist/validate/catalogue-validator.cjs), with the options src/validate/schema.ts
// uses, so that no run pays for ajv's compiler. Runs after tsc, from the package root.
import { copyFileSync, writeFileSync } from "node:fs";
import { Ajv } from "ajv";
import standaloneCode from "ajv/dist/standalone/index.js";
import { AJV_OPTIONS, catalogueSchema } from "../dist/validate/schema.js";

const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
const source = standaloneCode.default(ajv, ajv.compile(catalogueSchema));
writeFileSync(new URL("../dist/validate/catalogue-validator.cjs", import.meta.url), source);
// The living source's editor schema refers to the catalogue's (tsc copies only the imported one).
copyFileSync(new URL("../src/schema/living-source.schema.json", import.meta.url), new URL("../dist/schema/living-source.schema.json", import.meta.url));
