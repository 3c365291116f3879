// `catalogen init --from openapi.yaml`: a catalogue that names the document as its living source,
// with the additions a user writes next shown as comments, keyed by the document's first operation.
import { dirname, relative, resolve, sep } from "node:path";
import { livingSchemaModeline } from "../shared/schema-path.js";
import { convertDocument } from "./document.js";

/** The starter files, or why the document cannot be a living source of a catalogue in `catalogue`. */
export async function livingStarter(catalogue: string, document: string, cwd: string): Promise<Record<string, string> | string> {
  const project = dirname(resolve(catalogue));
  const inside = relative(project, document);
  if (inside.startsWith("..") || resolve(project, inside) !== document) return `${relative(cwd, document) || document} must lie inside ${relative(cwd, project) || "."}, the folder that holds the catalogue folder`;
  let first: string | undefined;
  let count = 0;
  try {
    const { catalogue: converted, keys } = await convertDocument(document, {}, cwd, project);
    first = keys.flat()[0]?.operationId ?? keys.flat()[0]?.route;
    count = converted.modules.reduce((sum, module) => sum + module.operations.length, 0);
  } catch (error) {
    if ((error as Error).name === "ImportError") return (error as Error).message;
    throw error;
  }
  const name = relative(catalogue, document).split(sep).join("/");
  const key = first === undefined ? "listPets" : /^[A-Za-z][\w.-]*$/.test(first) ? first : JSON.stringify(first);
  return {
    "api.yaml": `${livingSchemaModeline(catalogue)}# The API's ${count} operations and their types come from the OpenAPI document named below, read
# again on every \`catalogen generate\`. Add here only what the document lacks (token kinds, rate
# limits, limit groups, servers) or what you want to override, keyed by operationId or "GET /path".
source:
  openapi: ${name}

# api:
#   principal: account   # whose budgets limits count: seller, tenant, api-key ...
#   auth:
#     tokenKinds:
#       - { id: personal, description: A user's personal token }
#   limitGroups:
#     - { id: reads, scope: account, period: 1 minute, limit: 100, interval: 600 milliseconds, burst: 5 }

# operations:
#   ${key}:
#     tokens: [personal]
#     limits: [{ group: reads }]
`,
  };
}
