// Base URLs from the catalogue's servers. The generated client holds them as data, one `Servers`
// per environment; a transport built by `serverTransport` sends each operation to its base URL.
import type { Operation } from "./operation.js";
import type { Transport, TransportOptions } from "./transport.js";

/**
 * The base URLs of one environment: the API's (for operations whose module and operation name no
 * servers), then those of modules and of operations that name their own. `null`: none of this
 * environment (the call then needs `baseUrl`).
 */
export interface Servers {
  readonly api?: string;
  readonly modules?: Readonly<Record<string, string | null>>;
  readonly operations?: Readonly<Record<string, string | null>>;
}

/** `baseUrl` beside the catalogue's servers: one URL for every operation, or some modules' (and a `default`). */
export type ServersBaseUrl<M extends string> = string | ({ readonly default?: string } & { readonly [K in M]?: string });

/** The operation's base URL in `servers`, or undefined when it has none there. */
export function serverUrl(servers: Servers, operation: Operation): string | undefined {
  const levels: [Readonly<Record<string, string | null>> | undefined, string][] = [
    [servers.operations, operation.id],
    [servers.modules, operation.module],
  ];
  // Own keys only: an operation named `constructor` must not find Object's members.
  for (const [map, key] of levels) if (map && Object.hasOwn(map, key)) return map[key] ?? undefined;
  return servers.api;
}

/** The transport's options with the catalogue's servers: `baseUrl` optional, and the environment. */
export interface ServerTransportOptions extends Omit<TransportOptions, "baseUrl"> {
  baseUrl?: ServersBaseUrl<string> | undefined;
  environment?: string | undefined;
}

/**
 * A transport that sends each operation to `baseUrl` where it covers the operation (a string, its
 * module's key or `default`), else to its server of `environment` (default: `defaultEnvironment`).
 * One inner transport per base URL, all made by `make` from the same options (and features).
 */
export function serverTransport(
  options: ServerTransportOptions,
  table: Readonly<Record<string, Servers>>,
  defaultEnvironment: string,
  make: (options: TransportOptions) => Transport,
): Transport {
  const { baseUrl: given, ...rest } = options;
  if (typeof given === "string") return make({ ...rest, baseUrl: given });
  const environment = options.environment ?? defaultEnvironment;
  if (!Object.hasOwn(table, environment)) {
    throw new TypeError(`unknown environment "${environment}"; the catalogue's servers have: ${Object.keys(table).filter(Boolean).join(", ") || "no environments"}`);
  }
  const servers = table[environment]!;
  const own = (key: string): string | undefined => (given && Object.hasOwn(given, key) ? (given as Record<string, string | undefined>)[key] : undefined);
  const transports = new Map<string, Transport>();
  return {
    send(operation, args, callOptions) {
      const url = own(operation.module) ?? own("default") ?? serverUrl(servers, operation) ?? "";
      let transport = transports.get(url);
      // No base URL: the transport's own "no base URL" error.
      if (!transport) transports.set(url, (transport = make({ ...rest, baseUrl: url === "" ? {} : url })));
      return transport.send(operation, args, callOptions);
    },
  };
}
