import { countJsonTokens, countJsonTokensWithin, type TokenCountMemo } from "./count-json-tokens.js";

/** A tool's size: characters of its compact JSON, and o200k tokens of that JSON (both measured when first read). */
export interface ToolSize {
  characters: number;
  tokens: number;
}

/**
 * The size of a tool as a provider receives it: characters of its compact JSON, and tokens of that JSON in the o200k
 * encoding (GPT-4o and later). Both are enumerable getters that measure on first read and remember the number, so
 * `JSON.stringify` and deep equality still see them: exact counting costs more than the whole conversion, and
 * writing every tool's JSON as much as the rest of it.
 *
 * @example
 * measureToolSize({ type: "function", function: { name: "ping", parameters: { type: "object" } } }).tokens;
 */
export function measureToolSize(tool: unknown): ToolSize {
  return toolSize(tool);
}

/**
 * The size of `tool`, with its JSON text and token count when already known. The text itself is not kept (most sizes
 * are never read, and thousands of texts would outlive the conversion): the tool is written again when its size is
 * first read, and its tokens are counted with `memo` (see {@link countJsonTokens}).
 */
export function toolSize(tool: unknown, knownJson?: string, knownTokens?: number, memo?: TokenCountMemo): ToolSize {
  let characters = knownJson?.length;
  let tokens = knownTokens;
  // Literal getters are own enumerable properties, and every size object shares one shape.
  return {
    get characters() {
      characters ??= (JSON.stringify(tool) ?? "").length;
      return characters;
    },
    get tokens() {
      tokens ??= countJsonTokens(JSON.stringify(tool) ?? "", memo);
      return tokens;
    },
  };
}

/**
 * The exact o200k token count of JSON text that is over `maxTokens`, or `undefined` when it fits. A token holds at
 * least one UTF-8 byte, so text of no more than `maxTokens` bytes fits uncounted, and longer text is counted only
 * until the tokens counted plus the bytes left are proved to fit.
 */
export function countTokensOverBudget(json: string, maxTokens: number, memo: TokenCountMemo): number | undefined {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: most tools fit without even measuring the bytes.
  if (json.length * 3 <= maxTokens) return undefined;
  const bytes = utf8Length(json);
  if (bytes <= maxTokens) return undefined;
  const tokens = countJsonTokensWithin(json, maxTokens, bytes === json.length ? 1 : 3, memo);
  return tokens <= maxTokens ? undefined : tokens;
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
