import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildRequest, toProxyBody } from "../../src/http/index.js";
import { listOperations } from "../../src/openapi/list-operations.js";
import type { OperationSpec, ParameterSpec } from "../../src/openapi/operation-spec.js";
import { convertOperations } from "../../src/schema/convert-operations.js";
import type { JsonObject } from "../../src/schema/json-schema.js";
import seedOperation from "../fixtures/http/seed003-operation.json" with { type: "json" };
import { operation, parameter, requestBody, SERVER_URL } from "./operations.js";

const seed = seedOperation as unknown as OperationSpec;

/** The code and data of whatever `run` throws. */
function thrown(run: () => unknown): { code: unknown; data: unknown } {
  try {
    run();
  } catch (error) {
    const { code, data } = error as { code: unknown; data: unknown };
    return { code, data };
  }
  throw new Error("expected an error");
}

describe("path values are encoded and can never change the path", () => {
  test.each([
    ["a space", "a b", "/items/a%20b"],
    ["unicode", "日本", "/items/%E6%97%A5%E6%9C%AC"],
    ["a slash", "a/b", "/items/a%2Fb"],
    ["a parent segment inside a value", "../admin", "/items/..%2Fadmin"],
    ["a protocol-relative URL", "//evil.com", "/items/%2F%2Fevil.com"],
    ["userinfo", "@evil.com", "/items/%40evil.com"],
    ["an absolute URL", "http://evil.com:1/x", "/items/http%3A%2F%2Fevil.com%3A1%2Fx"],
    ["a query and a fragment", "x?admin=1#y", "/items/x%3Fadmin%3D1%23y"],
    ["CR/LF", "a\r\nb", "/items/a%0D%0Ab"],
    ["a backslash", "\\evil.com", "/items/%5Cevil.com"],
    ["sub-delimiters", "a!'()*b", "/items/a%21%27%28%29%2Ab"],
    ["a percent sign", "%2e%2e", "/items/%252e%252e"],
    ["dots inside a value", "v1.2", "/items/v1.2"],
    ["a number", 42, "/items/42"],
    ["an array (simple)", ["a", "b c"], "/items/a,b%20c"],
    ["an object (simple)", { x: 1, y: "z/w" }, "/items/x,1,y,z%2Fw"],
  ])("%s", (_name, given, want) => {
    const request = buildRequest(operation(), { path: { id: given } });
    expect(request.url).toBe(`${SERVER_URL}${want}`);
    expect(new URL(request.url).pathname).toBe(`/base${want}`);
  });

  test.each<[string, Partial<ParameterSpec>, unknown, string]>([
    ["label", { style: "label" }, ["a", "b"], "/items/.a,b"],
    ["label exploded", { style: "label", explode: true }, ["a", "b"], "/items/.a.b"],
    ["matrix", { style: "matrix" }, ["a", "b"], "/items/;id=a,b"],
    ["matrix exploded array", { style: "matrix", explode: true }, ["a", "b"], "/items/;id=a;id=b"],
    ["matrix exploded object", { style: "matrix", explode: true }, { x: 1, y: 2 }, "/items/;x=1;y=2"],
    ["simple exploded object", { explode: true }, { x: 1, y: 2 }, "/items/x=1,y=2"],
    // OAS's style table (and RFC 6570's `{;id}`) write an empty value as the name alone.
    ["matrix empty string", { style: "matrix" }, "", "/items/;id"],
    ["matrix empty array", { style: "matrix" }, [], "/items/;id"],
    ["matrix exploded empty array", { style: "matrix", explode: true }, [], "/items/;id"],
  ])("style %s", (_name, style, given, want) => {
    const spec = operation({ parameters: [parameter({ name: "id", in: "path", ...style })] });
    expect(buildRequest(spec, { path: { id: given } }).url).toBe(`${SERVER_URL}${want}`);
  });

  test.each([
    ["a dot", "."],
    ["two dots", ".."],
    ["nothing", ""],
  ])("a value that is %s as a whole is refused: URL parsers would resolve it", (_name, given) => {
    expect(thrown(() => buildRequest(operation(), { path: { id: given } }))).toMatchObject({
      code: "INVALID_ARGUMENTS",
      data: { issues: [{ location: "path.id" }] },
    });
  });

  test("two values side by side cannot form a dot segment", () => {
    const spec = operation({
      path: "/items/{a}{b}",
      parameters: [parameter({ name: "a", in: "path" }), parameter({ name: "b", in: "path" })],
    });
    expect(thrown(() => buildRequest(spec, { path: { a: ".", b: "." } })).code).toBe("INVALID_ARGUMENTS");
  });

  // RFC 3986 §5.2.4 removes only complete dot segments; WHATWG URLs keep `/files/...json` as written.
  test.each([
    ["two dots before a suffix", "/files/{name}.json", "..", "/files/...json"],
    ["a dot after a prefix", "/files/v{name}", ".", "/files/v."],
    ["nothing before a suffix", "/files/{name}.json", "", "/files/.json"],
  ])("%s inside a longer segment is a segment like any other", (_name, path, given, want) => {
    const spec = operation({ path, parameters: [parameter({ name: "name", in: "path" })] });
    const request = buildRequest(spec, { path: { name: given } });
    expect(request.url).toBe(`${SERVER_URL}${want}`);
    expect(new URL(request.url).pathname).toBe(`/base${want}`);
  });

  test("a value that makes a longer segment a dot segment is refused", () => {
    const spec = operation({ path: "/files/{name}.", parameters: [parameter({ name: "name", in: "path" })] });
    expect(thrown(() => buildRequest(spec, { path: { name: "." } }))).toMatchObject({
      code: "INVALID_ARGUMENTS",
      data: { issues: [{ location: "path.name", keyword: "pathSegment", params: { value: ".." } }] },
    });
  });

  test("a missing path parameter is named", () => {
    expect(thrown(() => buildRequest(operation(), { query: {} }))).toMatchObject({
      code: "INVALID_ARGUMENTS",
      data: { issues: [{ location: "path.id", keyword: "required" }] },
    });
  });

  test("property: whatever the value, the origin and the number of path segments stay", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.webUrl()), (value) => {
        let url: URL;
        try {
          url = new URL(buildRequest(operation(), { path: { id: value } }).url);
        } catch (error) {
          expect((error as { code: string }).code).toBe("INVALID_ARGUMENTS");
          return;
        }
        expect(url.origin).toBe("http://127.0.0.1:8080");
        expect(url.pathname.split("/")).toHaveLength(4);
        expect(decodeURIComponent(url.pathname.split("/")[3] ?? "")).toBe(value);
      }),
    );
  });
});

