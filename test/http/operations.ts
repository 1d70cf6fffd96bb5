import type { OperationSpec, ParameterSpec, RequestBodySpec } from "../../src/openapi/operation-spec.js";

/** The loopback-looking server every built request must stay on. */
export const SERVER_URL = "http://127.0.0.1:8080/base";

/** A parameter with the defaults tests do not care about. */
export function parameter(spec: Partial<ParameterSpec> & Pick<ParameterSpec, "name" | "in">): ParameterSpec {
  return { required: spec.in === "path", schema: { type: "string" }, pointer: `#/parameters/${spec.name}`, ...spec };
}

/** A request body of one media type. */
export function requestBody(mediaType: string, schema: Record<string, unknown> = { type: "object" }): RequestBodySpec {
  return { required: false, mediaType, schema, mediaTypes: [mediaType], pointer: "#/requestBody" };
}

/** An operation with the given path, parameters and body, on {@link SERVER_URL}. */
export function operation(spec: Partial<OperationSpec> = {}): OperationSpec {
  return {
    id: "testOperation",
    method: "POST",
    path: "/items/{id}",
    serverUrl: SERVER_URL,
    parameters: [parameter({ name: "id", in: "path" })],
    document: {},
    pointer: "#/paths/~1items~1{id}/post",
    ...spec,
  };
}
