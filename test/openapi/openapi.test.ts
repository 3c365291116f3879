import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import type { ApiModel, OperationModel } from "../../src/model/types.js";
import { fixtureCatalogue, generateForTest, repoCatalogue } from "../helpers/generate.js";
import { readSeed, seedLimit, seedMeanings, seedReference } from "../helpers/seed.js";
import {
  countByRule,
  expectThreeValidatorsPass,
  redoclyLint,
  spectralLint,
  swaggerParserValidate,
} from "./validators.js";

type Json = { [key: string]: any };

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function documentOperations(document: Json): { method: string; path: string; operation: Json }[] {
  return Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation: operation as Json })),
  );
}

/** A validator for one component schema, resolving `#/components/...` refs against the document. */
function schemaValidator(document: Json, name: string) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...document, $id: "https://catalogen.invalid/openapi.json" }, "openapi");
  return ajv.compile({ $ref: `https://catalogen.invalid/openapi.json#/components/schemas/${name}` });
}

async function generateOpenApi(catalogue?: string): Promise<{ file: string; document: Json }> {
  const out = await generateForTest({ ...(catalogue && { catalogue }), targets: ["openapi"] });
  const file = join(out, "openapi.json");
  return { file, document: JSON.parse(await readFile(file, "utf8")) as Json };
}

