import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

/**
 * The size of a tool as a provider receives it: characters of its compact JSON, and tokens of that JSON in the o200k
 * encoding (GPT-4o and later).
 *
 * @example
 * measureToolSize({ type: "function", function: { name: "ping", parameters: { type: "object" } } });
 */
export function measureToolSize(tool: unknown): { characters: number; tokens: number } {
  const json = JSON.stringify(tool) ?? "";
  return { characters: json.length, tokens: countTokens(json) };
}
