// A header after a special token, read to its end token: a character at a time on the stream's fast path, or scanned.
import { expect, test } from "vitest";
import { TokenHeader } from "../../src/calls/engine/token-header.js";
import { HARMONY_HEADER } from "../../src/calls/formats/harmony.js";

test("a header taken a character at a time, then its end token scanned, opens what scanning it whole opens", () => {
  const header = "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>";
  const whole = new TokenHeader();
  whole.start("<|start|>assistant", HARMONY_HEADER, true);
  expect(whole.scan(header, 0)).toBe(header.length);
  const taken = new TokenHeader();
  taken.start("<|start|>assistant", HARMONY_HEADER, true);
  for (const character of header.slice(0, -1)) {
    if (!taken.takeCharacter(character)) taken.scan(character, 0);
  }
  expect(taken.ended).toBeUndefined();
  // The `>` that may end it is never taken: it goes through `scan`, which finds the end.
  expect(taken.takeCharacter(">")).toBe(false);
  taken.scan(">", 0);
  expect([taken.text, taken.ended]).toEqual([whole.text, whole.ended]);
  expect(taken.ended).toMatchObject({ opens: "call" });
});

test("a line break, or a header past its length, is never taken: it makes the header text", () => {
  const header = new TokenHeader();
  header.start("<|start|>assistant", HARMONY_HEADER, false);
  expect(header.takeCharacter("\n")).toBe(false);
  header.scan("\n", 0);
  expect(header.ended).toEqual({ opens: "text" });
  const long = new TokenHeader();
  long.start("<|start|>assistant", HARMONY_HEADER, false);
  while (long.takeCharacter("x")) {}
  expect(long.text.length).toBe(HARMONY_HEADER.limit);
});
