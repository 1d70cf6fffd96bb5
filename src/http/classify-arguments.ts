import { ActionRecallError } from "../errors/action-recall-error.js";
import { closestName } from "../errors/closest-name.js";
import { nestedTooDeepError, notAnObjectError } from "../errors/invalid-arguments-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { MAX_VALUE_DEPTH } from "../openapi/find-deep-nesting.js";
import { escapeJsonPointerToken, shortPointer } from "../openapi/json-pointer.js";
import type { ArgumentSection, OperationSpec, ParameterLocation, ParameterSpec } from "../openapi/operation-spec.js";
import { findParameter, parameterNames } from "./find-parameter.js";
import {
  ARGUMENT_SECTIONS,
  createLayeredArguments,
  createRecord,
  isPlainObject,
  type LayeredArguments,
  PARAMETER_SECTIONS,
} from "./layered-arguments.js";
import { collectProperties, resolveSchema } from "./resolve-schema.js";

/** Options of {@link classifyArguments}. */
export interface ClassifyArgumentsOptions {
  /** The operation whose parameter locations sort flat arguments; required for flat arguments. */
  operation?: OperationSpec | undefined;
  /**
   * Whether every layered name must be a declared parameter. True for model-written arguments (a model must not
   * invent headers); false for caller-fixed values, which may carry undeclared headers such as `authorization`.
   */
  declaredOnly?: boolean;
  /** What the arguments are, for messages: `"arguments"` or `"fixed parameters"`. */
  subject?: string;
}

/**
 * Sorts arguments into {@link LayeredArguments}. Layered input (`{path: {...}, query: {...}, body: ...}`: every key is
 * a section and every parameter section is an object) is taken as is. Flat input (`{kn_id, limit}`) is sorted by the
 * operation's parameter locations, as seed 000's Python tool does; a name that is no parameter goes into the body
 * when the body is an object. A flat name found in two locations is ambiguous, and one found nowhere is unknown.
 * When both readings fit (`{query: {...}}` for an operation with a parameter named `query`), the layered one wins.
 * One parameter given twice (`{id: "1", path: {id: "2"}}`, or a header in two cases) is `AMBIGUOUS_ARGUMENT`, never
 * one value silently chosen. The arguments are never mutated.
 */
export function classifyArguments(args: unknown, options: ClassifyArgumentsOptions = {}): LayeredArguments {
  checkObjectArgument("classifyArguments", "options", options, true);
  const subject = options.subject ?? "arguments";
  if (!isPlainObject(args)) {
    throw notAnObjectError(subject, args);
  }
  const problem = findArgumentProblem(args, 0);
  if (problem !== undefined) {
    const pointer = problem.tokens.reduceRight((at, token) => `${at}/${escapeJsonPointerToken(token)}`, "");
    if (problem.kind === "nesting") throw nestedTooDeepError(subject, pointer, MAX_VALUE_DEPTH);
    throw new ActionRecallError(
      "INVALID_ARGUMENTS",
      `The ${subject} hold a ${problem.kind} at ${shortPointer(pointer)}: a request carries JSON values only`,
      { data: { pointer } },
    );
  }
  let layered: LayeredArguments;
  if (isLayeredShape(args)) layered = classifyLayered(args, options);
  else if (options.operation === undefined) {
    throw new ActionRecallError(
      "INVALID_ARGUMENTS",
      `The ${subject} are flat (${Object.keys(args).join(", ")}): pass the operation so each name can be placed at its location, or pass layered {path, query, header, cookie, body} arguments`,
    );
  } else layered = classifyFlat(args, options.operation, options.declaredOnly === true);
  checkHeadersOnce(layered.header, options.operation);
  return layered;
}

/**
 * Throws `AMBIGUOUS_ARGUMENT` for a header given in two cases that no declared parameter put under one name (without
 * the operation, or one it does not declare): both would be sent, and the server would read either.
 */
function checkHeadersOnce(header: Record<string, unknown>, operation: OperationSpec | undefined): void {
  const names = Object.keys(header);
  if (names.length < 2) return;
  const seen = new Map<string, string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) throw givenTwiceError(`header.${name}`, "header", earlier, operation);
    seen.set(lower, name);
  }
}

/**
 * What makes arguments unfit to send, found in one walk: nesting past {@link MAX_VALUE_DEPTH} levels (writing them
 * recurses), or a value JSON cannot write (a function, a symbol: only a JavaScript caller passes one, and writing it
 * would throw a `TypeError` or drop it). Its keys come innermost first; the walk never recurses past the limit.
 */
