// The msw output compiles strictly with TypeScript 5.9 and 7.0, overrides typed (see compile-support.ts).
import { compileTests } from "./compile-support.js";

compileTests(["5.9", "7.0"]);
