import type { ArgumentSection } from "../openapi/operation-spec.js";
import type { JsonSchema } from "./json-schema.js";

/** The provider formats a tool can be written in. */
export type Dialect = "openai" | "openai-strict" | "openai-responses" | "anthropic" | "gemini" | "mcp";

/** Every dialect, in a stable order. */
export const DIALECTS: readonly Dialect[] = [
  "openai",
  "openai-strict",
  "openai-responses",
  "anthropic",
  "gemini",
  "mcp",
];

/** A provider-neutral tool: a name, a description and a JSON Schema for its arguments. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/**
 * Values the caller (not the model) supplies, by location: `{header: {"x-account-id": "..."}}`. They are removed from
 * the model-facing schema and merged back in when the request is built.
 */
export type FixedParams = Partial<Record<ArgumentSection, Record<string, unknown>>>;
