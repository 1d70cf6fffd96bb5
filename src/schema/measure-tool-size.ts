import { countJsonTokens, countJsonTokensWithin, type TokenCountMemo } from "./count-json-tokens.js";

/** A tool's size: characters of its compact JSON, and o200k tokens of that JSON (both measured when first read). */
export interface ToolSize {
  readonly characters: number;
  readonly tokens: number;
}

/**
 * The size of a tool as a provider receives it: characters of its compact JSON, and tokens of that JSON in the o200k
 * encoding (GPT-4o and later). Both are getters that measure on first read and remember the number: exact counting
 * costs more than the whole conversion, and writing every tool's JSON as much as the rest of it. `JSON.stringify`
 * writes both numbers; to copy them into a plain object, read them (`{characters, tokens} = size`).
 *
 * @example
 * measureToolSize({ type: "function", function: { name: "ping", parameters: { type: "object" } } }).tokens;
 */
export function measureToolSize(tool: unknown): ToolSize {
  return new LazyToolSize(tool);
}

/**
 * The size of `tool`, measured when first read; `knownJson` is its JSON text when already written. The text itself is
 * not kept (most sizes are never read, and thousands of texts would outlive the conversion): the tool is written again
 * when its size is first read, and its tokens are counted with `memo` (see {@link countJsonTokens}).
 */
export function toolSize(tool: unknown, memo?: TokenCountMemo, knownJson?: string): ToolSize {
  return new LazyToolSize(tool, memo, knownJson?.length);
}

/**
 * A class, not an object literal with getters: V8 builds such a literal through a slow runtime path, and a conversion
 * makes one size per tool (a thousand for a large spec).
 */
class LazyToolSize implements ToolSize {
  readonly #tool: unknown;
  readonly #memo: TokenCountMemo | undefined;
  #characters: number | undefined;
  #tokens: number | undefined;

  constructor(tool: unknown, memo?: TokenCountMemo, characters?: number) {
    this.#tool = tool;
    this.#memo = memo;
    this.#characters = characters;
  }

  get characters(): number {
    this.#characters ??= (JSON.stringify(this.#tool) ?? "").length;
    return this.#characters;
  }

  get tokens(): number {
    if (this.#tokens === undefined) {
      const json = JSON.stringify(this.#tool) ?? "";
      this.#characters = json.length;
      this.#tokens = countJsonTokens(json, this.#memo);
    }
    return this.#tokens;
  }

  toJSON(): { characters: number; tokens: number } {
    return { characters: this.characters, tokens: this.tokens };
  }
}

/**
 * Whether JSON text has no more than `maxTokens` o200k tokens. A token holds at least one UTF-8 byte, so text of no
 * more than `maxTokens` bytes fits uncounted, and longer text is counted only until the tokens counted plus the bytes
 * left are proved to fit, or the tokens counted are already over.
 */
export function fitsTokenBudget(json: string, maxTokens: number, memo: TokenCountMemo): boolean {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: most tools fit without even measuring the bytes.
  if (json.length * 3 <= maxTokens) return true;
  // Tool JSON is nearly always ASCII: one native scan then proves one byte per character.
  const isAscii = !NON_ASCII.test(json);
  if (isAscii ? json.length <= maxTokens : hasUtf8BytesWithin(json, maxTokens)) return true;
  return countJsonTokensWithin(json, maxTokens, isAscii ? 1 : 3, memo) <= maxTokens;
}

const NON_ASCII = /[\u0080-\uffff]/;

/** Whether `text` has no more than `limit` UTF-8 bytes; the count stops once over (a large tool is long over). */
function hasUtf8BytesWithin(text: string, limit: number): boolean {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    // A surrogate pair is 4 bytes: 2 counted for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;
    if (bytes > limit) return false;
  }
  return true;
}