describe("path keys that hold more than a path", () => {
  const query = [parameter({ name: "limit", in: "query" })];

  test.each([
    // APIs.guru's AWS specs tell apart operations on one path with a fragment; the query used to be lost in it.
    ["a fragment is left out", "/phone-numbers#operation=batch-delete", {}, "/phone-numbers?limit=5"],
    ["a fragment after a placeholder", "/numbers/{id}#operation=restore", { id: "a#b" }, "/numbers/a%23b?limit=5"],
    // Flickr's and Azure's specs write a fixed query in the path key: the parameters follow it with `&`, not `?`.
    ["a fixed query string", "/rest?method=flickr.photos.search", {}, "/rest?method=flickr.photos.search&limit=5"],
    [
      "a placeholder in the query string",
      "/history?city={city}",
      { city: "a&b=c d" },
      "/history?city=a%26b%3Dc%20d&limit=5",
    ],
    ["a query string ending in ?", "/search?", {}, "/search?limit=5"],
    ["a fragment after a query string", "/a?x=1#frag", {}, "/a?x=1&limit=5"],
  ])("%s", (_name, path, values, want) => {
    const placeholders = Object.keys(values).map((name) => parameter({ name, in: "path" }));
    const spec = operation({ path, parameters: [...placeholders, ...query] });
    expect(buildRequest(spec, { path: values, query: { limit: 5 } }).url).toBe(`${SERVER_URL}${want}`);
  });

  test("a pair the path key holds is sent once (Azure's x-ms-paths, /?comp=list with a constant comp)", () => {
    const comp = [parameter({ name: "comp", in: "query" }), parameter({ name: "tag", in: "query" })];
    const spec = operation({ path: "/xml/?comp=list", parameters: comp });
    expect(buildRequest(spec, { query: { comp: "list", tag: "a" } }).url).toBe(`${SERVER_URL}/xml/?comp=list&tag=a`);
    expect(buildRequest(spec, { query: { comp: "list" } }).url).toBe(`${SERVER_URL}/xml/?comp=list`);
    // Each pair of the path key stands for one: an array's second equal pair is still sent.
    expect(buildRequest(spec, { query: { comp: ["list", "list"] } }).url).toBe(
      `${SERVER_URL}/xml/?comp=list&comp=list`,
    );
  });

  test("a query string without parameters after it stays as written", () => {
    const spec = operation({ path: "/rest?method=flickr.photos.search", parameters: query });
    expect(buildRequest(spec, {}).url).toBe(`${SERVER_URL}/rest?method=flickr.photos.search`);
  });

  test("placeholders missing in the path and in its query string are all named", () => {
    const spec = operation({ path: "/items/{id}?city={city}", parameters: [] });
    expect(thrown(() => buildRequest(spec, {}))).toMatchObject({
      code: "INVALID_ARGUMENTS",
      data: { issues: [{ location: "path.id" }, { location: "path.city" }] },
    });
  });

  test("a pair for a query parameter is left to it (Medium's /search/articles?query={query})", () => {
    const queryParameters = [parameter({ name: "query", in: "query", required: true }), ...query];
    const spec = operation({ path: "/search/articles?query={query}&v=2", parameters: queryParameters });
    expect(buildRequest(spec, { query: { query: "a&b c", limit: 5 } }).url).toBe(
      `${SERVER_URL}/search/articles?v=2&query=a%26b%20c&limit=5`,
    );
    expect(buildRequest(spec, { query: "node" }).url).toBe(`${SERVER_URL}/search/articles?v=2&query=node`);
    // Only a pair named after its placeholder: `q={query}` sends `q`, which no query parameter writes.
    const renamed = operation({ path: "/search?q={query}", parameters: queryParameters });
    expect(thrown(() => buildRequest(renamed, { query: { query: "x" } }))).toMatchObject({
      data: { issues: [{ location: "path.query" }] },
    });
  });

  test("a dot or an empty value is allowed in the query string, where it changes no path", () => {
    const spec = operation({ path: "/history?city={city}", parameters: [parameter({ name: "city", in: "path" })] });
    expect(buildRequest(spec, { path: { city: ".." } }).url).toBe(`${SERVER_URL}/history?city=..`);
    expect(buildRequest(spec, { path: { city: "" } }).url).toBe(`${SERVER_URL}/history?city=`);
  });
});

describe("a path parameter that spans segments (Azure's x-ms-skip-url-encoding)", () => {
  const scoped = operation({
    path: "/{scope}/providers/Microsoft.PolicyInsights/policyEvents",
    parameters: [parameter({ name: "scope", in: "path", spansSegments: true })],
  });

  test("keeps its slashes and encodes each segment", () => {
    const request = buildRequest(scoped, { path: { scope: "subscriptions/a b/resourceGroups/rg?x#y" } });
    expect(request.url).toBe(
      `${SERVER_URL}/subscriptions/a%20b/resourceGroups/rg%3Fx%23y/providers/Microsoft.PolicyInsights/policyEvents`,
    );
  });

  test.each([
    ["a parent segment", "subscriptions/../../admin"],
    ["a dot segment", "subscriptions/./x"],
    ["a leading slash (an empty segment)", "/subscriptions/1"],
    ["a doubled slash", "subscriptions//1"],
    ["a trailing slash", "subscriptions/1/"],
  ])("refuses %s", (_name, scope) => {
    expect(thrown(() => buildRequest(scoped, { path: { scope } }))).toMatchObject({
      code: "INVALID_ARGUMENTS",
      data: { issues: [{ location: "path.scope", keyword: "pathSegment" }] },
    });
  });

  test("read from the spec: x-ms-skip-url-encoding, or allowReserved, on a path parameter", () => {
    const urlWith = (marker: Record<string, unknown>) => {
      const scope = { name: "scope", in: "path", required: true, schema: { type: "string" }, ...marker };
      const [spec] = listOperations({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        servers: [{ url: "https://management.azure.com" }],
        paths: { "/{scope}/providers/x": { get: { operationId: "list", parameters: [scope], responses: {} } } },
      });
      return spec === undefined ? undefined : buildRequest(spec, { path: { scope: "subscriptions/1" } }).url;
    };
    expect(urlWith({ "x-ms-skip-url-encoding": true })).toBe(
      "https://management.azure.com/subscriptions/1/providers/x",
    );
    expect(urlWith({ allowReserved: true })).toBe("https://management.azure.com/subscriptions/1/providers/x");
    expect(urlWith({})).toBe("https://management.azure.com/subscriptions%2F1/providers/x");
  });
});

