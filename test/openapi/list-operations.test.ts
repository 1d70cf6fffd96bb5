import { describe, expect, test } from "vitest";
import { chooseMediaType } from "../../src/openapi/choose-media-type.js";
import { listOperations, readOperations } from "../../src/openapi/list-operations.js";
import { mediaTypeEssence } from "../../src/openapi/media-type-essence.js";
import { selectOperations } from "../../src/openapi/select-operations.js";
import type { JsonObject } from "../../src/schema/json-schema.js";

const document = {
  openapi: "3.0.3",
  servers: [{ url: "https://api.example.com/v1" }],
  paths: {
    "/users/{id}": {
      parameters: [
        { name: "id", in: "path", schema: { type: "string" } },
        { name: "X-Trace", in: "header", schema: { type: "string" } },
      ],
      get: {
        summary: "Get a user",
        parameters: [
          { name: "X-Trace", in: "header", required: true, schema: { type: "integer" } },
          { name: "id", in: "query", schema: { type: "string" } },
        ],
      },
      post: {
        operationId: "updateUser",
        requestBody: { $ref: "#/components/requestBodies/User" },
        parameters: [{ $ref: "#/components/parameters/Verbose" }],
      },
    },
  },
  components: {
    parameters: { Verbose: { name: "verbose", in: "query", schema: { type: "boolean" } } },
    requestBodies: {
      User: {
        required: true,
        content: {
          "text/plain": { schema: { type: "string" } },
          "application/vnd.user+json; charset=utf-8": { schema: { type: "object" } },
        },
      },
    },
  },
};

describe("listOperations", () => {
  const operations = listOperations(document);

  test("ids are the operationId or METHOD /path, in document order", () => {
    expect(operations.map((operation) => operation.id)).toEqual(["GET /users/{id}", "updateUser"]);
  });

  test("path-level parameters merge; the operation wins on the same name and location; path params are required", () => {
    expect(
      operations[0]?.parameters.map(({ name, in: location, required, schema }) => ({
        name,
        location,
        required,
        schema,
      })),
    ).toEqual([
      { name: "id", location: "path", required: true, schema: { type: "string" } },
      { name: "X-Trace", location: "header", required: true, schema: { type: "integer" } },
      { name: "id", location: "query", required: false, schema: { type: "string" } },
    ]);
  });

  test("20,000 path-level parameters merge with 10,000 of the operation's as a handful do: the operation's last", () => {
    const parameter = (index: number, description: string) => ({ name: `p${index}`, in: "query", description });
    const pathLevel = Array.from({ length: 20_000 }, (_, index) => parameter(index, "path"));
    const operationLevel = Array.from({ length: 10_000 }, (_, index) => parameter(index, "operation"));
    const [listed] = listOperations({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: { "/x": { parameters: pathLevel, get: { parameters: operationLevel } } },
    });
    const merged = listed?.parameters.map(({ name, description }) => `${name} ${description}`);
    expect(merged).toHaveLength(20_000);
    expect(merged?.slice(0, 2)).toEqual(["p10000 path", "p10001 path"]);
    expect(merged?.slice(9_999, 10_001)).toEqual(["p19999 path", "p0 operation"]);
    expect(merged?.at(-1)).toBe("p9999 operation");
  });

  describe("header names are one header in any case (RFC 9110): the later definition wins, as for other names", () => {
    const header = (name: string, extra: JsonObject) => ({ name, in: "header", ...extra });
    const listHeaders = (pathLevel: JsonObject[], operationLevel: JsonObject[]) => {
      const [listed] = listOperations({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        paths: { "/x": { parameters: pathLevel, get: { parameters: operationLevel } } },
      });
      return listed?.parameters.map(({ name, in: location, required, schema }) => ({
        name,
        location,
        required,
        schema,
      }));
    };
    const operationHeader = { name: "x-req", location: "header", required: false, schema: { enum: ["a", "b"] } };

    test("the operation's header replaces the path item's", () => {
      const pathLevel = [header("X-Req", { required: true, schema: {} }), { name: "X-Req", in: "query" }];
      const operationLevel = [header("x-req", { schema: { enum: ["a", "b"] } })];
      expect(listHeaders(pathLevel, operationLevel)).toEqual([
        { name: "X-Req", location: "query", required: false, schema: {} },
        operationHeader,
      ]);
    });

    test("within one list, the later replaces the earlier", () => {
      const operationLevel = [header("X-Req", { required: true }), header("x-req", { schema: { enum: ["a", "b"] } })];
      expect(listHeaders([], operationLevel)).toEqual([operationHeader]);
    });

    test("in lists long enough to be merged by a map too", () => {
      const queries = Array.from({ length: 40 }, (_, index) => ({ name: `q${index}`, in: "query" }));
      const merged = listHeaders(
        [header("X-Req", { required: true }), ...queries],
        [header("x-req", { schema: { enum: ["a", "b"] } })],
      );
      expect(merged).toHaveLength(41);
      expect(merged?.filter(({ location }) => location === "header")).toEqual([operationHeader]);
    });
  });

  test("tags keep only the names, in order", () => {
    const tagged = {
      openapi: "3.0.3",
      paths: {
        "/a": { get: { tags: ["users", "admin"] } },
        "/b": { get: { tags: ["users", 7, null, "beta"] } },
      },
    };
    expect(listOperations(tagged).map((operation) => operation.tags)).toEqual([
      ["users", "admin"],
      ["users", "beta"],
    ]);
  });

  test("$ref'ed parameters and request bodies are resolved, and JSON is the chosen media type", () => {
    const update = operations[1];
    expect(update?.parameters.map((parameter) => [parameter.name, parameter.pointer])).toEqual([
      ["id", "#/paths/~1users~1{id}/parameters/0"],
      ["X-Trace", "#/paths/~1users~1{id}/parameters/1"],
      ["verbose", "#/components/parameters/Verbose"],
    ]);
    expect(update?.requestBody).toMatchObject({
      required: true,
      mediaType: "application/vnd.user+json; charset=utf-8",
      mediaTypes: ["text/plain", "application/vnd.user+json; charset=utf-8"],
      pointer: "#/components/requestBodies/User",
    });
    expect(update?.serverUrl).toBe("https://api.example.com/v1");
  });
});