function findArgumentProblem(value: unknown, depth: number): { kind: string; tokens: string[] } | undefined {
  const kind = typeof value;
  if (kind === "function" || kind === "symbol") return { kind, tokens: [] };
  if (value === null || kind !== "object") return undefined;
  if (depth > MAX_VALUE_DEPTH) return { kind: "nesting", tokens: [] };
  for (const key in value as object) {
    if (!Object.hasOwn(value as object, key)) continue;
    const found = findArgumentProblem((value as Record<string, unknown>)[key], depth + 1);
    if (found === undefined) continue;
    found.tokens.push(key);
    return found;
  }
  return undefined;
}

/** Layered when every key names a section and every parameter section holds an object (or nothing). */
function isLayeredShape(args: Record<string, unknown>): boolean {
  return Object.entries(args).every(
    ([key, value]) =>
      (ARGUMENT_SECTIONS as readonly string[]).includes(key) &&
      (key === "body" || value === undefined || value === null || isPlainObject(value)),
  );
}

function classifyLayered(args: Record<string, unknown>, options: ClassifyArgumentsOptions): LayeredArguments {
  const layered = createLayeredArguments();
  for (const section of ARGUMENT_SECTIONS) {
    addSection(layered, section, args[section], options.operation, options.declaredOnly === true);
  }
  return layered;
}

/**
 * Copies one section's members into `layered`, each under its declared name (header names as the spec writes them).
 * With `declaredOnly`, a member the operation does not declare, or one left out of its tool, is `UNKNOWN_PARAMETER`,
 * and so is a body for an operation that takes none. Flat arguments' sections come through here too, so a section
 * beside flat names is checked like one in layered arguments.
 */
function addSection(
  layered: LayeredArguments,
  section: ArgumentSection,
  value: unknown,
  operation: OperationSpec | undefined,
  declaredOnly: boolean,
): void {
  if (section === "body") {
    if (value === undefined) return;
    if (operation !== undefined && declaredOnly && operation.requestBody === undefined) {
      throw new ActionRecallError("UNKNOWN_PARAMETER", `Operation ${operation.id} takes no request body`, {
        data: { parameter: "body", operation: operation.id },
      });
    }
    layered.body = value;
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [name, member] of Object.entries(value)) {
    if (member === undefined) continue;
    const parameter = findParameter(operation, section, name);
    if (operation !== undefined && declaredOnly) {
      if (parameter === undefined) {
        throw unknownParameter(operation, `${section}.${name}`, name, parameterNames(operation, section), section);
      }
      if (parameter.ignored !== undefined) throw ignoredParameter(operation, parameter);
    }
    setOnce(layered, section, parameter?.name ?? name, member, `${section}.${name}`, operation);
  }
}

/**
 * Sets a parameter, which the arguments must not have set already: a flat name beside a section that holds it too, or
 * one header written in two cases, would otherwise leave whichever came last.
 */
function setOnce(
  layered: LayeredArguments,
  section: ArgumentSection,
  name: string,
  value: unknown,
  given: string,
  operation: OperationSpec | undefined,
): void {
  const values = section === "body" ? (layered.body as Record<string, unknown>) : layered[section];
  if (Object.hasOwn(values, name)) throw givenTwiceError(given, section, name, operation);
  values[name] = value;
}

function classifyFlat(
  args: Record<string, unknown>,
  operation: OperationSpec,
  declaredOnly: boolean,
): LayeredArguments {
  const layered = createLayeredArguments();
  const { bodyProperties, acceptsExtraBodyMembers } = readBodyFacts(operation);
  const members: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const locations = locateFlatName(operation, name, bodyProperties);
    const [location, ...others] = locations;
    if (others.length > 0) {
      const places = locations.map((found) => `${found.section}.${found.name}`);
      throw new ActionRecallError(
        "AMBIGUOUS_ARGUMENT",
        `Argument "${name}" of ${operation.id} matches ${places.join(" and ")}: pass layered arguments ({${locations.map((found) => found.section).join(", ")}}) to say which`,
        { data: { parameter: name, operation: operation.id, locations: places } },
      );
    }
    if (location !== undefined && location.section !== "body") {
      if (declaredOnly && location.parameter?.ignored !== undefined)
        throw ignoredParameter(operation, location.parameter);
      setOnce(layered, location.section, location.name, value, name, operation);
    } else if (location === undefined && isSectionOnItsOwn(name, value)) {
      // A section name no parameter claims keeps its layered meaning, so `{path: {...}, limit: 5}` works too.
      addSection(layered, name as ArgumentSection, value, operation, declaredOnly);
    } else if (location !== undefined || acceptsExtraBodyMembers) {
      members.push([name, value]);
    } else {
      const known = [...operation.parameters.map((parameter) => parameter.name), ...bodyProperties.keys()];
      throw unknownParameter(operation, name, name, known);
    }
  }
  if (members.length > 0) {
    layered.body = bodyObject(layered, operation);
    for (const [name, value] of members) setOnce(layered, "body", name, value, name, operation);
  }
  return layered;
}

