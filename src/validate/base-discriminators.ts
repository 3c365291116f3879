// A discriminator on a named object, the base its variants compose with `allOf: [{ ref: Base }, ...]`
// (see src/model/base-discriminators.ts): the property is the base's own required string, a mapping
// names only such variants, and no two variants share a value.
import type { RawType } from "../load/raw.js";
import { rawKind } from "../model/raw-kind.js";
import type { Place, Reporter } from "./reporter.js";

export function checkBaseDiscriminators(report: Reporter, types: ReadonlyMap<string, { raw: RawType; place: Place }>): void {
  for (const [name, { raw, place }] of types) {
    if (raw.discriminator === undefined || rawKind(raw) !== "object" || raw.allOf !== undefined) continue;
    const at = (...rest: (string | number)[]): Place => ({ file: place.file, path: [...place.path, ...rest] });
    const property = typeof raw.discriminator === "string" ? raw.discriminator : raw.discriminator.property;
    const mapping = typeof raw.discriminator === "string" ? {} : (raw.discriminator.mapping ?? {});
    const field = raw.properties && Object.hasOwn(raw.properties, property) ? raw.properties[property] : undefined;
    if (field?.required !== true || rawKind(field) !== "string") {
      report.error(at("discriminator"), `the discriminator "${property}" must be a required string property of ${name}`, `give ${name} ${property}: { type: string, required: true }`);
    }
    const variants = [...types].filter(([, candidate]) => candidate.raw.allOf?.some((part) => part.ref === name)).map(([variant]) => variant);
    for (const [value, target] of Object.entries(mapping)) {
      if (!variants.includes(target)) {
        report.error(at("discriminator", "mapping", value), `"${target}" is not composed from ${name}`, variants.length > 0 ? `its variants (allOf with { ref: ${name} }) are: ${variants.join(", ")}` : `give ${target} allOf: [{ ref: ${name} }, ...]`);
      }
    }
    const owner = new Map<string, string>();
    for (const variant of variants) {
      const mapped = Object.keys(mapping).filter((value) => mapping[value] === variant);
      for (const value of mapped.length > 0 ? mapped : [variant]) {
        const earlier = owner.get(value);
        if (earlier !== undefined && earlier !== variant) report.error(at("discriminator"), `variants ${earlier} and ${variant} both take the value "${value}"`, `map each variant to its own value under mapping`);
        owner.set(value, variant);
      }
    }
  }
}