describe("readOperations", () => {
  const broken = {
    openapi: "3.0.3",
    paths: {
      "/a": {
        get: { parameters: [{ $ref: "#/components/parameters/Gone" }] },
        post: { requestBody: { $ref: "#/components/requestBodies/Gone" } },
        put: { parameters: [{ $ref: "#/components/parameters/Shared" }] },
        delete: { parameters: [{ $ref: "#/components/parameters/Shared" }] },
      },
    },
    components: { parameters: { Shared: { name: "limit", in: "query", schema: { type: "integer" } } } },
  };
  const [get, post, put, remove] = readOperations(broken);

  test.each([
    { name: "a parameter", given: get, where: "#/paths/~1a/get/parameters/0", ref: "#/components/parameters/Gone" },
    {
      name: "a request body",
      given: post,
      where: "#/paths/~1a/post/requestBody",
      ref: "#/components/requestBodies/Gone",
    },
  ])("$name $ref to nothing fails that operation, naming where the $ref stands", ({ given, where, ref }) => {
    expect(given?.operation).toBeUndefined();
    expect(given?.error).toMatchObject({
      code: "REF_NOT_FOUND",
      message: expect.stringContaining(`the $ref at ${where}`),
      data: { pointer: where, ref },
    });
  });

  test("extensions of the Paths Object are not paths (apicurio's x-codegen-contextRoot)", () => {
    const document = { openapi: "3.0.3", paths: { "x-codegen-contextRoot": "/api", "/a": { get: {} } } };
    expect(readOperations(document).map((listed) => listed.id)).toEqual(["GET /a"]);
  });

  // AutoRest's extension for operations one path and method cannot tell apart; Azure's specs use it.
  test("x-ms-paths operations follow those of paths, at their own pointers", () => {
    const document = {
      openapi: "3.0.3",
      paths: { "/pets": { get: {} } },
      "x-ms-paths": { "x-note": "kept", "/pets?color={color}": { get: { operationId: "ListByColor" } } },
    };
    expect(readOperations(document).map(({ id, operation }) => [id, operation?.pointer])).toEqual([
      ["GET /pets", "#/paths/~1pets/get"],
      ["ListByColor", "#/x-ms-paths/~1pets?color={color}/get"],
    ]);
    expect(() => readOperations({ openapi: "3.0.3", paths: {}, "x-ms-paths": [] })).toThrow(
      expect.objectContaining({ code: "INVALID_DOCUMENT", data: { pointer: "#/x-ms-paths" } }),
    );
  });

  test("operations that $ref one component parameter share one ParameterSpec, pointing at the component", () => {
    const [first] = put?.operation?.parameters ?? [];
    expect(first).toMatchObject({ name: "limit", pointer: "#/components/parameters/Shared" });
    expect(remove?.operation?.parameters[0]).toBe(first);
  });
});