describe("query styles follow OAS", () => {
  const styled = (style: Partial<ParameterSpec>) =>
    operation({ parameters: [parameter({ name: "id", in: "path" }), parameter({ name: "q", in: "query", ...style })] });

  test.each<[string, Partial<ParameterSpec>, unknown, string]>([
    ["a space and delimiters", {}, "a b&c=d#e+f", "q=a%20b%26c%3Dd%23e%2Bf"],
    ["unicode", {}, "日本", "q=%E6%97%A5%E6%9C%AC"],
    ["a slash and dots", {}, "/../x", "q=%2F..%2Fx"],
    ["CR/LF", {}, "a\r\nb", "q=a%0D%0Ab"],
    ["a boolean", {}, true, "q=true"],
    ["form exploded array", {}, [1, "a b"], "q=1&q=a%20b"],
    ["form array", { explode: false }, ["a,b", "c"], "q=a%2Cb,c"],
    ["form exploded object", {}, { a: 1, b: "x y" }, "a=1&b=x%20y"],
    ["form object", { explode: false }, { a: 1, b: "x y" }, "q=a,1,b,x%20y"],
    ["spaceDelimited array", { style: "spaceDelimited", explode: false }, [1, 2], "q=1%202"],
    ["spaceDelimited object", { style: "spaceDelimited", explode: false }, { a: 1 }, "q=a%201"],
    ["pipeDelimited array", { style: "pipeDelimited", explode: false }, ["a|b", "c"], "q=a%7Cb|c"],
    ["pipeDelimited exploded", { style: "pipeDelimited", explode: true }, [1, 2], "q=1&q=2"],
    ["deepObject", { style: "deepObject", explode: true }, { a: 1, b: { "c]": "d e" } }, "q[a]=1&q[b][c%5D]=d%20e"],
    ["deepObject with an array", { style: "deepObject", explode: true }, { a: [1, 2] }, "q[a][0]=1&q[a][1]=2"],
    ["allowReserved", { allowReserved: true }, "/a?b:c@d&e=f#g", "q=/a?b:c@d%26e%3Df%23g"],
    // OAS leaves `[`, `]` (not allowed in a query) and `+` (a space to form readers) for applications to encode.
    ["allowReserved with + and brackets", { allowReserved: true }, "c++ [x]", "q=c%2B%2B%20%5Bx%5D"],
    // OAS: percent-encoded triples pass through unchanged; a `%` that starts none is encoded.
    ["allowReserved with percent triples", { allowReserved: true }, "%41%2f%zz%", "q=%41%2f%25zz%25"],
    ["an empty string", { explode: false }, "", "q="],
  ])("%s", (_name, style, given, want) => {
    const request = buildRequest(styled(style), { path: { id: "1" }, query: { q: given } });
    expect(request.url).toBe(`${SERVER_URL}/items/1?${want}`);
  });

  test("null and undefined values are left out", () => {
    expect(buildRequest(styled({}), { path: { id: "1" }, query: { q: null } }).url).toBe(`${SERVER_URL}/items/1`);
  });

  // RFC 6570 holds an empty list or object undefined; `q=` would be read as `[""]` (an enum's items then fail).
  test.each<[string, Partial<ParameterSpec>, unknown]>([
    ["form array", { explode: false }, []],
    ["form exploded array", {}, []],
    ["form object", { explode: false }, {}],
    ["form exploded object", {}, { a: undefined }],
    ["spaceDelimited array", { style: "spaceDelimited", explode: false }, []],
    ["pipeDelimited array", { style: "pipeDelimited", explode: false }, []],
    ["deepObject", { style: "deepObject", explode: true }, {}],
  ])("an empty value in %s is left out", (_name, style, given) => {
    const withR = operation({
      parameters: [
        parameter({ name: "id", in: "path" }),
        parameter({ name: "q", in: "query", ...style }),
        parameter({ name: "r", in: "query" }),
      ],
    });
    const request = buildRequest(withR, { path: { id: "1" }, query: { q: given, r: "x" } });
    expect(request.url).toBe(`${SERVER_URL}/items/1?r=x`);
  });

  // Jira's getWorkflowTransitionRuleConfigurations: `types` is a required array without minItems.
  test.each([
    ["list", [], "item"],
    ["object", {}, "member"],
  ])("a required parameter given an empty %s is INVALID_ARGUMENTS, not a request without it", (kind, given, unit) => {
    const required = operation({
      parameters: [parameter({ name: "id", in: "path" }), parameter({ name: "q", in: "query", required: true })],
    });
    expect(() => buildRequest(required, { path: { id: "1" }, query: { q: given } })).toThrow(
      expect.objectContaining({
        code: "INVALID_ARGUMENTS",
        message: `query.q is required, and its style sends an empty ${kind} as nothing: give it at least one ${unit}`,
        data: expect.objectContaining({ parameter: "query.q" }),
      }),
    );
  });
});

