import type { FastifyInstance, FastifyRequest } from "fastify";
import { ActionRecallError } from "../errors/index.js";
import { findDeepNesting, MAX_VALUE_DEPTH } from "../openapi/find-deep-nesting.js";
import { shortPointer } from "../openapi/json-pointer.js";

/** Every `+json` media type (`application/vnd.api+json`), with or without parameters. */
const JSON_SUFFIX_TYPE = /^application\/[^;\s]+\+json\s*(?:;|$)/i;

/**
 * Replaces Fastify's JSON body parser with one that parses as Fastify's does (`secure-json-parse`: `__proto__` and
 * `constructor.prototype` keys are refused, an empty body is a 400) and then refuses a body nested deeper than
 * {@link MAX_VALUE_DEPTH} levels: INVALID_REQUEST (400) with the `pointer` where it gets too deep. `JSON.parse` reads
 * any depth, but the validators, copies and writers that walk a body recurse, and 100,000 levels overflow the stack.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  const parseShallowJson = async (request: FastifyRequest, body: string): Promise<unknown> => {
    const value = await new Promise<unknown>((resolve, reject) => {
      const done = (error: Error | null, parsed?: unknown) => (error === null ? resolve(parsed) : reject(error));
      void parseJson(request, body, done)?.then(resolve, reject);
    });
    const pointer = findDeepNesting(value);
    if (pointer === undefined) return value;
    throw new ActionRecallError(
      "INVALID_REQUEST",
      `The request body nests deeper than ${MAX_VALUE_DEPTH} levels, at ${shortPointer(pointer)}`,
      { data: { pointer: pointer.slice(0, 2000) } },
    );
  };
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, parseShallowJson);
  app.addContentTypeParser(JSON_SUFFIX_TYPE, { parseAs: "string" }, parseShallowJson);
}