describe("OpenAPI 3.2", () => {
  const document: JsonObject = {
    openapi: "3.2.0",
    paths: {
      "/files/{name}": {
        query: { operationId: "searchFiles" },
        put: {
          operationId: "putWithQuerystring",
          parameters: [
            { name: "q", in: "querystring", content: { "application/json": { schema: { type: "object" } } } },
          ],
        },
        additionalOperations: {
          COPY: { operationId: "copyFile" },
          lock: {},
          GET: { operationId: "shadowsGet" },
          "NOT A METHOD": {},
        },
      },
    },
  };
  const listed = readOperations(document);

  test("a querystring parameter is read into the query section, marked as the whole query string", () => {
    const operation = listed.find((entry) => entry.id === "putWithQuerystring")?.operation;
    expect(operation?.parameters.filter((parameter) => parameter.in === "query")).toEqual([
      {
        name: "q",
        in: "query",
        required: false,
        schema: { type: "object" },
        contentType: "application/json",
        wholeQueryString: true,
        pointer: "#/paths/~1files~1{name}/put/parameters/0",
      },
    ]);
  });

  test("the QUERY method and additionalOperations are operations, each with its method", () => {
    expect(
      listed
        .filter(({ id }) => id !== "putWithQuerystring")
        .slice(0, 3)
        .map(({ id, method, operation }) => [id, method, operation?.pointer]),
    ).toEqual([
      ["searchFiles", "QUERY", "#/paths/~1files~1{name}/query"],
      ["copyFile", "COPY", "#/paths/~1files~1{name}/additionalOperations/COPY"],
      ["LOCK /files/{name}", "LOCK", "#/paths/~1files~1{name}/additionalOperations/lock"],
    ]);
  });

  test.each([
    { index: 4, key: "GET", reason: "has its own field in a path item" },
    { index: 5, key: "NOT A METHOD", reason: "is not an HTTP method" },
  ])("an additionalOperations key that $reason fails that operation, naming it", ({ index, key, reason }) => {
    const pointer = `#/paths/~1files~1{name}/additionalOperations/${key}`;
    expect(listed[index]?.operation).toBeUndefined();
    expect(listed[index]?.error).toMatchObject({
      code: "INVALID_DOCUMENT",
      message: `${pointer}: "${key}" ${reason}`,
      data: { pointer },
    });
  });
});