describe("openapi.json of the real catalogue", () => {
  let model: ApiModel;
  let operations: OperationModel[];
  let file: string;
  let document: Json;

  beforeAll(async () => {
    model = await loadModel(repoCatalogue);
    operations = model.modules.flatMap((module) => module.operations);
    ({ file, document } = await generateOpenApi());
  });

  it("is OpenAPI 3.1 with every operation of the seed, each under its catalogue id and module tag", () => {
    expect(document.openapi).toBe("3.1.0");
    const found = documentOperations(document);
    const seed = readSeed().operations;
    expect(found).toHaveLength(seed.length);
    expect(found.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      seed.map(({ method, path }) => `${method} ${path}`).sort(),
    );
    for (const operation of operations) {
      const entry = document.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(entry?.operationId, operation.id).toBe(operation.id);
      expect(entry.tags).toEqual([operation.module]);
      expect(entry.summary).toBe(operation.summary);
    }
    expect(document.tags.map((tag: Json) => tag.name)).toEqual(model.modules.map((module) => module.id));
  });

  it("passes swagger-parser validation", async () => {
    await expect(swaggerParserValidate(document)).resolves.toBeUndefined();
  });

  it("passes redocly lint (recommended) with no errors and only the warnings that need an invented fact", async () => {
    const problems = await redoclyLint(file);
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
    // Every operation without token kinds (so without a 401/403) has no 4XX response: 183 of 184.
    const without4xx = operations.filter((operation) => !operation.tokens && !operation.responses?.some((r) => r.status.startsWith("4")));
    expect(without4xx).toHaveLength(183);
    expect(countByRule(problems.map((problem) => problem.ruleId))).toEqual({
      "info-license": 1,
      "no-unused-components": 1,
      "operation-4xx-response": without4xx.length,
    });
  });

  it("passes spectral lint (spectral:oas) with no errors and only the warnings that need an invented fact", async () => {
    const problems = await spectralLint(file);
    expect(problems.filter((problem) => problem.severity === 0)).toEqual([]);
    const silent = operations.filter((operation) => operation.responses === undefined);
    expect(silent).toHaveLength(183);
    expect(countByRule(problems.map((problem) => problem.code))).toEqual({
      "info-contact": 1,
      "oas3-unused-component": 1,
      "operation-success-response": silent.length,
    });
  });

  it("declares every path parameter, required, typed only where the catalogue types it", () => {
    for (const operation of operations) {
      const entry = document.paths[operation.path][operation.method.toLowerCase()];
      const path = (entry.parameters ?? []).filter((parameter: Json) => parameter.in === "path");
      expect(path.map((parameter: Json) => parameter.name)).toEqual(operation.pathParams.map((parameter) => parameter.name));
      for (const [i, parameter] of operation.pathParams.entries()) {
        expect(path[i].required).toBe(true);
        if (parameter.schema === undefined) {
          expect(path[i].schema).toEqual({});
          expect(path[i].description).toContain("Type not documented");
        } else {
          expect(path[i].schema.type).toBe(parameter.schema.kind);
        }
      }
    }
  });

  it("secures every operation with the token header and carries token kinds and limits as documented", () => {
    const schemes = Object.entries(document.components.securitySchemes as Json);
    expect(schemes).toHaveLength(1);
    const [name, scheme] = schemes[0]!;
    expect(scheme).toMatchObject({ type: "apiKey", in: "header", name: model.auth.header });
    for (const operation of operations) {
      const entry = document.paths[operation.path][operation.method.toLowerCase()];
      expect(entry.security).toEqual([{ [name]: [] }]);
      expect(entry["x-token-kinds"]).toEqual(operation.tokens);
    }
    // Section 8 gives one limit, for the reference operation only; every other operation's is not shown.
    const reference = seedReference();
    const seed = seedLimit();
    expect(seed.per).toBe("seller profile");
    for (const { method, path, operation } of documentOperations(document)) {
      if (method === reference.method && path === reference.path) {
        expect(operation.operationId).toBe("getDiscrepancies");
        expect(operation["x-rate-limits"]).toEqual([
          {
            scope: "seller",
            period: seed.period,
            periodMilliseconds: 60_000, // "1 minute"
            limit: seed.limit,
            interval: seed.interval,
            intervalMilliseconds: 60_000, // "1 minute"
            burst: seed.burst,
          },
        ]);
      } else {
        expect(operation["x-rate-limits"], operation.operationId).toBeUndefined();
      }
    }
  });

  it("says where responses are not documented instead of inventing them", () => {
    for (const operation of operations) {
      const entry = document.paths[operation.path][operation.method.toLowerCase()];
      const guards = [...(operation.tokens ? ["401", "403"] : []), ...(operation.limits ? ["429"] : [])];
      if (operation.responses === undefined) {
        expect(Object.keys(entry.responses)).toEqual(["default", ...guards]);
        expect(entry.responses.default.description).toMatch(/^Not documented/);
        expect(entry["x-not-documented"]).toContain("responses");
      } else {
        expect(Object.keys(entry.responses)).toEqual([...operation.responses.map((response) => response.status), ...guards]);
      }
      if (operation.request === undefined) {
        expect(entry["x-not-documented"]).toContain("request body");
        // Clients may send a body (fetch cannot with GET): optional, any content, shape not claimed.
        if (operation.method === "GET") expect(entry.requestBody).toBeUndefined();
        else expect(entry.requestBody).toEqual({ description: expect.stringMatching(/^Not documented/), required: false, content: { "*/*": { schema: {} } } });
      }
      if (operation.request === null) expect(entry.requestBody).toBeUndefined();
    }
  });

  it("declares the 401 and 403 that token kinds imply and the 429 that limits imply, bodies not documented", () => {
    const entry = document.paths["/api/supplies/v1/discrepancies/{supplyId}"].get;
    expect(Object.keys(entry.responses)).toEqual(["200", "401", "403", "429"]);
    for (const status of ["401", "403", "429"]) {
      expect(entry.responses[status].content, status).toBeUndefined();
      expect(entry.responses[status].description).toMatch(/body is not documented.*GeneratedServerError/);
    }
    expect(entry.responses["403"].description).toContain("(personal, service)");
    expect(Object.keys(entry.responses["429"].headers)).toEqual(["X-Ratelimit-Retry", "X-Ratelimit-Limit", "X-Ratelimit-Reset", "Retry-After"]);
    // No other operation of the catalogue documents token kinds or limits.
    const guarded = documentOperations(document).filter(({ operation }) => ["401", "403", "429"].some((status) => status in operation.responses));
    expect(guarded.map(({ operation }) => operation.operationId)).toEqual(["getDiscrepancies"]);
  });

  it("names tags by module title and oneOf branches by their values", () => {
    expect(document.tags.find((tag: Json) => tag.name === "in_store_pickup")).toMatchObject({
      "x-displayName": model.modules.find((module) => module.id === "in_store_pickup")!.title,
      description: expect.stringContaining(model.modules.find((module) => module.id === "in_store_pickup")!.area),
    });
    const titles = (document.components.schemas.ItemDiscrepancyResponse.oneOf as Json[]).map((variant) => variant.title);
    expect(titles).toEqual(seedMeanings().map(({ type, label }) => `${type} / ${label}`));
    expect(titles).toContain("surplus / re-sorting");
  });

  it("has every named type in components/schemas, and the error body as generated servers send it", () => {
    const schemas = document.components.schemas as Json;
    expect(Object.keys(schemas).sort()).toEqual([...model.types.map((named) => named.name), "ErrorBody"].sort());
    expect(Object.keys(schemas.ErrorBody.properties)).toEqual([
      "title",
      "detail",
      "status",
      "statusText",
      "requestId",
      "origin",
      "timestamp",
      "code",
    ]);
    expect(schemas.ErrorBody.description).toMatch(/marketplace's own error body shape is not documented/);
    expect(document.components.responses.GeneratedServerError.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/ErrorBody",
    );
  });

  it("makes the reference record a oneOf of exactly the allowed combinations of section 4.10", () => {
    const record = document.components.schemas.ItemDiscrepancyResponse as Json;
    expect(
      record.oneOf.map((variant: Json) => ({
        direction: variant["x-group"],
        type: variant.properties.discrepancyType.const,
        label: variant.properties.discrepancyLabel.const,
        meaning: variant.description,
      })),
    ).toEqual(seedMeanings());
    const validate = schemaValidator(document, "ItemDiscrepancyResponse");
    for (const { type, label } of seedMeanings()) {
      expect(validate({ discrepancyType: type, discrepancyLabel: label, otherField: 1 })).toBe(true);
    }
    expect(validate({ discrepancyType: "surplus", discrepancyLabel: "shortage" })).toBe(false);
    expect(validate({ discrepancyType: "shortage", discrepancyLabel: "surplus" })).toBe(false);
    expect(validate({ discrepancyType: "surplus" })).toBe(false);
  });

  it("carries the catalogue's examples, and they fit their schemas", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ ...document, $id: "https://catalogen.invalid/openapi.json" });
    let examples = 0;
    for (const { operation } of documentOperations(document)) {
      for (const response of Object.values(operation.responses as Json)) {
        for (const media of Object.values((response as Json).content ?? {}) as Json[]) {
          if (media.example === undefined || media.schema === undefined) continue;
          examples++;
          const schema = JSON.parse(
            JSON.stringify(media.schema).replaceAll('"#/components/', '"https://catalogen.invalid/openapi.json#/components/'),
          );
          expect(ajv.validate(schema, media.example), JSON.stringify(ajv.errors)).toBe(true);
        }
      }
    }
    const documented = operations.flatMap((operation) => operation.responses ?? []).flatMap((response) => response.content);
    expect(examples).toBe(documented.filter((media) => media.example !== undefined && media.schema !== undefined).length);
    expect(examples).toBeGreaterThan(0);
  });

  it("is marked as generated and does not invent a version or a base URL", () => {
    expect(document["x-generated-by"]).toMatch(/^catalogen.*Do not edit by hand/);
    expect(document.info.version).toBe("unversioned");
    expect(document.servers[0].url).toBe("{base_url}");
    expect(document.servers[0].variables.base_url.default).toMatch(/\.invalid$/);
  });
});

