// Artifacts the build writes beside dist/ modules (the catalogue validator, the docs templates).
// Running from src/ (tests) they are absent, and each caller builds the same thing at run time.
import { createRequire } from "node:module";

/** The CommonJS module at `specifier` (resolved from `from`), or undefined when the build did not write it. */
export function prebuilt<T>(specifier: string, from: string | URL): T | undefined {
  try {
    return createRequire(from)(specifier) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}
