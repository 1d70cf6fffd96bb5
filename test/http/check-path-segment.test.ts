import { describe, expect, test } from "vitest";
import { checkPathSegment } from "../../src/http/check-path-segment.js";

describe("checkPathSegment", () => {
  test.each([
    { given: "..", want: /dot segment "\.\."/ },
    { given: ".", want: /dot segment "\."/ },
    { given: "%2e%2e", want: /dot segment "\.\." \(written "%2e%2e"\)/ },
    { given: "%2E%2e", want: /dot segment "\.\."/ },
    { given: ".%2E", want: /dot segment "\.\."/ },
    { given: "%2E.", want: /dot segment "\.\."/ },
    { given: "%2e", want: /dot segment "\."/ },
    { given: "", want: /must not be empty/ },
    { given: "a\nb", want: /control character/ },
    { given: "a%0Db", want: /control character \(written "a%0Db"\)/ },
    { given: "\u0000", want: /control character/ },
    { given: "a\u007f", want: /control character/ },
    { given: "a%7F%ff", want: /control character/ },
  ])("refuses $given", ({ given, want }) => {
    expect(checkPathSegment(given)).toMatch(want);
    expect(checkPathSegment(given, { refuseSeparators: true })).toMatch(want);
  });

  test.each(["...", "a.b", "..a", "%252e%252e", "a b", "ord_1001", "日本", "%ff%fe", "a/b", "a\\b", "%2F"])(
    "accepts %j as one segment (its / encoded by the caller)",
    (given) => {
      expect(checkPathSegment(given)).toBeUndefined();
    },
  );

  test.each(["a/b", "../x", "a\\b", "%2F", "a%2fb", "%5C", "a%5cb", "%2e%2e%2F%ff"])(
    "with refuseSeparators, refuses %j",
    (given) => {
      expect(checkPathSegment(given, { refuseSeparators: true })).toMatch(/must not hold \/ or \\/);
    },
  );
});
