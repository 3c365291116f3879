// Part of `npm run build`: compiles the catalogue's JSON Schema once, into ajv's standalone
// validation code (dist/validate/catalogue-validator.cjs), with the options src/validate/schema.ts
// uses, so that no run pays for ajv's compiler. Runs after tsc, from the package root.
// ajv is a build-time dependency only: the one runtime helper the code requires (ucs2length, for
// minLength and maxLength) is written into the file, and the build fails if any other is required.
import { copyFileSync, writeFileSync } from "node:fs";
import { Ajv } from "ajv";
import ucs2length from "ajv/dist/runtime/ucs2length.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { AJV_OPTIONS, catalogueSchema } from "../dist/validate/schema.js";

const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
const source = standaloneCode.default(ajv, ajv.compile(catalogueSchema)).replaceAll(ucs2length.default.code, `(${ucs2length.default.toString()})`);
const left = source.match(/require\("ajv[^"]*"\)/g);
if (left) throw new Error(`build-validator: the validator still requires ${[...new Set(left)].join(", ")}; write it into the file as ucs2length is`);
writeFileSync(new URL("../dist/validate/catalogue-validator.cjs", import.meta.url), source);
// The living source's editor schema refers to the catalogue's (tsc copies only the imported one).
copyFileSync(new URL("../src/schema/living-source.schema.json", import.meta.url), new URL("../dist/schema/living-source.schema.json", import.meta.url));
