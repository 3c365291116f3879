// The programmatic API: what `import ... from "catalogen"` gives.
export { generate, check, loadModel, render, type GenerateOptions, type GenerateResult } from "./pipeline.js";
export { defineConfig, type CatalogenConfig } from "./cli/config.js";
export { CatalogueError, formatDiagnostic, type Diagnostic } from "./shared/diagnostic.js";
export { TARGETS, type Target, type GeneratedFile, type Emitter } from "./emit/types.js";
export type * from "./model/types.js";
export { startMock, type MockOptions, type MockServer, type MockIdentity } from "./mock/index.js";
export { importOpenApi, writeCatalogue, ImportError, type ImportOptions, type ImportResult } from "./import/index.js";