describe("openapi.json of every kind of type (docs-shapes)", () => {
  let file: string;
  let document: Json;
  beforeAll(async () => {
    ({ file, document } = await generateOpenApi(fixtureCatalogue("docs-shapes")));
  });

  it("passes the three validators", async () => {
    await expectThreeValidatorsPass(file, document);
  });

  it("the validators do reject a broken document (so the tests above can fail)", async () => {
    const broken = structuredClone(document);
    delete broken.paths["/owners/{ownerId}"].get.parameters;
    broken.paths["/files/{fileId}"].get.operationId = "getOwner";
    // swagger-parser checks 3.1 documents against the schema only, so break that too.
    await expect(swaggerParserValidate(broken)).resolves.toBeUndefined();
    delete broken.paths["/owners/{ownerId}"].get.responses["404"].description;
    await expect(swaggerParserValidate(broken)).rejects.toThrow(/description/);
    const brokenFile = file.replace(/openapi\.json$/, "broken.json");
    await writeFile(brokenFile, JSON.stringify(broken));
    const errors = (await redoclyLint(brokenFile)).filter((problem) => problem.severity === "error");
    expect(new Set(errors.map((problem) => problem.ruleId))).toEqual(new Set(["path-parameters-defined", "operation-operationId-unique", "struct"]));
    const spectralErrors = (await spectralLint(brokenFile)).filter((problem) => problem.severity === 0);
    expect(new Set(spectralErrors.map((problem) => problem.code))).toEqual(new Set(["path-params", "operation-operationId-unique", "oas3-schema"]));
  });

  it("maps each kind to JSON Schema 2020-12 as OpenAPI 3.1 reads it", () => {
    const owner = schemaValidator(document, "Owner");
    expect(owner({ name: "a" })).toBe(true);
    expect(owner({ name: "a", nickname: null, mood: null, bestFriend: null, scores: { x: 1.5 }, extra: [1] })).toBe(true);
    expect(owner({ name: "a", mood: "quiet" })).toBe(false);
    expect(owner({ name: "a", scores: { x: "1" } })).toBe(false);
    expect(owner({ name: "a", other: "string extra" })).toBe(true);
    expect(owner({ name: "a", other: 5 })).toBe(false);
    expect(owner({ name: "a", pets: [{ kind: "cat", lives: 9 }, { kind: "dog" }] })).toBe(true);
    expect(owner({ name: "a", pets: [{ kind: "cow" }] })).toBe(false);
    expect(owner({ name: "a", address: { city: "x", lines: [{ text: "l" }] } })).toBe(true);
    expect(owner({ name: "a", address: { lines: [] } })).toBe(false);
    const schemas = document.components.schemas as Json;
    expect(schemas.Pet.discriminator).toEqual({
      propertyName: "kind",
      mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" },
    });
    // Inline variants cannot carry an OpenAPI discriminator; oneOf alone still tells them apart.
    expect(schemas.Tagged.discriminator).toBeUndefined();
    expect(schemas.Tagged.oneOf).toHaveLength(2);
    // Branch titles, so tools do not show "object" or "#0": the type's name, the branch's value, its kind.
    expect(schemas.Tagged.oneOf.map((variant: Json) => variant.title)).toEqual(["a", "b"]);
    expect(schemas.Pet.oneOf.map((variant: Json) => variant.title)).toEqual(["Cat", "Dog"]);
    expect(schemas.Owner.properties.avatar).toEqual({ type: "string", contentMediaType: "application/octet-stream" });
  });

  it("describes request bodies, raw byte bodies and documented-as-empty responses", () => {
    const upload = document.paths["/owners/{ownerId}/avatar"].put;
    expect(upload.requestBody).toEqual({
      required: true,
      content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } } },
    });
    expect(upload.responses["204"]).toEqual({ description: "Not documented." });
    // A JSON text sequence is not one JSON text: its bytes are described by their own media type.
    expect(document.paths["/owners/stream"].get.responses["200"].content).toEqual({
      "application/json-seq": { schema: { type: "string", contentMediaType: "application/json-seq" } },
    });
    expect(upload["x-idempotent"]).toBe(true);
    const get = document.paths["/owners/{ownerId}"].get;
    expect(get.parameters.map((parameter: Json) => [parameter.name, parameter.in, parameter.required])).toEqual([
      ["ownerId", "path", true],
      ["expand", "query", false],
      ["X-Trace", "header", false],
    ]);
    expect(get.requestBody).toBeUndefined();
    expect(get["x-not-documented"]).toEqual(["description", "rate limits"]);
  });
});