describe("headers and cookies", () => {
  const withHeaders = operation({
    parameters: [
      parameter({ name: "id", in: "path" }),
      parameter({ name: "x-h", in: "header" }),
      parameter({ name: "x-exploded", in: "header", explode: true }),
      parameter({ name: "s", in: "cookie" }),
      parameter({ name: "t", in: "cookie" }),
    ],
  });
  const build = (args: Record<string, unknown>, fixed?: Record<string, unknown>) =>
    buildRequest(withHeaders, { path: { id: "1" }, ...args }, fixed === undefined ? {} : { fixed });

  test.each<[string, unknown, string]>([
    ["a space", "a b", "a b"],
    ["unicode, percent-encoded as UTF-8", "日本 x", "%E6%97%A5%E6%9C%AC x"],
    ["a slash and dots", "/../", "/../"],
    ["a number", 5, "5"],
    ["a boolean", false, "false"],
    ["an array", ["a", "b"], "a,b"],
    ["an object", { a: 1, b: 2 }, "a,1,b,2"],
  ])("header value: %s", (_name, given, want) => {
    expect(build({ header: { "x-h": given } }).headers).toEqual({ "x-h": want });
  });

  // S3's ListObjects: `x-amz-optional-object-attributes` is an array header; `[]` was sent as an empty header.
  test("an empty list or object in a header or cookie is left out, as in a query; a required one is refused", () => {
    const sent = build({ header: { "x-h": [], "x-exploded": {} }, cookie: { s: [], t: "1" } });
    expect(sent.headers).toEqual({ cookie: "t=1" });
    const required = operation({
      parameters: [
        parameter({ name: "id", in: "path" }),
        parameter({ name: "x-r", in: "header", required: true }),
        parameter({ name: "r", in: "cookie", required: true }),
      ],
    });
    for (const [args, location] of [
      [{ header: { "x-r": [] }, cookie: { r: "1" } }, "header.x-r"],
      [{ header: { "x-r": "1" }, cookie: { r: {} } }, "cookie.r"],
    ] as const) {
      expect(() => buildRequest(required, { path: { id: "1" }, ...args })).toThrow(
        expect.objectContaining({ code: "INVALID_ARGUMENTS", data: expect.objectContaining({ parameter: location }) }),
      );
    }
  });

  test("an exploded header object", () => {
    expect(build({ header: { "x-exploded": { a: 1, b: 2 } } }).headers).toEqual({ "x-exploded": "a=1,b=2" });
  });

  test.each([
    ["CR/LF", { header: { "x-h": "a\r\nX-Evil: 1" } }, "header.x-h"],
    ["a lone LF", { header: { "x-h": "a\nb" } }, "header.x-h"],
    ["NUL", { header: { "x-h": "a\u0000" } }, "header.x-h"],
    ["CR/LF in an array item", { header: { "x-h": ["ok", "a\rb"] } }, "header.x-h"],
    ["CR/LF in an object value", { header: { "x-h": { a: "\n" } } }, "header.x-h"],
  ])("a header with %s is refused", (_name, given, parameterName) => {
    expect(thrown(() => build(given))).toEqual({ code: "INVALID_HEADER_VALUE", data: { parameter: parameterName } });
  });

  test.each([
    ["a space", { header: { "bad name": "x" } }],
    ["CR/LF", { header: { "x\r\nevil": "x" } }],
    ["host", { header: { Host: "evil.com" } }],
    ["content-length", { header: { "content-length": "1" } }],
    ["transfer-encoding", { header: { "transfer-encoding": "chunked" } }],
  ])("a fixed header name with %s is refused", (_name, fixed) => {
    expect(thrown(() => build({}, fixed)).code).toBe("INVALID_HEADER_VALUE");
  });

  test.each<[string, unknown, string]>([
    ["a space and a semicolon", "a b;c=d", "s=a%20b%3Bc%3Dd"],
    ["unicode", "日本", "s=%E6%97%A5%E6%9C%AC"],
    ["CR/LF", "a\r\nSet-Cookie: x", "s=a%0D%0ASet-Cookie%3A%20x"],
    ["a slash and dots", "/../", "s=%2F..%2F"],
    ["an array", ["a", "b"], "s=a,b"],
    ["an object", { a: 1 }, "s=a,1"],
  ])("cookie value: %s", (_name, given, want) => {
    expect(build({ cookie: { s: given } }).headers).toEqual({ cookie: want });
  });

  test("cookies share one header, fixed cookies win", () => {
    expect(build({ cookie: { s: "model", t: "2" } }, { cookie: { s: "fixed" } }).headers).toEqual({
      cookie: "s=fixed; t=2",
    });
  });

  describe("a fixed cookie wins over one the model writes in a Cookie header, and the other way round", () => {
    const withCookieHeader = operation({
      parameters: [
        parameter({ name: "id", in: "path" }),
        parameter({ name: "session", in: "cookie" }),
        parameter({ name: "Cookie", in: "header" }),
      ],
    });
    const cookieSent = (args: Record<string, unknown>, fixed: Record<string, unknown>) => {
      const layered = { path: { id: "1" }, ...args };
      const viaProxy = toProxyBody(layered, fixed, undefined, { operation: withCookieHeader }).header;
      const request = buildRequest(withCookieHeader, layered, { fixed });
      expect(viaProxy).toEqual(request.headers);
      return request.headers;
    };

    test.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, string>]>([
      [
        "a fixed cookie against the model's Cookie header",
        { header: { Cookie: "session=evil; theme=dark" } },
        { cookie: { session: "fixed" } },
        { cookie: "theme=dark; session=fixed" },
      ],
      [
        "a fixed cookie against a pair with spaces around its name",
        { header: { cookie: " session =evil" } },
        { cookie: { session: "fixed" } },
        { cookie: "session=fixed" },
      ],
      [
        "a fixed Cookie header against the model's cookie",
        { cookie: { session: "evil" } },
        { header: { Cookie: "session=fixed" } },
        { Cookie: "session=fixed" },
      ],
      [
        "a fixed Cookie header keeps the model's other cookies",
        { cookie: { session: "evil" } },
        { header: { cookie: "other=1" } },
        { cookie: "other=1; session=evil" },
      ],
    ])("%s", (_name, args, fixed, want) => {
      expect(cookieSent(args, fixed)).toEqual(want);
    });
  });
});

describe("parameters described by `content` are sent whole, in their media type", () => {
  const json = (schema: JsonObject) => ({ "application/json": { schema } });
  const [filter] = listOperations({
    openapi: "3.0.3",
    servers: [{ url: SERVER_URL }],
    paths: {
      "/items/{key}": {
        get: {
          parameters: [
            { name: "key", in: "path", content: json({ type: "object" }) },
            { name: "filter", in: "query", content: json({ type: "object" }) },
            { name: "ids", in: "query", content: json({ type: "array" }) },
            { name: "X-Meta", in: "header", content: json({ type: "object" }) },
            { name: "prefs", in: "cookie", content: json({ type: "object" }) },
            { name: "note", in: "query", content: { "text/plain": { schema: { type: "string" } } } },
            { name: "any", in: "query", content: { "*/*": {} } },
          ],
        },
      },
    },
  });

  test("the operation keeps each one's media type and schema", () => {
    expect(filter?.parameters.map(({ name, contentType, schema }) => [name, contentType, schema])).toEqual([
      ["key", "application/json", { type: "object" }],
      ["filter", "application/json", { type: "object" }],
      ["ids", "application/json", { type: "array" }],
      ["X-Meta", "application/json", { type: "object" }],
      ["prefs", "application/json", { type: "object" }],
      ["note", "text/plain", { type: "string" }],
      ["any", "*/*", {}],
    ]);
  });

  test("JSON values become JSON text, encoded where they go, never spread by a style", () => {
    const request = buildRequest(filter as OperationSpec, {
      path: { key: { a: "b/c" } },
      query: { filter: { status: "open", tags: ["x y"] }, ids: [1, 2], note: "a&b", any: { n: 1 } },
      header: { "X-Meta": { trace: "t1" } },
      cookie: { prefs: { dark: true } },
    });
    const url = new URL(request.url);
    expect(url.pathname).toBe(`/base/items/${encodeURIComponent('{"a":"b/c"}')}`);
    expect([...url.searchParams]).toEqual([
      ["filter", '{"status":"open","tags":["x y"]}'],
      ["ids", "[1,2]"],
      ["note", "a&b"],
      ["any", '{"n":1}'],
    ]);
    expect(request.headers).toEqual({
      "X-Meta": '{"trace":"t1"}',
      cookie: `prefs=${encodeURIComponent('{"dark":true}')}`,
    });
  });

  test("a JSON string is JSON text too, quotes and all", () => {
    const request = buildRequest(filter as OperationSpec, { path: { key: "k" }, query: { filter: "open" } });
    expect(new URL(request.url).searchParams.get("filter")).toBe('"open"');
  });
});

