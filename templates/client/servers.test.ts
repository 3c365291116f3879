import { describe, expect, test } from "vitest";
import { serverTransport, serverUrl, type Servers } from "./servers.js";
import type { Operation } from "./operation.js";
import type { Transport, TransportOptions } from "./transport.js";

const op = (id: string, module: string): Operation => ({ id, module, route: "GET /x" });
const SERVERS: Servers = {
  api: "https://api.test",
  modules: { reports: "https://reports.test", sandboxless: null },
  operations: { upload: "https://uploads.test", offline: null },
};

describe("serverUrl", () => {
  test("an operation's own entry, then its module's, then the API's; null is none (no fallback)", () => {
    expect(serverUrl(SERVERS, op("list", "things"))).toBe("https://api.test");
    expect(serverUrl(SERVERS, op("get", "reports"))).toBe("https://reports.test");
    expect(serverUrl(SERVERS, op("upload", "reports"))).toBe("https://uploads.test");
    expect(serverUrl(SERVERS, op("get", "sandboxless"))).toBeUndefined();
    expect(serverUrl(SERVERS, op("offline", "things"))).toBeUndefined();
    expect(serverUrl({}, op("list", "things"))).toBeUndefined();
  });

  test("own keys only: names of Object's members find nothing", () => {
    expect(serverUrl(SERVERS, op("constructor", "toString"))).toBe("https://api.test");
  });
});

describe("serverTransport", () => {
  function recording(): { made: string[]; make: (options: TransportOptions) => Transport } {
    const made: string[] = [];
    return {
      made,
      make: (options) => {
        made.push(JSON.stringify(options.baseUrl));
        return { send: async () => options.baseUrl };
      },
    };
  }
  const TABLE = { production: SERVERS, sandbox: { api: "https://sandbox.test" } };

  test("one inner transport per base URL; baseUrl's module key, then default, then the server", async () => {
    const { made, make } = recording();
    const transport = serverTransport({ token: "t", environment: "sandbox", baseUrl: { reports: "https://mine.test" } }, TABLE, "production", make);
    expect(await transport.send(op("get", "reports"), undefined)).toBe("https://mine.test");
    expect(await transport.send(op("list", "things"), undefined)).toBe("https://sandbox.test");
    expect(await transport.send(op("list2", "things"), undefined)).toBe("https://sandbox.test");
    expect(made).toEqual(['"https://mine.test"', '"https://sandbox.test"']);
    const fallback = serverTransport({ token: "t", baseUrl: { default: "https://d.test" } }, TABLE, "production", make);
    expect(await fallback.send(op("upload", "things"), undefined)).toBe("https://d.test");
  });

  test("no base URL: the inner transport gets an empty map (its own error); a string baseUrl is one plain transport", async () => {
    const { made, make } = recording();
    expect(await serverTransport({ token: "t" }, TABLE, "production", make).send(op("offline", "things"), undefined)).toEqual({});
    serverTransport({ token: "t", baseUrl: "https://all.test", environment: "nowhere" }, TABLE, "production", make);
    expect(made).toEqual(["{}", '"https://all.test"']);
  });

  test("an unknown environment is refused", () => {
    const { make } = recording();
    expect(() => serverTransport({ token: "t", environment: "toString" }, TABLE, "production", make)).toThrow(
      'unknown environment "toString"; the catalogue\'s servers have: production, sandbox',
    );
  });
});
