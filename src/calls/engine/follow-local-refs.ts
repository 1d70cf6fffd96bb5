import { ActionRecallError } from "../../errors/action-recall-error.js";
import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import { createRefResolver, type RefResolver } from "../../openapi/ref-resolver.js";
import { MAX_SCHEMA_NESTING } from "../../schema/expansion-limits.js";

/** The keywords whose schemas arguments are typed by, besides `properties`: each holds a schema or a list of them. */
const TYPING_KEYWORDS = ["additionalProperties", "items", "prefixItems", "anyOf", "oneOf"] as const;
/** Every keyword typing reads: an `allOf` beside one of them adds to the schema, rather than naming another. */
const TYPED_BY = ["type", "properties", ...TYPING_KEYWORDS] as const;

/**
 * A tool's parameters schema as its arguments are typed by it: each local `$ref` (`#/$defs/Location`,
 * `#/definitions/Location`, an anchor) under `properties`, `additionalProperties`, `items`, `prefixItems`, `anyOf` and
 * `oneOf` replaced by the schema it names, as is an `allOf` of one schema beside no keyword typing reads (how
 * Pydantic wraps a `$ref` it describes). Keywords beside a `$ref` are left: in the schemas tools carry they annotate
 * it (`description`, `default`). A `$ref` to another document or to nothing, and a cycle of `$ref`s naming only one
 * another, are left as written: untyped, never fetched, never thrown.
 *
 * Each schema is made once, and the `$ref`s to it share it: a recursive schema (a tree's node) becomes a graph with
 * a cycle, as deep as any value, in time linear in the schema. Walk it along a value, or with a guard against
 * meeting a schema twice. Schemas nested past {@link MAX_SCHEMA_NESTING} levels are left as written. The input is
 * never changed.
 *
 * @example
 * followLocalRefs({ properties: { n: { $ref: "#/$defs/N" } }, $defs: { N: { type: "integer" } } });
 * // { properties: { n: { type: "integer" } }, $defs: {...} }
 */
export function followLocalRefs(parameters: unknown): unknown {
  return new RefFollower(parameters).follow(parameters, 0);
}

class RefFollower {
  private readonly resolve: RefResolver;
  /** Each schema written, by the one made of it: filled after it is put here, so a cycle finds it. */
  private readonly made = new Map<object, Record<string, unknown>>();

  constructor(document: unknown) {
    this.resolve = createRefResolver(document);
  }

  follow(schema: unknown, nesting: number): unknown {
    const named = this.namedSchema(schema);
    if (!isJsonObject(named) || nesting > MAX_SCHEMA_NESTING) return named;
    const found = this.made.get(named);
    if (found !== undefined) return found;
    const made: Record<string, unknown> = {};
    this.made.set(named, made);
    for (const [keyword, value] of Object.entries(named)) setOwnProperty(made, keyword, value);
    if (isJsonObject(named.properties)) {
      const properties: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(named.properties)) {
        setOwnProperty(properties, name, this.follow(property, nesting + 1));
      }
      made.properties = properties;
    }
    for (const keyword of TYPING_KEYWORDS) {
      const value = named[keyword];
      if (Array.isArray(value)) made[keyword] = value.map((item) => this.follow(item, nesting + 1));
      else if (isJsonObject(value)) made[keyword] = this.follow(value, nesting + 1);
    }
    return made;
  }

  /**
   * The schema `schema` stands for: the end of its chain of `$ref`s and lone `allOf`s, or `schema` as written when the
   * chain leads nowhere local or comes back on itself.
   */
  private namedSchema(schema: unknown): unknown {
    const chain = new Set<unknown>();
    let current = schema;
    while (isJsonObject(current) && !chain.has(current)) {
      const next = this.nextInChain(current);
      if (next === undefined) return current;
      chain.add(current);
      current = next;
    }
    return isJsonObject(current) ? schema : current;
  }

  /** The schema a `$ref`, or an `allOf` of one schema and nothing typing reads beside it, names; `undefined` if none. */
  private nextInChain(schema: Record<string, unknown>): unknown {
    const { $ref, allOf } = schema;
    if (typeof $ref === "string") return this.target($ref);
    if (!Array.isArray(allOf) || allOf.length !== 1) return undefined;
    return TYPED_BY.some((keyword) => schema[keyword] !== undefined) ? undefined : allOf[0];
  }

  /** What a `$ref` names in the tool's schema; `undefined` for another document's or a missing one. */
  private target(ref: string): unknown {
    try {
      return this.resolve(ref);
    } catch (error) {
      if (error instanceof ActionRecallError) return undefined;
      throw error;
    }
  }
}