describe("server URLs", () => {
  const withServers = (servers: JsonObject[], pathServers?: JsonObject[]): JsonObject => ({
    openapi: "3.0.3",
    servers,
    paths: { "/a": pathServers === undefined ? { get: {} } : { servers: pathServers, get: {} } },
  });

  test.each([
    {
      name: "variables take their defaults",
      servers: [
        {
          url: "https://{tenant}.example.com:{port}/{version}",
          variables: {
            tenant: { default: "acme", enum: ["acme", "demo"] },
            port: { default: "8443" },
            version: { default: "v2" },
          },
        },
      ],
      want: "https://acme.example.com:8443/v2",
    },
    {
      name: "a variable without a default stays written, for the request to name",
      servers: [{ url: "https://{tenant}.example.com/{version}", variables: { version: { default: "v2" } } }],
      want: "https://{tenant}.example.com/v2",
    },
    {
      name: "only the first server counts",
      servers: [{ url: "https://one.example.com" }, { url: "https://two.example.com" }],
      want: "https://one.example.com",
    },
  ])("$name", ({ servers, want }) => {
    expect(listOperations(withServers(servers))[0]?.serverUrl).toBe(want);
  });

  test("a path item's servers, variables and all, win over the document's", () => {
    const pathServers = [{ url: "https://{zone}.example.com", variables: { zone: { default: "eu" } } }];
    expect(listOperations(withServers([{ url: "https://api.example.com" }], pathServers))[0]?.serverUrl).toBe(
      "https://eu.example.com",
    );
  });
});

describe("$ref'ed path items", () => {
  const things = {
    summary: "Things",
    parameters: [{ name: "tenant", in: "header", schema: { type: "string" } }],
    get: { operationId: "listThings", parameters: [{ name: "q", in: "query", schema: { type: "string" } }] },
    delete: {},
  };
  const withPathItems = (paths: JsonObject): JsonObject => ({
    openapi: "3.1.0",
    servers: [{ url: "https://api.example.com" }],
    components: { pathItems: { Things: things, Alias: { $ref: "#/components/pathItems/Things" } } },
    paths,
  });

  test("a path item's $ref (OAS 3.1 components/pathItems) is followed, hop after hop", () => {
    const operations = listOperations(withPathItems({ "/things": { $ref: "#/components/pathItems/Alias" } }));
    expect(operations.map((operation) => operation.id)).toEqual(["listThings", "DELETE /things"]);
    expect(operations[0]).toMatchObject({
      path: "/things",
      summary: "Things",
      pointer: "#/components/pathItems/Things/get",
      parameters: [
        { name: "tenant", in: "header" },
        { name: "q", in: "query" },
      ],
    });
  });

  test("keys beside the $ref win over the target's", () => {
    const [operation] = listOperations(
      withPathItems({
        "/things": {
          $ref: "#/components/pathItems/Things",
          summary: "Mine",
          servers: [{ url: "https://eu.example.com" }],
        },
      }),
    );
    expect(operation).toMatchObject({ summary: "Mine", serverUrl: "https://eu.example.com" });
    expect(things.summary).toBe("Things");
  });

  test.each([
    {
      name: "to nothing",
      ref: "#/components/pathItems/Gone",
      want: { code: "REF_NOT_FOUND", data: { pointer: "#/paths/~1things" } },
    },
    {
      name: "to another file",
      ref: "paths/things.yaml",
      want: { code: "EXTERNAL_REF_REFUSED", data: { pointer: "#/paths/~1things" } },
    },
    {
      name: "to a string",
      ref: "#/servers/0/url",
      want: { code: "INVALID_DOCUMENT", data: { pointer: "#/servers/0/url" } },
    },
  ])("a path item's $ref $name fails the document, naming where it stands", ({ ref, want }) => {
    const { code, data } = want;
    expect(() => listOperations(withPathItems({ "/things": { $ref: ref } }))).toThrow(
      expect.objectContaining({ code, data: expect.objectContaining(data) }),
    );
  });

  test("a loop of path item $refs fails the document instead of hanging", () => {
    const document = withPathItems({ "/things": { $ref: "#/paths/~1other" }, "/other": { $ref: "#/paths/~1things" } });
    expect(() => listOperations(document)).toThrow(
      expect.objectContaining({ code: "REF_NOT_FOUND", message: expect.stringMatching(/loops/) }),
    );
  });
});

