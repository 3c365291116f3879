// The programmatic API: what `import ... from "catalogen"` gives.
export { generate, check, loadModel, render, type GenerateOptions, type GenerateResult, type RunReport } from "./pipeline.js";
export { defineConfig, type CatalogenConfig, type ProjectConfig } from "./cli/config.js";
export { CatalogueError, formatDiagnostic, type Diagnostic } from "./shared/diagnostic.js";
export { TARGETS, type Target, type BuiltinTarget, type GeneratedFile, type Emitter } from "./emit/types.js";
export { defineTarget, TargetError, type TargetDefinition, type TargetEntry, type OptionKind, type OptionSpecs, type OptionsOf, type PlanContext, type ModuleFacts } from "./emit/define.js";
export type { PlannedFile } from "./emit/plan.js";
export type * from "./model/types.js";
export { startMock, type MockOptions, type MockServer, type MockIdentity } from "./mock/index.js";
export { openApiDocument, type OpenApiOptions } from "./emit/openapi/index.js";
export { importOpenApi, writeCatalogue, ImportError, type ImportOptions, type ImportResult } from "./import/index.js";
