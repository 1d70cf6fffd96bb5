import { createRequire } from "node:module";

/**
 * Special-token text such as `<|endoftext|>` in a description is ordinary text in a tool definition: counted as
 * such, not refused (by default the tokenizer throws on it, which would fail the conversion of a harmless spec).
 */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

type O200kEncoding = typeof import("gpt-tokenizer/encoding/o200k_base");

/**
 * gpt-tokenizer builds its 200,000-entry vocabulary when it is loaded, which takes longer than starting Node: it is
 * loaded (its CommonJS build, synchronously) at the first count, so importing the package, and converting a spec
 * whose tools are all far inside the budget, never pay for it. `createRequire` is one of the core's two `node:*`
 * imports, against DESIGN.md's rule: on Node 20 nothing else loads a module synchronously.
 */
let encoding: O200kEncoding | undefined;

function countTokens(text: string): number {
  encoding ??= createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as O200kEncoding;
  return encoding.countTokens(text, AS_PLAIN_TEXT);
}

/** Token counts of pieces of JSON already counted, by piece: share one across the tools of a conversion. */
export type TokenCountMemo = Map<string, number>;

/**
 * The o200k token count of JSON text, exactly as `countTokens` gives it, counting each repeated piece once.
 *
 * o200k first splits text into pieces with a regular expression, and encodes each piece on its own. An ASCII letter
 * preceded by two ASCII punctuation characters (`{"type`, `","description`, `":"Lists`), the first of them not `/`,
 * always starts a new piece: the expression's punctuation run (`[^\s\p{L}\p{N}]+[\r\n/]*`) takes both characters
 * greedily and stops at the letter, and no alternative lets a letter run take in two punctuation characters before
 * it. A `/` is the exception: after a line break, the run's `[\r\n/]*` tail can end on it, and the next punctuation
 * character then starts a word with the letter (`:\n/` and `-A` in `:\n/-A`). So the text can be cut at the other
 * places and the counts of the parts added up. Tools repeat such parts a lot (keys, shared parameter descriptions),
 * and `memo` counts each once.
 *
 * `cutOneIn` above 1 cuts only one such place in that many, chosen by the letter and the two characters after it, as
 * backup tools cut files by content: a stretch of JSON that another tool repeats is cut at the same places there, so
 * the memo still finds its parts, and the parts are longer. That pays where a few large tools are counted (each call
 * of the tokenizer costs a few microseconds before it reads a byte), not where every tool of a spec is: there short
 * parts recur across tools more often, and reading every count of GitHub's tools took longer cut one in 8.
 *
 * @example
 * countJsonTokens(JSON.stringify(tool), new Map());
 */
export function countJsonTokens(json: string, memo?: TokenCountMemo, cutOneIn = 1): number {
  if (memo === undefined) return countTokens(json);
  return countParts(json, memo, cutOneIn, undefined);
}

/**
 * Like {@link countJsonTokens}, but stops as soon as the count is proved to be within `maxTokens` or over it: when
 * the pieces counted so far, plus a token for each byte of the rest (`bytesPerUnit` bytes per UTF-16 code unit: 1
 * for ASCII text, 3 otherwise), are no more than `maxTokens`, that sum is returned; when the pieces counted so far
 * are more than `maxTokens`, their count is. So a result within `maxTokens` is an upper bound of the exact count,
 * and one over it a lower bound: a tool of 200,000 tokens is known to be over a budget of 8,000 after about 8,000.
 * It cuts one safe place in 8 by default: a budget check counts only the few tools that are large, and there
 * (GitHub's 9 tools over 8,000 bytes) 449 calls of the tokenizer became 83.
 *
 * @example
 * countJsonTokensWithin(json, 8000, json.length === byteLength ? 1 : 3, memo) <= 8000; // the tool fits
 */
export function countJsonTokensWithin(
  json: string,
  maxTokens: number,
  bytesPerUnit: number,
  memo: TokenCountMemo,
  cutOneIn = BUDGET_CUT_ONE_IN,
): number {
  return countParts(json, memo, cutOneIn, { maxTokens, bytesPerUnit });
}

/** The tokens of `json`, counted part by part; with a `budget`, only until they are proved within it or over it. */
function countParts(
  json: string,
  memo: TokenCountMemo,
  cutOneIn: number,
  budget: { maxTokens: number; bytesPerUnit: number } | undefined,
): number {
  let total = 0;
  let start = 0;
  // The expression finds the safe places natively: it skips prose (most of a tool's text) far faster than a loop.
  SAFE_PLACE.lastIndex = 0;
  while (SAFE_PLACE.test(json)) {
    const index = SAFE_PLACE.lastIndex;
    if (!isChosen(json, index, cutOneIn)) continue;
    total += countPiece(json.slice(start, index), memo);
    start = index;
    if (budget !== undefined) {
      if (total > budget.maxTokens) return total;
      const bound = total + (json.length - start) * budget.bytesPerUnit;
      if (bound <= budget.maxTokens) return bound;
    }
  }
  return total + countPiece(json.slice(start), memo);
}

/** Safe places a budget check cuts: one in this many. */
export const BUDGET_CUT_ONE_IN = 8;

/** Whether the safe place at `index` is one of the `1 / cutOneIn` cut, by its letter and the two characters after. */
function isChosen(json: string, index: number, cutOneIn: number): boolean {
  if (cutOneIn === 1) return true;
  if (index + 2 >= json.length) return false;
  const hash = (json.charCodeAt(index) * 31 + json.charCodeAt(index + 1)) * 17 + json.charCodeAt(index + 2);
  return hash % cutOneIn === 0;
}

function countPiece(piece: string, memo: TokenCountMemo): number {
  let count = memo.get(piece);
  if (count === undefined) {
    count = countTokens(piece);
    memo.set(piece, count);
  }
  return count;
}

/**
 * Before a safe place: two ASCII punctuation marks (neither space, letter nor digit), the first not `/`, then an ASCII
 * letter, looked at ahead; a match ends at the letter. `test` moves `lastIndex` there without allocating a match.
 */
const SAFE_PLACE = /[!-.:-@[-`{-~][!-/:-@[-`{-~](?=[A-Za-z])/g;
