// The msw output compiles strictly with TypeScript 6.0, overrides typed (see compile-support.ts).
import { compileTests } from "./compile-support.js";

compileTests(["6.0"]);
