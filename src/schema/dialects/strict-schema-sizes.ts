import { isJsonObject } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";

/**
 * OpenAI strict mode's limits on one schema's enums and names, from its Structured Outputs guide: at most 1,000 enum
 * values in all ("Expected at most ... enum values in total within a single schema"), at most 120,000 characters of
 * property names, enum and const values, and at most 15,000 characters of values in one string enum of more than 250.
 */
export const OPENAI_STRICT_SIZE_LIMITS = {
  enumValues: 1000,
  characters: 120_000,
  largeEnumCharacters: 15_000,
} as const;

const LARGE_ENUM = 250;

/**
 * What in a strict schema is over OpenAI's limits on enums and names (see {@link OPENAI_STRICT_SIZE_LIMITS}), each as
 * `what: how much`; empty when nothing is.
 *
 * @example
 * strictSizeViolations({ type: "string", enum: Array.from({ length: 1001 }, (_, i) => `v${i}`) });
 * // ["1001 enum values (at most 1000)"]
 */
export function strictSizeViolations(schema: JsonSchema): string[] {
  const sizes = { enumValues: 0, characters: 0, largestEnumCharacters: 0 };
  addSizes(schema, sizes);
  const violations: string[] = [];
  const limits = OPENAI_STRICT_SIZE_LIMITS;
  if (sizes.enumValues > limits.enumValues)
    violations.push(`${sizes.enumValues} enum values (at most ${limits.enumValues})`);
  if (sizes.characters > limits.characters) {
    violations.push(`${sizes.characters} characters of names and values (at most ${limits.characters})`);
  }
  if (sizes.largestEnumCharacters > limits.largeEnumCharacters) {
    violations.push(
      `an enum of over ${LARGE_ENUM} values with ${sizes.largestEnumCharacters} characters (at most ${limits.largeEnumCharacters})`,
    );
  }
  return violations;
}

interface Sizes {
  enumValues: number;
  characters: number;
  largestEnumCharacters: number;
}

function addSizes(value: unknown, sizes: Sizes): void {
  if (Array.isArray(value)) {
    for (const item of value) addSizes(item, sizes);
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [keyword, inner] of Object.entries(value)) {
    if (keyword === "enum" && Array.isArray(inner)) addEnum(inner, sizes);
    else if (keyword === "const" && typeof inner === "string") sizes.characters += inner.length;
    else if (keyword === "properties" && isJsonObject(inner)) {
      for (const [name, property] of Object.entries(inner)) {
        sizes.characters += name.length;
        addSizes(property, sizes);
      }
    } else if (typeof inner === "object" && keyword !== "default" && keyword !== "examples") addSizes(inner, sizes);
  }
}

function addEnum(values: unknown[], sizes: Sizes): void {
  sizes.enumValues += values.length;
  let characters = 0;
  for (const entry of values) if (typeof entry === "string") characters += entry.length;
  sizes.characters += characters;
  if (values.length > LARGE_ENUM) sizes.largestEnumCharacters = Math.max(sizes.largestEnumCharacters, characters);
}
