import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, test } from "vitest";
import { countJsonTokens, countJsonTokensWithin } from "../../src/schema/count-json-tokens.js";
import { fitsTokenBudget } from "../../src/schema/measure-tool-size.js";

// The reference: the tokenizer on the whole text, special-token text counted as text.
const reference = (text: string): number => countTokens(text, { disallowedSpecial: new Set() });

/** Texts made of JSON's pieces: keys, escapes, contractions, non-ASCII, special-token text. */
const jsonLikeText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "{",
        "}",
        "[",
        "]",
        '"',
        ":",
        ",",
        "'",
        "'s",
        "'ll",
        "\\n",
        '\\"',
        " ",
        "  ",
        "\n",
        "a",
        "Type",
        "description",
        "ID",
        "123",
        "4",
        "ü",
        "日本",
        "😀",
        "\u0301",
        "_",
        "-",
        "/",
        "<|endoftext|>",
      ),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 40 },
  )
  .map((pieces) => pieces.join(""));

const utf8Bytes = (text: string): number => Buffer.byteLength(text, "utf8");

/** Cut at every safe place: the properties then test the rule at every place it allows. */
const EVERY = 1;
/** Cut at one safe place in eight, as a budget check does. */
const SAMPLED = 8;

describe("countJsonTokens", () => {
  test.each([
    { given: '{"type":"object","properties":{"name":{"type":"string"}}}' },
    { given: '{"description":"It\'s the owner\'s name.","enum":["a\'s","b"]}' },
    { given: '{"a":"-- \\"quoted\\" --","b":"x\\ny","c":"ünïcödé, 日本語, emoji 😀x"}' },
    { given: '[{"x":1},{"y":22},{"z":333},"😀😀a","—a","..a","\'\'s"]' },
    { given: '{"text":"ends with <|endoftext|> literally"}' },
    // A line break, then a slash: the punctuation piece ends on the slash, and "-A" is a word of its own.
    { given: ":\n/-A" },
    { given: '{"a":"x"}\n//-Type\r/.b' },
    { given: "" },
  ])("counts $given as the tokenizer does on the whole text, cut at every safe place or a few", ({ given }) => {
    const memo = new Map<string, number>();
    const counts = [
      countJsonTokens(given, memo, EVERY),
      countJsonTokens(given, memo),
      countJsonTokens(given, memo, SAMPLED),
    ];
    expect(counts).toEqual([reference(given), reference(given), reference(given)]);
  });

  test("for any text made of JSON's pieces, cutting before a letter that follows two punctuation marks is exact", () => {
    fc.assert(
      fc.property(jsonLikeText, (text) => {
        const exact = reference(text);
        return countJsonTokens(text, new Map(), EVERY) === exact && countJsonTokens(text, new Map(), SAMPLED) === exact;
      }),
      { numRuns: 2000 },
    );
  });

  test("a stretch of JSON repeated after another beginning is cut the same way, so the memo finds its pieces", () => {
    const properties = Array.from({ length: 40 }, (_, index) => [
      `field${index}`,
      { type: "string", maxLength: index },
    ]);
    const stretch = JSON.stringify(Object.fromEntries(properties));
    const memo = new Map<string, number>();
    countJsonTokens(`{"name":"first","properties":${stretch}}`, memo, SAMPLED);
    const piecesOfFirst = memo.size;
    expect(piecesOfFirst).toBeGreaterThan(4);
    const second = `{"name":"another one","description":"Other words first.","properties":${stretch}}`;
    expect(countJsonTokens(second, memo, SAMPLED)).toBe(reference(second));
    // Only the pieces around the different beginning are new.
    expect(memo.size - piecesOfFirst).toBeLessThanOrEqual(2);
  });

  test("for any text over the characters o200k's pieces turn on, cutting is exact (dense, short texts)", () => {
    // Line breaks before a slash, contractions, digits, marks and special-token text: where the rule could slip.
    const character = fc.constantFrom(
      ...[":", "\n", "\r", "/", "-", "A", "a", " ", '"', "'", "s", "1", "é", "\t", "{", "_", "<", "|", "ll"],
      ...["\u0301", "😀", "\\", "<|endoftext|>"],
    );
    fc.assert(
      fc.property(fc.array(character, { maxLength: 24 }), (characters) => {
        const text = characters.join("");
        return countJsonTokens(text, new Map(), EVERY) === reference(text);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("countJsonTokensWithin", () => {
  test("over the budget it is a lower bound of the exact count; within it, an upper bound", () => {
    fc.assert(
      fc.property(jsonLikeText, fc.integer({ min: 0, max: 60 }), (text, maxTokens) => {
        const exact = reference(text);
        const bytesPerUnit = utf8Bytes(text) === text.length ? 1 : 3;
        return [EVERY, SAMPLED].every((cutOneIn) => {
          const counted = countJsonTokensWithin(text, maxTokens, bytesPerUnit, new Map(), cutOneIn);
          return counted > maxTokens ? maxTokens < counted && counted <= exact : exact <= counted;
        });
      }),
      { numRuns: 2000 },
    );
  });

  test("stops counting once the rest cannot break the budget", () => {
    // 200 short pieces: within a budget of 10,000 tokens after the first piece, since the rest is 2,000 bytes.
    const text = '{"type":"x"},'.repeat(200);
    const memo = new Map<string, number>();
    expect(countJsonTokensWithin(text, 10_000, 1, memo, EVERY)).toBeLessThanOrEqual(10_000);
    expect(memo.size).toBe(1);
  });

  test("stops counting once the count is over the budget", () => {
    // 200 distinct members: 'x0' to 'x199'. Over a budget of 20 tokens after a few members.
    const text = JSON.stringify(Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`x${index}`, index])));
    const memo = new Map<string, number>();
    const counted = countJsonTokensWithin(text, 20, 1, memo, EVERY);
    expect(counted).toBeGreaterThan(20);
    expect(counted).toBeLessThan(reference(text));
    expect(memo.size).toBeLessThan(20);
  });
});

describe("fitsTokenBudget", () => {
  test("decides exactly as the tokenizer's count, for JSON of any strings (non-ASCII, lone surrogates)", () => {
    const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: "binary" });
    fc.assert(
      fc.property(anyJson, fc.integer({ min: 0, max: 80 }), (value, maxTokens) => {
        const json = JSON.stringify(value);
        return fitsTokenBudget(json, maxTokens, new Map()) === reference(json) <= maxTokens;
      }),
      { numRuns: 2000 },
    );
  });
});
