/** The service's version, as its OpenAPI document and its MCP server name it. */
export const SERVICE_VERSION = "0.1.0";
