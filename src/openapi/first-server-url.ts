import { isJsonObject } from "./own-properties.js";

/**
 * The URL of the first of `servers` (an OpenAPI `servers` list), with each `{variable}` replaced by that variable's
 * `default`, as OpenAPI says a client uses it when it is given no other value. A variable without a default stays
 * written as `{variable}`, so that building a request names it instead of calling a made-up host.
 *
 * @example
 * firstServerUrl([{ url: "https://{region}.example.com", variables: { region: { default: "eu" } } }]);
 * // "https://eu.example.com"
 */
export function firstServerUrl(servers: unknown): string | undefined {
  if (!Array.isArray(servers)) return undefined;
  const first: unknown = servers[0];
  if (!isJsonObject(first) || typeof first.url !== "string") return undefined;
  const variables = first.variables;
  if (!isJsonObject(variables)) return first.url;
  return first.url.replace(SERVER_VARIABLE, (written, name: string) => {
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
    return isJsonObject(variable) && typeof variable.default === "string" ? variable.default : written;
  });
}

const SERVER_VARIABLE = /\{([^{}]+)\}/g;
