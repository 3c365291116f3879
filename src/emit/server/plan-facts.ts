// What the server's files joining the modules (routes.ts, mock.ts, validate.ts, index.ts and the
// runtime files copied in) need of each module, worked out once per module: the server's module
// facts (PlanContext.moduleFacts), which a regenerate reads from the run before for every module
// that did not change, instead of going over every operation of the API.
import type { ApiModel, ModuleModel } from "../../model/types.js";
import type { ModuleFacts, PlanContext } from "../define.js";
import { isStreamed } from "../shared/streamed.js";
import { hasMockExample } from "./mock-file.js";
import { bodyGuard } from "./validate-file.js";
import { routeReadsForm, routeReadsStyled, type ServerRuntimeUse } from "./routes-file.js";

/** One module's facts (plain data: kept as JSON). */
export interface ServerModuleFacts {
  streams: boolean;
  /** A route holds a styled, array or object parameter, headers or cookies (routeReadsStyled). */
  styles: boolean;
  /** A route has a typed form or multipart body. */
  forms: boolean;
  rateLimits: boolean;
  /** Some operation answers with a JSON example (mock/<id>.ts is made). */
  examples: boolean;
  /** Some operation has a JSON body guard (validate/<id>.ts has a root). */
  guards: boolean;
}

export class ServerFacts {
  private readonly facts: ModuleFacts<ServerModuleFacts>;
  /** Module `module`'s facts. */
  readonly of: (module: ModuleModel) => ServerModuleFacts;
  /** What the server's files joining the modules are made from (ModuleFacts.joinedFrom). */
  readonly joinedFrom: (() => string) | undefined;

  constructor(
    private readonly model: ApiModel,
    context: PlanContext,
  ) {
    this.facts = context.moduleFacts("server", (module) => moduleFacts(module, model));
    this.of = (module) => this.facts.of(module);
    this.joinedFrom = this.facts.joinedFrom;
  }

  /** Whether some module's facts say `key`. */
  some(key: "streams" | "styles" | "forms" | "rateLimits"): boolean {
    return this.model.modules.some((module) => this.of(module)[key]);
  }

  /** The optional runtime parts the routes use, from the modules' facts (form.ts reads with styles.ts). */
  runtimeUse(): ServerRuntimeUse {
    const forms = this.some("forms");
    return { streams: this.some("streams"), styles: this.some("styles") || forms, forms };
  }
}

function moduleFacts(module: ModuleModel, model: ApiModel): ServerModuleFacts {
  const operations = module.operations;
  return {
    streams: operations.some(isStreamed),
    styles: operations.some((operation) => routeReadsStyled(operation, model.types)),
    forms: operations.some((operation) => routeReadsForm(operation, model.types)),
    rateLimits: operations.some((operation) => (operation.limits?.length ?? 0) > 0),
    examples: operations.some(hasMockExample),
    guards: operations.some((operation) => bodyGuard(operation, model.types) !== undefined),
  };
}