interface FoundLocation {
  section: ArgumentSection;
  name: string;
  /** The parameter found, for a parameter section. */
  parameter?: ParameterSpec;
}

function locateFlatName(operation: OperationSpec, name: string, bodyProperties: Map<string, unknown>): FoundLocation[] {
  const found: FoundLocation[] = [];
  for (const location of PARAMETER_SECTIONS) {
    const parameter = findParameter(operation, location, name);
    if (parameter !== undefined) found.push({ section: location, name: parameter.name, parameter });
  }
  if (bodyProperties.has(name)) found.push({ section: "body", name });
  return found;
}

function isSectionOnItsOwn(name: string, value: unknown): boolean {
  return (ARGUMENT_SECTIONS as readonly string[]).includes(name) && (name === "body" || isPlainObject(value));
}

/** What flat classification needs to know about an operation's body. */
interface BodyFacts {
  bodyProperties: Map<string, unknown>;
  /** True when the body is an object that admits members beyond its declared properties. */
  acceptsExtraBodyMembers: boolean;
}

/** Operations are plain data that is never mutated, so their body facts are worked out once per operation. */
const bodyFactsCache = new WeakMap<OperationSpec, BodyFacts>();

function readBodyFacts(operation: OperationSpec): BodyFacts {
  const cached = bodyFactsCache.get(operation);
  if (cached !== undefined) return cached;
  const requestBody = operation.requestBody;
  const facts: BodyFacts = { bodyProperties: new Map(), acceptsExtraBodyMembers: false };
  if (requestBody !== undefined) {
    const schema = resolveSchema(operation, requestBody.schema);
    const type = schema.type;
    facts.bodyProperties = collectProperties(operation, requestBody.schema);
    facts.acceptsExtraBodyMembers =
      schema.additionalProperties !== false &&
      (/^(application\/x-www-form-urlencoded|multipart\/)/i.test(requestBody.mediaType) ||
        type === "object" ||
        (Array.isArray(type) && type.includes("object")) ||
        (type === undefined && (isPlainObject(schema.properties) || Array.isArray(schema.allOf))));
  }
  bodyFactsCache.set(operation, facts);
  return facts;
}

/** A new object with the body's members so far, for flat body members to join (the caller's `body` is not theirs). */
function bodyObject(layered: LayeredArguments, operation: OperationSpec): Record<string, unknown> {
  if (layered.body === undefined) return createRecord();
  if (!isPlainObject(layered.body)) {
    throw new ActionRecallError(
      "INVALID_ARGUMENTS",
      `The body of ${operation.id} was given whole and as separate members; give one or the other`,
      { data: { parameter: "body", operation: operation.id } },
    );
  }
  return Object.assign(createRecord(), layered.body);
}

/** One parameter given a second value, by the argument `given`. */
function givenTwiceError(
  given: string,
  section: ArgumentSection,
  name: string,
  operation: OperationSpec | undefined,
): ActionRecallError {
  const parameter = `${section}.${name}`;
  const of = operation === undefined ? "" : ` of ${operation.id}`;
  return new ActionRecallError(
    "AMBIGUOUS_ARGUMENT",
    `Argument "${given}"${of} gives ${parameter} a second value: give each parameter once`,
    { data: operation === undefined ? { parameter } : { parameter, operation: operation.id } },
  );
}

/** A model wrote a parameter that is left out of its tool (see `ParameterSpec.ignored`): only callers set those. */
function ignoredParameter(operation: OperationSpec, parameter: ParameterSpec): ActionRecallError {
  const name = `${parameter.in}.${parameter.name}`;
  return new ActionRecallError(
    "UNKNOWN_PARAMETER",
    `"${name}" is left out of ${operation.id}'s tool (${parameter.ignored ?? ""}): arguments may not set it`,
    { data: { parameter: name, operation: operation.id } },
  );
}

function unknownParameter(
  operation: OperationSpec,
  parameter: string,
  name: string,
  known: string[],
  location?: ParameterLocation,
): ActionRecallError {
  const suggestion = closestName(name, known);
  const hint = suggestion === undefined ? "" : `; did you mean "${location ? `${location}.` : ""}${suggestion}"?`;
  const where = location === undefined ? "a parameter or body member" : `a ${location} parameter`;
  return new ActionRecallError(
    "UNKNOWN_PARAMETER",
    `"${parameter}" is not ${where} of ${operation.id}${hint}`,
    suggestion === undefined
      ? { data: { parameter, operation: operation.id } }
      : { data: { parameter, operation: operation.id, suggestion } },
  );
}