describe("chooseMediaType", () => {
  test.each([
    { given: ["application/xml", "application/json"], want: "application/json" },
    { given: ["text/plain", "application/problem+json"], want: "application/problem+json" },
    { given: ["multipart/form-data", "application/x-www-form-urlencoded"], want: "application/x-www-form-urlencoded" },
    { given: ["text/plain", "multipart/form-data"], want: "multipart/form-data" },
    { given: ["application/octet-stream", "text/plain"], want: "text/plain" },
    { given: ["application/octet-stream"], want: "application/octet-stream" },
    { given: ["application/vnd.a+json", "application/vnd.b+json"], want: "application/vnd.a+json" },
    {
      given: ["application/x-www-form-urlencoded", "Application/JSON; charset=utf-8"],
      want: "Application/JSON; charset=utf-8",
    },
    { given: ["text/plain", "multipart/mixed"], want: "multipart/mixed" },
    { given: ["application/octet-stream", "*/*"], want: "*/*" },
    // Kubernetes' patch operations: an object body fits a merge patch, not a JSON Patch (an array of operations).
    {
      given: ["application/json-patch+json", "application/merge-patch+json", "application/strategic-merge-patch+json"],
      want: "application/merge-patch+json",
    },
    {
      given: ["application/x-www-form-urlencoded", "application/json-patch+json"],
      want: "application/json-patch+json",
    },
    { given: [], want: undefined },
  ])("$given -> $want", ({ given, want }) => {
    expect(chooseMediaType(given)).toBe(want);
  });
});

describe("mediaTypeEssence", () => {
  test.each([
    { given: "application/json", want: "application/json" },
    { given: " Text/Plain ; charset=UTF-8", want: "text/plain" },
    { given: "multipart/form-data; boundary=x;y", want: "multipart/form-data" },
    { given: "", want: "" },
  ])("$given -> $want", ({ given, want }) => {
    expect(mediaTypeEssence(given)).toBe(want);
  });
});

describe("selectOperations", () => {
  const operations = listOperations(document);

  test.each([
    { given: ["updateUser"], want: ["updateUser"] },
    { given: ["get /users/{id}"], want: ["GET /users/{id}"] },
    { given: ["POST /users/{id}", "GET /users/{id}"], want: ["updateUser", "GET /users/{id}"] },
  ])("$given", ({ given, want }) => {
    expect(selectOperations(operations, given).map((operation) => operation.id)).toEqual(want);
  });

  test("a selector naming two operations in different ways finds the first in document order", () => {
    const tricky = [
      { id: "GET /b", operationId: "GET /b", method: "POST", path: "/a" },
      { id: "GET /b", method: "GET", path: "/b" },
      { id: "listB", operationId: "listB", method: "GET", path: "/c" },
      { id: "listB", operationId: "listB", method: "PUT", path: "/c" },
    ] as const;
    expect(selectOperations(tricky, ["get  /b", "GET /b", "listB", "put /c"])).toEqual([
      tricky[1],
      tricky[0],
      tricky[2],
      tricky[3],
    ]);
  });

  test("an unknown selector is named, with near ids suggested", () => {
    expect(() => selectOperations(operations, ["updateUsr"])).toThrow(
      expect.objectContaining({
        code: "OPERATION_NOT_FOUND",
        message: 'No operation "updateUsr"; did you mean "updateUser"?',
      }),
    );
  });

  test("an unknown selector close to no id lists the nearest ids all the same", () => {
    expect(() => selectOperations(operations, ["deleteEverything"])).toThrow(
      expect.objectContaining({
        code: "OPERATION_NOT_FOUND",
        message: 'No operation "deleteEverything"; none is close, the nearest of 2: "GET /users/{id}", "updateUser"',
        data: { operation: "deleteEverything", suggestions: [] },
      }),
    );
  });

  test("an unknown route is not matched to another path (a trailing slash is one), and near routes are suggested", () => {
    expect(() => selectOperations(operations, ["post /users/{id}/"])).toThrow(
      expect.objectContaining({
        code: "OPERATION_NOT_FOUND",
        message: 'No operation "post /users/{id}/"; did you mean "POST /users/{id}", "GET /users/{id}"?',
        data: { operation: "post /users/{id}/", suggestions: ["POST /users/{id}", "GET /users/{id}"] },
      }),
    );
  });
});
