import { InvalidArgumentsError, kindOf } from "../errors/invalid-arguments-error.js";
import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";

/** `unique_identity` key → the tool argument that carries it (`order_id`, or `unique_identity_order_id`). */
export type IdentityArgumentNames = ReadonlyMap<string, string>;

/**
 * The argument name of each identity key: the key itself, or `unique_identity_<key>` where the tool already has an
 * argument of that name.
 *
 * @example
 * identityArgumentNames(["order_id"], { type: "object", properties: { body: {} } }); // Map {"order_id" => "order_id"}
 */
export function identityArgumentNames(
  keys: readonly string[],
  inputSchema: Record<string, unknown>,
): IdentityArgumentNames {
  const properties = isJsonObject(inputSchema.properties) ? inputSchema.properties : {};
  return new Map(keys.map((key) => [key, Object.hasOwn(properties, key) ? `unique_identity_${key}` : key]));
}

/**
 * The tool's input schema with the identity arguments added first and required: a string each, as identities are
 * (an embedded template writes the value into a string anyway).
 */
export function withIdentityArguments(
  inputSchema: Record<string, unknown>,
  names: IdentityArgumentNames,
): Record<string, unknown> {
  if (names.size === 0) return inputSchema;
  const properties: Record<string, unknown> = {};
  for (const [key, name] of names) {
    setOwnProperty(properties, name, {
      type: "string",
      description: `The ${key} of the object the action applies to (its unique_identity.${key}).`,
    });
  }
  const own = isJsonObject(inputSchema.properties) ? inputSchema.properties : {};
  for (const [name, schema] of Object.entries(own)) setOwnProperty(properties, name, schema);
  const required = Array.isArray(inputSchema.required) ? inputSchema.required : [];
  return { ...inputSchema, type: "object", properties, required: [...names.values(), ...required] };
}

/**
 * Splits a call's arguments into the identity they carry and the tool's own arguments. A missing identity argument, or
 * one that is not a string, is INVALID_ARGUMENTS naming it, in Ajv's issue shape.
 *
 * @example
 * takeIdentityArguments({ order_id: "ord_1", query: {} }, new Map([["order_id", "order_id"]]));
 * // {identity: {order_id: "ord_1"}, args: {query: {}}}
 */
export function takeIdentityArguments(
  args: Record<string, unknown>,
  names: IdentityArgumentNames,
): { identity: Record<string, unknown>; args: Record<string, unknown> } {
  const identity: Record<string, unknown> = {};
  const rest: Record<string, unknown> = { ...args };
  for (const [key, name] of names) {
    const value = Object.hasOwn(args, name) ? args[name] : undefined;
    if (value === undefined) {
      throw new InvalidArgumentsError(`The arguments lack "${name}", the ${key} of the object the action applies to`, [
        {
          instancePath: "",
          schemaPath: "#/required",
          keyword: "required",
          params: { missingProperty: name },
          message: `must have required property '${name}'`,
          location: name,
        },
      ]);
    }
    if (typeof value !== "string") {
      throw new InvalidArgumentsError(`The argument "${name}" must be a string, not ${kindOf(value)}`, [
        {
          instancePath: `/${name}`,
          schemaPath: `#/properties/${name}/type`,
          keyword: "type",
          params: { type: "string" },
          message: "must be string",
          location: name,
        },
      ]);
    }
    setOwnProperty(identity, key, value);
    delete rest[name];
  }
  return { identity, args: rest };
}
