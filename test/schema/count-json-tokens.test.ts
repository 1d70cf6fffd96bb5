import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, test } from "vitest";
import { countJsonTokens } from "../../src/schema/count-json-tokens.js";

// The reference: the tokenizer on the whole text, special-token text counted as text.
const reference = (text: string): number => countTokens(text, { disallowedSpecial: new Set() });

describe("countJsonTokens", () => {
  test.each([
    { given: '{"type":"object","properties":{"name":{"type":"string"}}}' },
    { given: '{"description":"It\'s the owner\'s name.","enum":["a\'s","b"]}' },
    { given: '{"a":"-- \\"quoted\\" --","b":"x\\ny","c":"ünïcödé, 日本語, emoji 😀x"}' },
    { given: '[{"x":1},{"y":22},{"z":333},"😀😀a","—a","..a","\'\'s"]' },
    { given: '{"text":"ends with <|endoftext|> literally"}' },
    { given: "" },
  ])("counts $given as the tokenizer does on the whole text", ({ given }) => {
    const memo = new Map<string, number>();
    expect([countJsonTokens(given, memo), countJsonTokens(given, memo)]).toEqual([reference(given), reference(given)]);
  });

  test("for any text made of JSON's pieces, cutting before a letter that follows two punctuation marks is exact", () => {
    const piece = fc.constantFrom(
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
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        return countJsonTokens(text, new Map()) === reference(text);
      }),
      { numRuns: 2000 },
    );
  });
});
