import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createGeneratorSync } from "json-schema-faker";
import { OpenAPIBackend, type Operation } from "openapi-backend";
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { buildRequest } from "../../src/http/build-request.js";
import { listOperations } from "../../src/openapi/list-operations.js";
import { convertOperations } from "../../src/schema/convert-operations.js";

// An independent check of what leaves us: arguments that a tool's schema accepts (made by json-schema-faker) become
// requests that openapi-backend, which reads a request as a server routing on the spec would (path template, query
// styles, headers), finds valid against the spec; and a JSON body arrives as the arguments gave it.

const require = createRequire(import.meta.url);
const CORPUS = [
  { name: "GitHub", file: "@octokit/openapi/generated/api.github.com.json", operations: 1000 },
  { name: "Directus", file: "@directus/specs/dist/openapi.json", operations: 100 },
  { name: "Figma", file: "@figma/rest-api-spec/openapi/openapi.yaml", operations: 40 },
];
const SERVER_URL = "https://api.example.com";

/** The part of a request that is its parameters, where the instance paths of openapi-backend's errors start. */
const PARAMETER_LOCATIONS = /^\/(?:path|query|headers?|cookies?)(?:\/|$)/;

describe.each(CORPUS)("requests built for every $name operation, read as a server would", (spec) => {
  test("have the parameters the spec asks for, encoded as it says; JSON bodies arrive as given", async () => {
    const text = readFileSync(packageFile(spec.file), "utf8");
    const document = spec.file.endsWith(".yaml") ? parseYaml(text) : JSON.parse(text);
    const readAsServer = await serverReading(document);
    const operations = new Map(listOperations(document).map((operation) => [operation.id, operation]));
    const { tools } = convertOperations(document, { dialect: "openai", fixConstants: false });
    // Arrays of at most 10 items: the validator reads at most 1,000 query parameters (qs' parameterLimit).
    const arguments_ = createGeneratorSync({ seed: 7, optionalsProbability: 0.5, maxItems: 10 });
    const problems: string[] = [];
    for (const { operation: id, definition } of tools) {
      const operation = operations.get(id);
      if (operation === undefined) throw new Error(`${id} is not listed`);
      const args = arguments_.generate(definition.parameters) as Record<string, Record<string, unknown>>;
      // An empty path value would change the route: buildRequest refuses it (see build-request.test.ts).
      const path = args.path ?? {};
      for (const [name, value] of Object.entries(path)) if (value === "") path[name] = "x";
      const request = buildRequest(operation, args, { serverUrl: SERVER_URL });
      const url = new URL(request.url);
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      const serverOperation = readAsServer.operations.get(`${operation.method} ${operation.path}`);
      const read = readAsServer.validator.validateRequest(
        { method: request.method, path: decodeURI(url.pathname), query: url.search.slice(1), headers },
        serverOperation,
      );
      for (const error of read.errors ?? []) {
        // A value both branches of a oneOf accept (`-943` for integer or string) is the validator's ambiguity.
        const ambiguous = error.keyword === "oneOf" && Array.isArray(error.params.passingSchemas);
        if (PARAMETER_LOCATIONS.test(error.instancePath) && !ambiguous) {
          problems.push(`${id}: ${error.instancePath} ${error.message} (${request.url})`);
        }
      }
      if (headers["content-type"]?.includes("json") === true && args.body !== undefined) {
        expect(JSON.parse(request.body as string), id).toEqual(args.body);
      }
    }
    expect(problems).toEqual([]);
    expect(tools.length).toBeGreaterThan(spec.operations);
  }, 60_000);
});

/** openapi-backend over the spec, with its operations by `METHOD /path`. */
async function serverReading(
  document: unknown,
): Promise<{ validator: OpenAPIBackend; operations: Map<string, Operation> }> {
  // The validator's copy of the spec is its operations' parameters: bodies are checked by their round trip. Ajv
  // refuses `nullable` without `type`, which GitHub's spec writes in schemas; it says nothing of parameters.
  const definition = JSON.parse(JSON.stringify(document), (key, value) => {
    if (key === "requestBody") return undefined;
    if (typeof value === "object" && value !== null && "nullable" in value && !("type" in value)) {
      const { nullable: _nullable, ...rest } = value;
      return rest;
    }
    return value;
  });
  // The specs' own formats (`repo.nwo`) are not Ajv's: the logger that warns of each is off. Each validator runs
  // once: optimising its code would take longer than it saves.
  const ajvOpts = { strict: false, logger: false as const, code: { optimize: false } };
  const validator = new OpenAPIBackend({ definition, quick: true, strict: false, ajvOpts });
  await validator.init();
  // Compiled, and looked up, once: finding an operation by its id lists them all again each time.
  validator.validator.preCompileRequestValidators();
  const operations = new Map(
    validator.router
      .getOperations()
      .map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation]),
  );
  return { validator, operations };
}

/** A file inside an installed package, also when the package's `exports` do not list it (Directus ships its spec so). */
function packageFile(file: string): string {
  const [scope = "", name = "", ...rest] = file.split("/");
  const entry = require.resolve(`${scope}/${name}`);
  const root = entry.slice(0, entry.lastIndexOf(join(scope, name)) + join(scope, name).length);
  return join(root, ...rest);
}
