// Issue 44, point 9: an AWS-style document lists its host twice, `http://` first and `https://`
// second; the client calls https and the import report says why.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { importDocument } from "./helpers.js";

const document = {
  openapi: "3.0.0",
  info: { title: "Queue", version: "1" },
  servers: [
    { url: "http://queue.eu-west-1.example.com", description: "The queue multi-region endpoint" },
    { url: "https://queue.eu-west-1.example.com", description: "The queue multi-region endpoint" },
  ],
  paths: { "/queues": { get: { operationId: "listQueues", responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "string" } } } } } } } },
};

test("servers that differ only by scheme: the client calls https, and the report says so", async () => {
  const imported = await importDocument("servers-scheme", document, ["client"]);
  expect(imported.model.servers).toEqual([{ id: "queue-eu-west-1-example-com", url: "https://queue.eu-west-1.example.com", description: "The queue multi-region endpoint" }]);
  const client = await readFile(join(imported.out, "client/client.ts"), "utf8");
  expect(client).toContain('"https://queue.eu-west-1.example.com"');
  expect(client).not.toContain("http://queue");
  expect(imported.reportText).toContain("#/servers/0: server http://queue.eu-west-1.example.com: the client calls https://queue.eu-west-1.example.com instead (the list gives this host both ways; https preferred)");
  expect(imported.reportText).not.toContain("a second server without an environment");
});
