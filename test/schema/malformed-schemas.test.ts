import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isActionRecallError } from "../../src/errors/action-recall-error.js";
import { convertOperations } from "../../src/schema/convert-operations.js";
import { checkDialectRules } from "../../src/schema/dialects/index.js";
import { DIALECTS } from "../../src/schema/tool-definition.js";
import { findRefs } from "./find-refs.js";
import { parametersOf } from "./tool-parameters.js";

const ajv = new Ajv({ strict: false, allowUnionTypes: true, addUsedSchema: false, logger: false });

/** Values of every JSON type, including the malformed forms documents write (an empty enum, a negative length). */
const anyValue = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, "", "x", "String", "(", "#/components/schemas/Missing", [], {}),
  fc.constantFrom(["a", 1, "a"], [null], { a: 1 }, { type: "string" }, [{ type: "string" }], { $ref: 5 }),
);

const KEYWORDS = [
  "type",
  "description",
  "title",
  "format",
  "enum",
  "const",
  "default",
  "examples",
  "required",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "multipleOf",
  "minLength",
  "maxItems",
  "uniqueItems",
  "readOnly",
  "pattern",
  "nullable",
  "$ref",
  "items",
  "properties",
  "patternProperties",
  "additionalProperties",
  "dependencies",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
];

/** Schemas whose keywords hold any value or further schemas, with `$ref`s to the document's components. */
const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom({ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }, true),
    fc.dictionary(
      fc.constantFrom(...KEYWORDS),
      fc.oneof(
        anyValue,
        tie("schema"),
        fc.array(tie("schema"), { maxLength: 2 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie("schema"), { maxKeys: 2 }),
      ),
      { maxKeys: 5 },
    ),
  ),
}));

describe("malformed schemas", () => {
  test("property: every tool compiles, has no $ref and keeps its dialect's rules; failures are typed", () => {
    fc.assert(
      fc.property(schema, schema, schema, (body, componentA, componentB) => {
        const document = {
          openapi: "3.0.3",
          info: { title: "t", version: "1" },
          paths: {
            "/items/{id}": {
              post: {
                operationId: "update",
                parameters: [{ name: "id", in: "path", required: true, schema: componentA }],
                requestBody: { content: { "application/json": { schema: body } } },
              },
            },
          },
          components: { schemas: { A: componentA, B: componentB } },
        };
        for (const dialect of DIALECTS) {
          let result: ReturnType<typeof convertOperations>;
          try {
            result = convertOperations(document, { dialect, maxTokens: 400 });
          } catch (error) {
            expect(isActionRecallError(error)).toBe(true);
            continue;
          }
          for (const failure of result.failures) expect(failure.error.code).not.toBe("INTERNAL_ERROR");
          for (const { tool } of result.tools) {
            expect(checkDialectRules(tool, dialect)).toEqual([]);
            const parameters = parametersOf(tool);
            // Data may hold a `$ref` key (an example of a JSON Schema document); schemas may not.
            expect(findRefs(parameters)).toEqual([]);
            expect(() => ajv.compile(parameters)).not.toThrow();
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
