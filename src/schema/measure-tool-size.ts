import { countJsonTokens, type TokenCountMemo } from "./count-json-tokens.js";

/** A tool's size: characters of its compact JSON, and o200k tokens of that JSON (counted when first read). */
export interface ToolSize {
  characters: number;
  tokens: number;
}

/**
 * The size of a tool as a provider receives it: characters of its compact JSON, and tokens of that JSON in the o200k
 * encoding (GPT-4o and later). Exact counting costs more than the whole conversion, so `tokens` is an enumerable
 * getter that counts on first read and remembers the number: `JSON.stringify` and deep equality still see it.
 *
 * @example
 * measureToolSize({ type: "function", function: { name: "ping", parameters: { type: "object" } } }).tokens;
 */
export function measureToolSize(tool: unknown): ToolSize {
  return toolSize(tool, (JSON.stringify(tool) ?? "").length);
}

/**
 * The size of `tool`, whose JSON has `characters` characters, with its token count when already known. The JSON text
 * itself is not kept (most sizes are never read in tokens, and thousands of texts would outlive the conversion): the
 * tool is written again if its tokens are read, and counted with `memo` (see {@link countJsonTokens}).
 */
export function toolSize(tool: unknown, characters: number, knownTokens?: number, memo?: TokenCountMemo): ToolSize {
  let tokens = knownTokens;
  // A literal getter is an own enumerable property, and every size object shares one shape.
  return {
    characters,
    get tokens() {
      tokens ??= countJsonTokens(JSON.stringify(tool) ?? "", memo);
      return tokens;
    },
  };
}

/**
 * The exact o200k token count of JSON text that may not fit in `maxTokens`, or `undefined` when its bytes prove that it
 * does: a token holds at least one UTF-8 byte, so only text of more than `maxTokens` bytes is counted.
 */
export function countTokensOverBytes(json: string, maxTokens: number, memo?: TokenCountMemo): number | undefined {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: most tools fit without even measuring the bytes.
  if (json.length * 3 <= maxTokens || utf8Length(json) <= maxTokens) return undefined;
  return countJsonTokens(json, memo);
}

const NON_ASCII = /[\u0080-\uffff]/;

function utf8Length(text: string): number {
  // Tool JSON is nearly always ASCII: one native scan then proves one byte per character.
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    // A surrogate pair is 4 bytes: 2 counted for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}
