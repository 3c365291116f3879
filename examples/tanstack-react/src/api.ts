// One transport for the whole app: the client's retries, rate limits and response checks live here,
// so TanStack's own retry stays off in the generated options (no double retrying).
import { createTransport, rateLimits, responseChecks, retries } from "../generated/client/index.js";

export const transport = createTransport({
  baseUrl: "http://127.0.0.1:4010", // e.g. `npx catalogen mock --port 4010`
  token: () => sessionStorage.getItem("token") ?? "",
  use: [retries(), rateLimits(), responseChecks()],
});
