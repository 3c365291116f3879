// generated/openapi.json: OpenAPI 3.1, built as a plain object in a fixed key order.
import { securitySchemes } from "./security.js";
import type { GeneratedFile } from "../types.js";
import { jsonChunks, madeFiles, type PlannedFile, type PreviousBytes } from "../plan.js";
import type { ApiModel, LimitGroup } from "../../model/types.js";
import { SECURITY_SCHEME, documentOperation, rateLimit, responseObject } from "./operation.js";
import { apiResponseComponents } from "./responses.js";
import { commonMark, toSchema, type Schema } from "./schema.js";
import { PAGINATION, paginationDefinitionsExtension, toOpenApi32 } from "./streams-pages.js";
import { operationServerPlaces, rootServers, serverList } from "./servers.js";
import { documentParts } from "./pieces.js";
import { plainContext, type PlanContext } from "../define.js";
import { jsonText } from "../../shared/sinks.js";
import { DEFAULT_PRINCIPAL } from "../../shared/principal.js";

export const OPENAPI_VERSION = "3.1.0";

export function emitOpenApi(model: ApiModel): GeneratedFile[] {
  return madeFiles(planOpenApi(model));
}

export function* planOpenApi(model: ApiModel, options: OpenApiOptions = {}, context: PlanContext = plainContext()): Generator<PlannedFile> {
  yield {
    path: "openapi.json",
    content: () => `${jsonText(openApiDocument(model, options), 2)}\n`,
    // At 10,000 operations the text is about 45 MB: written a path at a time instead, and after a
    // change copied from the file it replaces but for the changed modules' parts (pieces.ts).
    chunks: function* () {
      yield* jsonChunks(openApiDocument(model, options), ["paths"]);
      yield "\n";
    },
    ...(options.version !== "3.2" && { spliced: (previous: PreviousBytes | undefined) => documentParts(model, openApi31(model, true), previous, context) }),
  };
}

export interface OpenApiOptions {
  /** "3.2": streamed media types carry OpenAPI 3.2's `itemSchema` instead of catalogen's extensions. Default "3.1". */
  version?: "3.1" | "3.2";
}

export function openApiDocument(model: ApiModel, options: OpenApiOptions = {}): Schema {
  const document = openApi31(model);
  return options.version === "3.2" ? toOpenApi32(document) : document;
}

