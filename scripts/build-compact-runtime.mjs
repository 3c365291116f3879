// Part of `npm run build`: writes the client runtime as `compact` ships it (templates/client/ and
// templates/shared/ without comments and blank lines) into dist/emit/client/compact-runtime.cjs,
// so that a compact generate never loads TypeScript. Runs after tsc.
import { writeFileSync } from "node:fs";
import { ts } from "ts-morph";
import { compactRuntimeModule } from "../dist/emit/client/compact-runtime.js";

writeFileSync(new URL("../dist/emit/client/compact-runtime.cjs", import.meta.url), compactRuntimeModule(ts));
