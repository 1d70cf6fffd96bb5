import { expect } from "vitest";
import { convertOperations } from "../../src/index.js";
import type { JsonObject } from "../../src/schema/json-schema.js";

/** The converted tool of a document with one operation, which must convert; `fixed` as `convertOperations` takes it. */
export function convertOneOperation(document: JsonObject, fixed?: Record<string, unknown>) {
  const { tools, failures } = convertOperations(document, fixed === undefined ? {} : { fixed });
  expect(failures).toEqual([]);
  const [tool] = tools;
  if (tool === undefined) throw new Error("no tool");
  return tool;
}
