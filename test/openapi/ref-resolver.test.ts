import { describe, expect, test } from "vitest";
import { isActionRecallError } from "../../src/errors/action-recall-error.js";
import { createRefResolver } from "../../src/openapi/ref-resolver.js";

const document = {
  components: {
    schemas: { "a/b": { type: "string" }, "t~n": { type: "integer" }, "sp ace": { type: "boolean" } },
    parameters: { owner: { name: "owner", in: "path" } },
  },
  items: [{ type: "null" }],
};

/** The error code a lookup throws, or "none". */
function codeOf(lookup: () => unknown): string {
  try {
    lookup();
    return "none";
  } catch (error) {
    return isActionRecallError(error) ? error.code : "not an ActionRecallError";
  }
}

describe("createRefResolver", () => {
  test.each([
    { given: "#/components/schemas/a~1b", want: { type: "string" } },
    { given: "#/components/schemas/t~0n", want: { type: "integer" } },
    { given: "#/components/schemas/sp%20ace", want: { type: "boolean" } },
    { given: "#/items/0", want: { type: "null" } },
    { given: "#/components/parameters/owner", want: { name: "owner", in: "path" } },
  ])("$given", ({ given, want }) => {
    expect(createRefResolver(document)(given)).toEqual(want);
  });

  test("a ref looked up again is the same object, found without walking the document again", () => {
    let reads = 0;
    const watched = new Proxy(document, {
      get(target, key, receiver) {
        reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const resolve = createRefResolver(watched);
    const first = resolve("#/components/parameters/owner");
    const readsAfterFirst = reads;
    const second = resolve("#/components/parameters/owner");
    expect([second === first, readsAfterFirst, reads]).toEqual([true, 1, 1]);
  });

  test.each([
    { given: "#/components/schemas/missing", want: "REF_NOT_FOUND" },
    { given: "#/__proto__", want: "REF_NOT_FOUND" },
    { given: "#/components/constructor", want: "REF_NOT_FOUND" },
    { given: "other.json#/components/schemas/a", want: "EXTERNAL_REF_REFUSED" },
  ])("$given fails with $want, every time it is asked", ({ given, want }) => {
    const resolve = createRefResolver(document);
    expect([codeOf(() => resolve(given)), codeOf(() => resolve(given))]).toEqual([want, want]);
  });

  test("given where the $ref stands, a failure names it as the pointer and in the message", () => {
    const resolve = createRefResolver(document);
    expect(() => resolve("#/components/schemas/missing", "#/paths/~1a/get/parameters/0")).toThrow(
      expect.objectContaining({
        code: "REF_NOT_FOUND",
        message: expect.stringContaining("(the $ref at #/paths/~1a/get/parameters/0)"),
        data: { pointer: "#/paths/~1a/get/parameters/0", ref: "#/components/schemas/missing" },
      }),
    );
  });
});