describe("an OpenAPI 3.2 querystring parameter is the whole query string", () => {
  const withQueryString = (content: JsonObject) =>
    listOperations({
      openapi: "3.2.0",
      servers: [{ url: SERVER_URL }],
      paths: { "/search": { get: { parameters: [{ name: "q", in: "querystring", content }] } } },
    })[0] as OperationSpec;
  const form = withQueryString({ "application/x-www-form-urlencoded": { schema: { type: "object" } } });
  const json = withQueryString({ "application/json": { schema: { type: "object" } } });
  const queryOf = (spec: OperationSpec, value: unknown) =>
    new URL(buildRequest(spec, { query: { q: value } }).url).search;

  test.each([
    {
      name: "form members, exploded",
      spec: form,
      value: { term: "a b", tag: ["x", "y"] },
      want: "?term=a%20b&tag=x&tag=y",
    },
    {
      name: "JSON text, with no name",
      spec: json,
      value: { term: "a&b" },
      want: `?${encodeURIComponent('{"term":"a&b"}')}`,
    },
    {
      name: "a written query string, split and each part encoded (no # or ? can end it)",
      spec: form,
      value: "term=a b#x&page=2&flag",
      want: "?term=a%20b%23x&page=2&flag",
    },
  ])("$name", ({ spec, value, want }) => {
    expect(queryOf(spec, value)).toBe(want);
  });
});

describe("a form body whose schema says nothing of its shape (Codat's multipart uploads: `schema: {}`)", () => {
  test.each(["multipart/form-data", "application/x-www-form-urlencoded"])(
    "%s: the tool asks for an object, the only body the request side encodes, and sends one",
    (mediaType) => {
      const document = {
        openapi: "3.0.3",
        servers: [{ url: SERVER_URL }],
        paths: {
          "/upload": { post: { operationId: "upload", requestBody: { content: { [mediaType]: { schema: {} } } } } },
        },
      };
      const [converted] = convertOperations(document, {}).tools;
      if (converted === undefined) throw new Error("no tool");
      const body = (converted.definition.parameters.properties as Record<string, JsonObject>).body;
      expect(body).toMatchObject({ type: "object", properties: {} });
      const request = buildRequest(converted.spec, { body: { note: "a b" } });
      expect(request.headers["content-type"]).toMatch(new RegExp(`^${mediaType}`));
      expect(String(request.body)).toContain("note");
      expect(thrown(() => buildRequest(converted.spec, { body: "text" })).code).toBe("INVALID_ARGUMENTS");
    },
  );
});

