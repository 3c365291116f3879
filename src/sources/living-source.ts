// A living source as the pipeline sees it: the catalogue's model (./read.ts reads the YAML,
// ./living.ts the OpenAPI document it names), and the files the document read, known from the
// last run that read them (the store, ./inputs.ts) or learnt by reading the model, which is then
// kept, with those files, for this run.
import { MAX_DOCUMENT_BYTES } from "../import/bounds.js";
import type { ApiModel } from "../model/types.js";
import type { CatalogueHashes } from "../reuse/run-key.js";
import { readRegularFile } from "../shared/confined-files.js";
import { sha256 } from "../shared/hash.js";
import { livingInputs, recordInputs } from "./inputs.js";
import type { Source, SourceRead } from "./source.js";
import type { Conversions } from "./document.js";

export class LivingSource implements Source {
  private reading: Promise<SourceRead> | undefined;
  /** The files this run's read found (undefined before it ran), else those the store recorded. */
  private learnt: string[] | undefined;
  private recorded: string[] | undefined;

  constructor(
    private readonly dir: string,
    readonly catalogue: CatalogueHashes,
    private readonly conversions?: Conversions,
  ) {}

  async read(): Promise<ApiModel> {
    return (await this.readOnce()).model;
  }

  async inputs(): Promise<[string, string][] | undefined> {
    const files = (this.recorded = livingInputs(this.dir)) ?? (await this.readOnce()).inputs;
    try {
      // Each a real path the importer read: read the same way (a regular file, not through a link).
      return files.map((path) => [path, sha256(readRegularFile(path, MAX_DOCUMENT_BYTES))]);
    } catch {
      return undefined;
    }
  }

  inputPaths(): string[] {
    return this.learnt ?? this.recorded ?? [];
  }

  private readOnce(): Promise<SourceRead> {
    return (this.reading ??= import("./read.js").then(async ({ readCatalogue }) => {
      const read = await readCatalogue(this.dir, this.catalogue.stats, this.conversions);
      this.learnt = read.inputs;
      recordInputs(this.dir, read.inputs);
      return read;
    }));
  }
}
