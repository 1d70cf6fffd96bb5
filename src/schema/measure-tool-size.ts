import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

/**
 * Special-token text such as `<|endoftext|>` in a description is ordinary text in a tool definition: counted as
 * such, not refused (by default the tokenizer throws on it, which would fail the conversion of a harmless spec).
 */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

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
  return measureJson(JSON.stringify(tool) ?? "");
}

/** {@link measureToolSize} of JSON text already written. */
export function measureJson(json: string): ToolSize {
  let tokens: number | undefined;
  // A literal getter is an own enumerable property, and every size object shares one shape.
  return {
    characters: json.length,
    get tokens() {
      tokens ??= countTokens(json, AS_PLAIN_TEXT);
      return tokens;
    },
  };
}

/**
 * Whether JSON text fits in `maxTokens` o200k tokens. A token holds at least one UTF-8 byte, so text of at most
 * `maxTokens` bytes fits without counting; only longer text is counted (through `size`, which remembers the count).
 */
export function fitsTokens(json: string, size: ToolSize, maxTokens: number): boolean {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: most tools fit without even measuring the bytes.
  if (json.length * 3 <= maxTokens || utf8Length(json) <= maxTokens) return true;
  return size.tokens <= maxTokens;
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
