import { describe, expect, test } from "vitest";
import {
  identityArgumentNames,
  takeIdentityArguments,
  withIdentityArguments,
} from "../../src/server/mcp-identity-arguments.js";

describe("identityArgumentNames", () => {
  test.each([
    { given: { keys: ["order_id"], properties: { path: {}, body: {} } }, want: [["order_id", "order_id"]] },
    {
      given: { keys: ["order_id", "tenant"], properties: { order_id: {}, note: {} } },
      want: [
        ["order_id", "unique_identity_order_id"],
        ["tenant", "tenant"],
      ],
    },
    { given: { keys: [], properties: { order_id: {} } }, want: [] },
  ])("$given.keys beside $given.properties", ({ given, want }) => {
    const names = identityArgumentNames(given.keys, { type: "object", properties: given.properties });
    expect([...names]).toEqual(want);
  });
});

test("withIdentityArguments puts the identity arguments first and requires them, the tool's own kept", () => {
  const schema = { type: "object", properties: { order_id: { type: "integer" } }, required: ["order_id"] };
  const names = new Map([["order_id", "unique_identity_order_id"]]);
  expect(withIdentityArguments(schema, names)).toEqual({
    type: "object",
    properties: {
      unique_identity_order_id: {
        type: "string",
        description: "The order_id of the object the action applies to (its unique_identity.order_id).",
      },
      order_id: { type: "integer" },
    },
    required: ["unique_identity_order_id", "order_id"],
  });
});

describe("takeIdentityArguments", () => {
  const names = new Map([["order_id", "unique_identity_order_id"]]);

  test("takes the identity out, leaving the tool's own argument of the same key", () => {
    expect(takeIdentityArguments({ unique_identity_order_id: "ord_1", order_id: 7 }, names)).toEqual({
      identity: { order_id: "ord_1" },
      args: { order_id: 7 },
    });
  });

  test.each([
    { given: {}, want: { keyword: "required", params: { missingProperty: "unique_identity_order_id" } } },
    {
      given: { unique_identity_order_id: 1002 },
      want: { keyword: "type", instancePath: "/unique_identity_order_id", params: { type: "string" } },
    },
  ])("$given is INVALID_ARGUMENTS naming the argument", ({ given, want }) => {
    expect(() => takeIdentityArguments(given, names)).toThrow(
      expect.objectContaining({ code: "INVALID_ARGUMENTS", data: { issues: [expect.objectContaining(want)] } }),
    );
  });
});