describe("bodies by media type", () => {
  const withBody = (mediaType: string, extra: Partial<OperationSpec["requestBody"]> = {}) =>
    operation({ requestBody: { ...requestBody(mediaType), ...extra } });

  test.each<[string, string, unknown, string, string]>([
    [
      "JSON keeps every character",
      "application/json",
      { text: "a b\r\n日本/../", list: [1, { a: null }] },
      '{"text":"a b\\r\\n日本/../","list":[1,{"a":null}]}',
      "application/json",
    ],
    ["a +json type", "application/merge-patch+json", [1, 2], "[1,2]", "application/merge-patch+json"],
    ["a /json subtype, as the tool's schema took it", "text/json", { a: 1 }, '{"a":1}', "text/json"],
    [
      "form-urlencoded",
      "application/x-www-form-urlencoded",
      { a: "x y", b: [1, 2], c: "日本&=\r\n", d: "/../" },
      "a=x%20y&b=1&b=2&c=%E6%97%A5%E6%9C%AC%26%3D%0D%0A&d=%2F..%2F",
      "application/x-www-form-urlencoded",
    ],
    ["text", "text/plain", "hello\r\n日本 /../", "hello\r\n日本 /../", "text/plain; charset=utf-8"],
    ["text from a number", "text/plain", 42, "42", "text/plain; charset=utf-8"],
    // Kubernetes declares its create and replace bodies `*/*`: a media range is no Content-Type to send.
    [
      "an object for any type, as JSON",
      "*/*",
      { metadata: { name: "a b" } },
      '{"metadata":{"name":"a b"}}',
      "application/json",
    ],
    ["an array for application/*, as JSON", "application/*", [1], "[1]", "application/json"],
    ["text for any type, as text", "*/*; q=1", "hello", "hello", "text/plain; charset=utf-8"],
  ])("%s", (_name, mediaType, given, want, contentType) => {
    const request = buildRequest(withBody(mediaType), { path: { id: "1" }, body: given });
    expect(request.body).toBe(want);
    expect(request.headers["content-type"]).toBe(contentType);
  });

  test("a form body the spec declares as a string is the encoded form, sent as written (libretranslate's)", () => {
    const spec = withBody("application/x-www-form-urlencoded", { schema: { type: "string" } });
    const request = buildRequest(spec, { path: { id: "1" }, body: "q=a%20b&source=en" });
    expect(request.body).toBe("q=a%20b&source=en");
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  test("a multipart body the spec declares as the file itself goes as one part named file (codat's)", async () => {
    const spec = withBody("multipart/form-data", { schema: { type: "string", format: "binary" } });
    const request = buildRequest(spec, { path: { id: "1" }, body: "data:image/png;name=a.png;base64,AAEC" });
    const headers = { "content-type": request.headers["content-type"] ?? "" };
    const form = await new Response(request.body as Uint8Array, { headers }).formData();
    const file = form.get("file") as File;
    expect([...form.keys()]).toEqual(["file"]);
    expect(file.type).toBe("image/png");
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0, 1, 2]);
  });

  test.each([
    { written: "data:;base64,AAEC", sentType: "application/octet-stream" },
    { written: new Uint8Array([0, 1, 2]), sentType: "application/octet-stream" },
    { written: "data:image/png;base64,AAEC", sentType: "image/png" },
  ])("bytes for any type are sent as $sentType", ({ written, sentType }) => {
    const request = buildRequest(withBody("*/*"), { path: { id: "1" }, body: written });
    expect([...(request.body as Uint8Array)]).toEqual([0, 1, 2]);
    expect(request.headers["content-type"]).toBe(sentType);
  });

  test("form-urlencoded honours the OAS encoding object", () => {
    const spec = withBody("application/x-www-form-urlencoded", {
      encoding: { list: { style: "pipeDelimited", explode: false }, meta: { contentType: "application/json" } },
    });
    const request = buildRequest(spec, { path: { id: "1" }, body: { list: [1, 2], meta: { a: 1 } } });
    expect(request.body).toBe("list=1|2&meta=%7B%22a%22%3A1%7D");
  });

  test("a form field with allowReserved still encodes +, & and =, which form readers split or read as a space", () => {
    const spec = withBody("application/x-www-form-urlencoded", { encoding: { f: { allowReserved: true } } });
    const request = buildRequest(spec, { path: { id: "1" }, body: { f: "a+b&c=d/e:f" } });
    expect(request.body).toBe("f=a%2Bb%26c%3Dd/e:f");
  });

  // OAS 3.0.4's Encoding Object: without style, explode and allowReserved a field is encoded by its contentType alone,
  // application/json for an object (the spec's example sends `address=%7B%22streetAddress%22...`).
  describe("form-urlencoded object fields", () => {
    const form = (encoding?: Record<string, Record<string, unknown>>) =>
      withBody("application/x-www-form-urlencoded", {
        schema: {
          type: "object",
          properties: {
            id: { type: "string" },
            account: { type: "string" },
            address: { type: "object", properties: { street: { type: "string" }, account: { type: "string" } } },
            lines: { type: "array", items: { type: "object" } },
          },
        },
        ...(encoding === undefined ? {} : { encoding }),
      });
    const send = (spec: OperationSpec, body: unknown, fixed?: Record<string, unknown>) =>
      buildRequest(spec, { path: { id: "1" }, body }, fixed === undefined ? {} : { fixed }).body;

    test.each<[string, Record<string, Record<string, unknown>> | undefined, unknown, string]>([
      [
        "an object without an encoding is its JSON text, under its name",
        undefined,
        { id: "u1", address: { street: "1 Main St", city: "X" } },
        "id=u1&address=%7B%22street%22%3A%221%20Main%20St%22%2C%22city%22%3A%22X%22%7D",
      ],
      [
        "an encoding that names only a contentType leaves the object whole",
        { address: { contentType: "text/plain" } },
        { address: { street: "a" } },
        "address=%7B%22street%22%3A%22a%22%7D",
      ],
      [
        "an array of objects is its items' JSON text each",
        undefined,
        { lines: [{ n: 1 }, { n: 2 }] },
        "lines=%7B%22n%22%3A1%7D&lines=%7B%22n%22%3A2%7D",
      ],
      [
        "an explicit form style spreads the object's members",
        { address: { style: "form", explode: true } },
        { address: { street: "a b" } },
        "street=a%20b",
      ],
      [
        "an explicit explode alone spreads it too (style defaults to form)",
        { address: { explode: true } },
        { address: { street: "a" } },
        "street=a",
      ],
      [
        "an explicit deepObject style",
        { address: { style: "deepObject", explode: true } },
        { address: { street: "a" } },
        "address[street]=a",
      ],
      [
        "a style wins over a JSON contentType, which OAS then ignores",
        { address: { style: "form", explode: false, contentType: "application/json" } },
        { address: { street: "a" } },
        "address=street,a",
      ],
    ])("%s", (_name, encoding, body, want) => {
      expect(send(form(encoding), body)).toBe(want);
    });

    test("a model's object cannot write a field the caller fixed", () => {
      const fixed = { body: { account: "me" } };
      expect(send(form(), { address: { account: "victim" } }, fixed)).toBe(
        "address=%7B%22account%22%3A%22victim%22%7D&account=me",
      );
      const spread = form({ address: { style: "form", explode: true } });
      expect(send(spread, { address: { account: "victim", street: "s" } }, fixed)).toBe("street=s&account=me");
      // Also when the caller fixes part of the object itself, which the model's members are merged into.
      const fixedAddress = { body: { account: "me", address: { city: "X" } } };
      expect(send(spread, { address: { account: "victim" } }, fixedAddress)).toBe("city=X&account=me");
    });
  });

  test("the body's content type replaces one given as a header argument", () => {
    const spec = operation({
      parameters: [parameter({ name: "id", in: "path" }), parameter({ name: "Content-Type", in: "header" })],
      requestBody: requestBody("application/json"),
    });
    const request = buildRequest(spec, { path: { id: "1" }, header: { "Content-Type": "text/html" }, body: {} });
    expect(request.headers).toEqual({ "content-type": "application/json" });
  });

  test.each([
    ["an object as text", "text/plain", { a: 1 }, "INVALID_ARGUMENTS"],
    ["an array as a form", "application/x-www-form-urlencoded", [1], "INVALID_ARGUMENTS"],
    ["a string as multipart", "multipart/form-data", "x", "INVALID_ARGUMENTS"],
    ["an object as octet-stream", "application/octet-stream", { a: 1 }, "UNSUPPORTED_MEDIA_TYPE"],
  ])("%s is refused", (_name, mediaType, given, code) => {
    expect(thrown(() => buildRequest(withBody(mediaType), { path: { id: "1" }, body: given })).code).toBe(code);
  });

  test("a model body for an operation without one is an unknown parameter", () => {
    expect(thrown(() => buildRequest(operation(), { path: { id: "1" }, body: { a: 1 } })).code).toBe(
      "UNKNOWN_PARAMETER",
    );
  });
});

