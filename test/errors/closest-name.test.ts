import { describe, expect, test } from "vitest";
import { closestName } from "../../src/errors/closest-name.js";

describe("closestName", () => {
  test.each([
    { name: "file_pth", known: ["file_path", "content"], want: "file_path" },
    { name: "CITY", known: ["city", "days"], want: "city" },
    { name: "weather", known: ["create_file"], want: undefined },
    { name: "x", known: [], want: undefined },
  ])("$name among $known", ({ name, known, want }) => {
    expect(closestName(name, known)).toBe(want);
  });
});
