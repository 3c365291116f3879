// The msw target: MSW request handlers for every operation that behave like `catalogen mock` in
// the test process. msw/server/ is the server target's output (routing, auth, token kinds, rate
// limits, error bodies: the mock's own pipeline), msw/mock/ the shared value generator
// (templates/mock/), msw/runtime/ the handlers (templates/msw/), msw/answers/<module>.ts each
// operation's answer as data, and msw/index.ts `createMockHandlers` with overrides typed per operation.
import type { ApiModel } from "../../model/types.js";
import { docComment, propertyKey, stringLiteral } from "../../shared/sinks.js";
import { perModuleFolders, plannedFrom, type PlannedFile } from "../plan.js";
import { moduleHandlersPath } from "../server/handlers-file.js";
import { planServer } from "../server/index.js";
import { moduleInterfaceName } from "../server/names.js";
import { sharedTemplateFiles, targetPackageFile, templateFiles } from "../shared/templates.js";
import { exportFrom, importDeclaration, tsFile } from "../shared/ts-print.js";
import { moduleAnswersFile, moduleAnswersName, moduleAnswersPath, schemasFile } from "./answers-file.js";

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MswOptions {}

const PREFIX = "msw";

function indexFile(model: ApiModel): string {
  const operations = model.modules.flatMap((module) => module.operations.map((operation) => ({ module, operation })));
  const overrides = operations.map(({ module, operation }) => {
    const doc = docComment([`${operation.method} ${operation.path}: ${operation.summary}`]);
    return `${doc}${propertyKey(operation.id)}(handler: NonNullable<${moduleInterfaceName(module)}[${stringLiteral(operation.id)}]>): HttpHandler;`;
  });
  return tsFile(
    [
      importDeclaration(["HttpHandler"], "msw", true),
      importDeclaration(["answers"], "./answers.js"),
      importDeclaration(["createMockHandlerSet", "MockHandlersOptions"].map((name, index) => (index === 1 ? `type ${name}` : name)), "./runtime/handlers.js"),
      importDeclaration(["schemas"], "./schemas.js"),
      importDeclaration(["TokenKind"], "./server/handlers.js", true),
      ...model.modules.map((module) => importDeclaration([moduleInterfaceName(module)], `./${moduleHandlersPath(module).replace(/\.ts$/, ".js")}`, true)),
      importDeclaration(["createRequestHandler"], "./server/runtime/handler.js"),
      importDeclaration(["createRouter"], "./server/runtime/router.js"),
      importDeclaration(["api"], "./server/routes.js"),
    ],
    [
      [
        `export type * from "./server/types.js";`,
        exportFrom(["MockIdentity"], "./runtime/handlers.js", true),
        exportFrom(["ErrorBody", "HandlerContext", "Handlers", "TokenKind"], "./server/index.js", true),
      ].join("\n"),
      `/** Options of \`createMockHandlers\`: \`tokens\` is required. */
export type MockHandlerOptions = MockHandlersOptions<TokenKind>;`,
      `/** One method per operation: a handler answering with \`handler\`, typed by the operation, behind the same auth and limits. */
export interface MockOverrides {
${overrides.join("\n")}
}`,
      `export interface MockHandlers {
/** One MSW handler per operation: \`setupServer(...mocks.handlers)\`. */
readonly handlers: HttpHandler[];
/** Forgets every ${model.principal}'s rate-limit budget: call it between tests (\`afterEach\`). */
reset(): void;
/** Per-test answers: \`server.use(mocks.override.getX(({ params }) => ...))\`; \`server.resetHandlers()\` drops them. */
readonly override: MockOverrides;
}`,
      `/**
 * MSW handlers for every operation, answering like \`catalogen mock\` with the same seed: the
 * catalogue's examples or seeded values of the documented types; 401 without a known token, 403
 * for a token kind the operation does not take, 429 with X-Ratelimit-* and Retry-After over a
 * documented limit (per ${model.principal}, kept by this set until \`reset()\`).
 */
export function createMockHandlers(options: MockHandlerOptions): MockHandlers {
const set = createMockHandlerSet({ api, createRouter, createRequestHandler, answers, types: schemas }, options);
const override = Object.fromEntries(api.routes.map((route) => [route.id, (handler: never) => set.override(route.id, handler)]));
return { handlers: set.handlers, reset: set.reset, override: override as unknown as MockOverrides };
}`,
    ],
  );
}

function answersFile(model: ApiModel): string {
  return tsFile(
    [
      importDeclaration(["AnswerSpec"], "./mock/answers.js", true),
      ...model.modules.map((module) => importDeclaration([moduleAnswersName(module)], `./answers/${module.id}.js`)),
    ],
    [
      `/** Operation id -> what it answers. */
export const answers: Readonly<Record<string, AnswerSpec>> = {
${model.modules.map((module) => `...${moduleAnswersName(module)},`).join("\n")}
};`,
    ],
  );
}

/** The files of the msw target. */
export function* planMsw(model: ApiModel, _options: MswOptions = {}): Generator<PlannedFile> {
  for (const file of planServer(model)) yield { ...file, path: `${PREFIX}/${file.path}` };
  const moduleOf = perModuleFolders(model, [`${PREFIX}/answers`]);
  const mockFiles = templateFiles("mock").map((file) => ({ ...file, path: file.path.replace(/^mock\/runtime\//, `${PREFIX}/mock/`) }));
  yield* plannedFrom(
    [
      { path: `${PREFIX}/index.ts`, content: indexFile(model) },
      { path: `${PREFIX}/answers.ts`, content: answersFile(model) },
      { path: `${PREFIX}/schemas.ts`, content: schemasFile(model.types) },
      ...mockFiles,
      ...templateFiles("msw"),
      ...sharedTemplateFiles("msw"),
      targetPackageFile("msw"),
    ],
    moduleOf,
  );
  for (const module of model.modules) yield { path: moduleAnswersPath(module), module: module.id, content: () => moduleAnswersFile(module) };
}