describe("flat and layered arguments (seed 003's tool)", () => {
  const fixed = { "x-account-id": "fixed-account", "x-account-type": "user" };
  const want = {
    method: "POST",
    url: `${SERVER_URL}/api/ontology-query/in/v1/knowledge-networks/kn%20medical/object-types/ot%2F1?include_type_info=true`,
    headers: {
      "X-HTTP-Method-Override": "GET",
      "x-account-id": "fixed-account",
      "x-account-type": "user",
      "content-type": "application/json",
    },
    body: '{"limit":10,"sort":[{"field":"name","direction":"asc"}]}',
  };

  test.each([
    [
      "flat, as seed 000's Python tool takes them",
      {
        kn_id: "kn medical",
        ot_id: "ot/1",
        include_type_info: true,
        "X-HTTP-Method-Override": "GET",
        limit: 10,
        sort: [{ field: "name", direction: "asc" }],
      },
    ],
    [
      "layered, as the layered schema asks",
      {
        path: { kn_id: "kn medical", ot_id: "ot/1" },
        query: { include_type_info: true },
        header: { "X-HTTP-Method-Override": "GET" },
        body: { limit: 10, sort: [{ field: "name", direction: "asc" }] },
      },
    ],
    [
      "mixed: a section beside flat names",
      {
        path: { kn_id: "kn medical", ot_id: "ot/1" },
        include_type_info: true,
        "x-http-method-override": "GET",
        limit: 10,
        sort: [{ field: "name", direction: "asc" }],
      },
    ],
  ])("%s", (_name, given) => {
    expect(buildRequest(seed, given, { fixed, serverUrl: SERVER_URL })).toEqual(want);
  });

  test("an operation of 20,000 parameters places every flat argument, header names case-insensitively", () => {
    const names = Array.from({ length: 20_000 }, (_, index) => `q${index}`);
    const many = operation({
      parameters: [
        parameter({ name: "id", in: "path" }),
        ...names.map((name) => parameter({ name, in: "query" })),
        parameter({ name: "X-Trace-Id", in: "header" }),
      ],
    });
    const args = { id: "a", "x-trace-id": "t-1", ...Object.fromEntries(names.map((name) => [name, name])) };
    const request = buildRequest(many, args, { serverUrl: SERVER_URL });
    const query = new URL(request.url).searchParams;
    expect([...query.keys()]).toEqual(names);
    expect(query.get("q19999")).toBe("q19999");
    expect(request.headers["X-Trace-Id"]).toBe("t-1");
  });

  test("a flat name that is no parameter goes into an object body", () => {
    const request = buildRequest(seed, { kn_id: "k", ot_id: "o", extra: 1 }, { serverUrl: SERVER_URL });
    expect(request.body).toBe('{"extra":1}');
  });

  test.each([
    [
      "path and query",
      operation({ parameters: [parameter({ name: "id", in: "path" }), parameter({ name: "id", in: "query" })] }),
      ["path.id", "query.id"],
    ],
    [
      "header and a body property",
      operation({
        parameters: [parameter({ name: "id", in: "path" }), parameter({ name: "X-Id", in: "header" })],
        requestBody: requestBody("application/json", { type: "object", properties: { "x-id": { type: "string" } } }),
      }),
      ["header.X-Id", "body.x-id"],
    ],
  ])("a flat name in %s is ambiguous, and the error names both", (_name, spec, locations) => {
    const name = locations[1]?.split(".")[1] ?? "";
    expect(thrown(() => buildRequest(spec, { [name]: "1" }))).toEqual({
      code: "AMBIGUOUS_ARGUMENT",
      data: { parameter: name, operation: "testOperation", locations },
    });
  });

  describe("one parameter given twice is AMBIGUOUS_ARGUMENT, never the later value silently", () => {
    const twice = operation({
      parameters: [parameter({ name: "id", in: "path" }), parameter({ name: "X-Trace-Id", in: "header" })],
      requestBody: requestBody("application/json", { type: "object", properties: { limit: { type: "integer" } } }),
    });

    test.each([
      ["a flat name and the section holding it", { id: "1", path: { id: "2" } }, "path.id"],
      ["the section first, then the flat name", { path: { id: "2" }, id: "1" }, "path.id"],
      ["a flat header in two cases", { id: "1", "x-trace-id": "a", "X-TRACE-ID": "b" }, "header.X-Trace-Id"],
      [
        "a flat header and the header section",
        { id: "1", "X-Trace-Id": "a", header: { "x-trace-id": "b" } },
        "header.X-Trace-Id",
      ],
      [
        "one header in two cases in its section",
        { path: { id: "1" }, header: { "x-trace-id": "a", "X-Trace-Id": "b" } },
        "header.X-Trace-Id",
      ],
      ["a flat body member and the body holding it", { id: "1", body: { limit: 1 }, limit: 2 }, "body.limit"],
    ])("%s", (_name, given, parameterName) => {
      const error = { code: "AMBIGUOUS_ARGUMENT", data: { parameter: parameterName, operation: "testOperation" } };
      expect(thrown(() => buildRequest(twice, given))).toEqual(error);
      expect(thrown(() => toProxyBody(given, {}, undefined, { operation: twice }))).toEqual(error);
    });

    test("a flat body member joins the body section in a new object: the caller's arguments are not changed", () => {
      const given = { id: "1", body: { limit: 1 }, extra: true };
      const before = structuredClone(given);
      expect(buildRequest(twice, given).body).toBe('{"limit":1,"extra":true}');
      expect(given).toEqual(before);
    });
  });

  test.each([
    [
      "a flat name found nowhere",
      operation({ parameters: [parameter({ name: "id", in: "path" }), parameter({ name: "limit", in: "query" })] }),
      { id: "1", limt: 5 },
      { parameter: "limt", suggestion: "limit" },
    ],
    [
      "a layered name the operation does not declare",
      seed,
      { query: { include_typeinfo: true } },
      { parameter: "query.include_typeinfo", suggestion: "include_type_info" },
    ],
    [
      "a model header the operation does not declare",
      seed,
      { header: { authorization: "x" } },
      { parameter: "header.authorization" },
    ],
    [
      "a name outside a closed body",
      operation({
        requestBody: requestBody("application/json", {
          type: "object",
          properties: { a: {} },
          additionalProperties: false,
        }),
      }),
      { id: "1", b: 1 },
      { parameter: "b" },
    ],
  ])("%s is UNKNOWN_PARAMETER, with the closest known name", (_name, spec, given, data) => {
    expect(thrown(() => buildRequest(spec, given))).toMatchObject({ code: "UNKNOWN_PARAMETER", data });
  });

  describe("a section beside flat names is checked as in layered arguments", () => {
    const getItem = operation({
      method: "GET",
      parameters: [
        parameter({ name: "id", in: "path" }),
        parameter({ name: "limit", in: "query" }),
        parameter({ name: "Authorization", in: "header", ignored: "OpenAPI ignores it" }),
        parameter({ name: "X-Trace-Id", in: "header" }),
      ],
    });

    test.each([
      ["an undeclared header", { header: { "X-Forwarded-For": "10.0.0.1" }, id: "1" }, "header.X-Forwarded-For"],
      [
        "a header left out of the tool",
        { header: { authorization: "Bearer made-up" }, id: "1" },
        "header.Authorization",
      ],
      ["an undeclared query name", { query: { admin: "true" }, id: "1" }, "query.admin"],
      ["an undeclared cookie", { cookie: { session: "x" }, id: "1" }, "cookie.session"],
      ["a misspelt path name", { path: { id: "1", idd: "2" }, limit: 5 }, "path.idd"],
      ["a body for an operation without one", { body: { a: 1 }, id: "1" }, "body"],
    ])("%s is UNKNOWN_PARAMETER", (_name, given, parameterName) => {
      expect(thrown(() => buildRequest(getItem, given))).toMatchObject({
        code: "UNKNOWN_PARAMETER",
        data: { parameter: parameterName },
      });
      expect(thrown(() => toProxyBody(given, {}, undefined, { operation: getItem }))).toMatchObject({
        code: "UNKNOWN_PARAMETER",
        data: { parameter: parameterName },
      });
    });

    test("a declared header in a section is sent under the name the spec writes", () => {
      const request = buildRequest(getItem, { header: { "x-trace-id": "t-1" }, id: "1", limit: 5 });
      expect(request.url).toBe(`${SERVER_URL}/items/1?limit=5`);
      expect(request.headers).toEqual({ "X-Trace-Id": "t-1" });
    });
  });

  test("__proto__ and constructor are names like any other", () => {
    const args = JSON.parse('{"kn_id":"k","ot_id":"o","__proto__":{"polluted":1},"constructor":2}');
    const request = buildRequest(seed, args, { serverUrl: SERVER_URL });
    expect(request.body).toBe('{"__proto__":{"polluted":1},"constructor":2}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test.each([
    ["a query object", (deep: unknown) => ({ query: { include_type_info: deep } }), "/query/include_type_info"],
    ["a body member", (deep: unknown) => ({ body: { condition: deep } }), "/body/condition"],
  ])(
    "arguments nested 10,000 deep in %s are INVALID_ARGUMENTS at their pointer, not a stack overflow",
    (_name, sectionOf, at) => {
      let deep: unknown = 1;
      for (let level = 0; level < 10_000; level += 1) deep = { a: deep };
      const args = { path: { kn_id: "k", ot_id: "o" }, ...sectionOf(deep) };
      const error = expect.objectContaining({
        code: "INVALID_ARGUMENTS",
        message: expect.stringContaining(`nest deeper than 500 levels at ${at}/a/a/`),
      });
      expect(() => buildRequest(seed, args, { serverUrl: SERVER_URL })).toThrow(error);
      expect(() => toProxyBody(args, {}, undefined, { operation: seed })).toThrow(error);
    },
  );
});

describe("fixed parameters always win", () => {
  const spec = operation({
    parameters: [
      parameter({ name: "id", in: "path" }),
      parameter({ name: "filter", in: "query", schema: { type: "object" } }),
      parameter({ name: "user", in: "query" }),
      parameter({ name: "X-Account-Id", in: "header" }),
    ],
    requestBody: requestBody("application/json"),
  });

  test.each([
    ["path", { path: { id: "model" } }, { path: { id: "fixed" } }, { url: `${SERVER_URL}/items/fixed` }],
    [
      "header, whatever its case",
      { path: { id: "1" }, header: { "X-Account-Id": "model" } },
      { header: { "x-account-id": "fixed" } },
      { headers: { "X-Account-Id": "fixed" } },
    ],
    [
      "query, even against an exploded object's keys",
      { path: { id: "1" }, query: { filter: { user: "model", a: 1 }, user: "model" } },
      { query: { user: "fixed" } },
      { url: `${SERVER_URL}/items/1?a=1&user=fixed` },
    ],
    [
      "body, merged deeply",
      { path: { id: "1" }, body: { a: 1, nested: { b: 2, c: 3 } } },
      { body: { nested: { b: 9 } } },
      { body: '{"a":1,"nested":{"b":9,"c":3}}' },
    ],
    ["flat fixed values", { id: "model" }, { id: "fixed" }, { url: `${SERVER_URL}/items/fixed` }],
  ])("%s", (_name, args, fixed, want) => {
    const request = buildRequest(spec, args, { fixed });
    expect(Object.fromEntries(Object.keys(want).map((key) => [key, request[key as keyof typeof request]]))).toEqual(
      want,
    );
  });
});

describe("the origin never changes", () => {
  test.each([
    ["a protocol-relative path", { path: { id: "//evil.com" } }],
    ["userinfo", { path: { id: "@evil.com" } }],
    ["an absolute URL", { path: { id: "https://evil.com/" } }],
    ["a query value", { path: { id: "1" }, query: { q: "http://evil.com" } }],
  ])("%s stays on the server", (_name, args) => {
    const spec = operation({
      parameters: [parameter({ name: "id", in: "path" }), parameter({ name: "q", in: "query", allowReserved: true })],
    });
    expect(new URL(buildRequest(spec, args).url).origin).toBe("http://127.0.0.1:8080");
  });

  test.each([
    ["no server URL", { serverUrl: "" }, /has no server URL: pass the serverUrl option/],
    ["a relative server URL", { serverUrl: "/api" }, /is not an absolute URL .*: pass the serverUrl option/],
    ["a non-HTTP server URL", { serverUrl: "file:///etc" }, /must be http\(s\)/],
    [
      "a server variable with no value",
      { serverUrl: "https://{region}.example.com" },
      /has a variable with no default value, \{region\}: pass the serverUrl option/,
    ],
  ])("%s is a configuration error saying so", (_name, options, message) => {
    expect(() => buildRequest(operation(), { path: { id: "1" } }, options)).toThrow(
      expect.objectContaining({ code: "CONFIG_INVALID", message: expect.stringMatching(message) }),
    );
  });
});

describe("values only a JavaScript caller can pass", () => {
  const spec = operation({
    path: "/items",
    parameters: [parameter({ name: "ids", in: "query", style: "deepObject", explode: true })],
    requestBody: requestBody("application/json"),
  });

  test("a bigint (an int64 id) is written as its digits, in a query value and in a JSON body", () => {
    const request = buildRequest(spec, { query: { ids: { a: 12345678901234567890n } }, body: { id: 2n ** 64n } });
    expect(new URL(request.url).searchParams.get("ids[a]")).toBe("12345678901234567890");
    expect(request.body).toBe('{"id":18446744073709551616}');
  });

  test("a function or a symbol anywhere is INVALID_ARGUMENTS at its pointer, not a TypeError or a value dropped", () => {
    expect(thrown(() => buildRequest(spec, { query: { ids: { a: () => 1 } } }))).toEqual({
      code: "INVALID_ARGUMENTS",
      data: { pointer: "/query/ids/a" },
    });
    expect(thrown(() => buildRequest(spec, { body: { tags: [Symbol("x")] } }))).toEqual({
      code: "INVALID_ARGUMENTS",
      data: { pointer: "/body/tags/0" },
    });
  });
});