/** The document; `skeleton`: without its operations and named types, which pieces.ts joins in. */
function openApi31(model: ApiModel, skeleton = false): Schema {
  const types = new Map(model.types.map((named) => [named.name, named]));
  const paths: Record<string, Schema> = {};
  const places = skeleton ? new Map() : operationServerPlaces(model);
  for (const module of skeleton ? [] : model.modules) {
    for (const operation of module.operations) {
      const item = (paths[operation.path] ??= {});
      item[operation.method.toLowerCase()] = documentOperation(model, operation, types, places);
    }
  }
  if (!skeleton) for (const [operation, place] of places) if (place.on === "item") paths[operation.path]!.servers = place.servers;
  const kinds = commonMark(model.auth.tokenKinds.map((kind) => `${kind.id} (${kind.description})`).join(", "));
  return {
    openapi: OPENAPI_VERSION,
    "x-generated-by": `catalogen, from the catalogue files ${model.sources.join(", ")}. Do not edit by hand: change the catalogue and regenerate.`,
    // Whose budgets limits count, for an import to read back (the default, account, goes without saying).
    ...(model.principal !== DEFAULT_PRINCIPAL && { "x-principal": model.principal }),
    ...(model.limitGroups && { "x-rate-limits-groups": limitGroupsExtension(model.limitGroups) }),
    ...(model.pagination && { [PAGINATION]: paginationDefinitionsExtension(model.pagination) }),
    info: {
      title: model.title,
      description: [
        model.description === undefined ? "Description: not documented." : commonMark(model.description),
        ...(model.version === undefined ? ["The source gives no version or versioning policy, so info.version is \"unversioned\"."] : []),
        "Where the source is silent, operations say so in their description and list the silent parts in x-not-documented.",
      ].join("\n\n"),
      ...(model.termsOfService !== undefined && { termsOfService: model.termsOfService }),
      ...(model.contact !== undefined && {
        contact: {
          ...(model.contact.name !== undefined && { name: model.contact.name }),
          ...(model.contact.url !== undefined && { url: model.contact.url }),
          ...(model.contact.email !== undefined && { email: model.contact.email }),
        },
      }),
      ...(model.license !== undefined && {
        license: {
          name: model.license.name,
          ...(model.license.identifier !== undefined && { identifier: model.license.identifier }),
          ...(model.license.url !== undefined && { url: model.license.url }),
        },
      }),
      version: model.version ?? "unversioned",
    },
    ...(model.externalDocs !== undefined && {
      externalDocs: {
        ...(model.externalDocs.description !== undefined && { description: commonMark(model.externalDocs.description) }),
        url: model.externalDocs.url,
      },
    }),
    ...(model.servers && { "x-servers": serverList(model) }),
    servers: rootServers(model) ?? [
      {
        url: "{base_url}",
        description:
          "The source gives every path relative to {base_url}; the base URL itself is not documented, " +
          "so the default is a placeholder (example.invalid) to replace.",
        // No description on the variable: the OpenAPI 3.1 JSON Schema that validators use
        // misspells that field ("descriptions") and rejects it.
        variables: { base_url: { default: "https://example.invalid" } },
      },
    ],
    // x-displayName: the name Redoc (and others that read it) shows instead of the snake_case id.
    tags: model.modules.map((module) => ({
      name: module.id,
      "x-displayName": module.title,
      description: commonMark(`${module.title}: ${module.area}`),
      ...(module.externalDocs !== undefined && {
        externalDocs: {
          ...(module.externalDocs.description !== undefined && { description: commonMark(module.externalDocs.description) }),
          url: module.externalDocs.url,
        },
      }),
      ...(module.servers && { "x-servers": [...module.servers] }),
    })),
    paths,
    components: {
      schemas: {
        ...(!skeleton && Object.fromEntries(model.types.map((named) => [named.name, toSchema(named.type, types)]))),
        ErrorBody: ERROR_BODY,
      },
      responses: {
        ...apiResponseComponents(model.responses, responseObject, types),
        GeneratedServerError: {
          description:
            "An error answered by a catalogen-generated server. The marketplace's own error statuses and bodies are not documented.",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
        },
      },
      securitySchemes: model.auth.schemes ? securitySchemes(model.auth.schemes) : {
        [SECURITY_SCHEME]: {
          type: "apiKey",
          in: "header",
          name: model.auth.header,
          description:
            `Access token in the ${model.auth.header} header. Token kinds: ${kinds}. ` +
            "Each operation lists the kinds it accepts in x-token-kinds, where documented. " +
            "Token issuing, scopes and format: not documented.",
        },
      },
    },
  };
}

/**
 * The body catalogen-generated servers send with an error. It describes those servers, not the
 * marketplace: the source does not show the marketplace's error bodies.
 */
const ERROR_BODY: Schema = {
  description:
    "Error body sent by catalogen-generated servers. The marketplace's own error body shape is not documented by the source.",
  type: "object",
  properties: {
    title: { type: "string", description: "Short summary of the error." },
    detail: { type: "string", description: "What went wrong, for people." },
    status: { type: "integer", description: "HTTP status code." },
    statusText: { type: "string", description: "HTTP status text." },
    requestId: { type: "string", description: "Identifier of the request, for logs." },
    origin: { type: "string", description: "Which side produced the error." },
    timestamp: { type: "string", format: "date-time", description: "When the error happened." },
    code: { type: "string", description: "Machine-readable error code." },
  },
  required: ["title", "status"],
  additionalProperties: true,
};

/** api.limitGroups: each group's id, description and limit, as `x-rate-limits` writes a limit. */
function limitGroupsExtension(groups: readonly LimitGroup[]): Schema[] {
  return groups.map((group) => {
    const { group: _id, ...limit } = rateLimit(group.limit);
    return { id: group.id, ...(group.description !== undefined && { description: group.description }), ...limit };
  });
}
