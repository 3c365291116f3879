// `catalogen/plugin`: what a target plugin imports. Light on purpose: a plugin loads on every
// generate, a no-op one included, so this entry loads no emitter, parser or compiler.
export { defineTarget, type TargetDefinition, type TargetEntry, type OptionKind, type OptionSpecs, type OptionsOf, type PlanContext, type ModuleFacts } from "./emit/define.js";
export type { PlannedFile } from "./emit/plan.js";
export type * from "./model/types.js";
/** The escaping sinks: the only way text from the catalogue may reach a plugin's files. */
export * as sinks from "./shared/sinks.js";
