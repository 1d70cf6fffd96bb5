/**
 * Query parameter names whose values are credentials: the name itself, or its last word after `_`, `-` or `.`
 * (`refresh_token`, `X-Amz-Signature`), case-insensitively.
 */
const CREDENTIAL_NAME =
  /(?:^|[_.-])(?:token|access_token|id_token|api_key|apikey|key|secret|client_secret|password|passwd|signature|sig|code|auth|jwt|session|credential)$/i;

/** What a credential's value is replaced with. */
export const REDACTED = "[redacted]";

/**
 * A request URL fit for the logs: the value of each credential-like query parameter (`token`, `access_token`,
 * `api_key`, `client_secret`, `signature`, `code`, ...) is replaced with `[redacted]`; the rest stays as sent.
 *
 * @example
 * redactUrl("/v1/x?token=abc&x=1"); // "/v1/x?token=[redacted]&x=1"
 */
export function redactUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      return equals !== -1 && CREDENTIAL_NAME.test(decodeName(pair.slice(0, equals)))
        ? `${pair.slice(0, equals)}=${REDACTED}`
        : pair;
    });
  return `${url.slice(0, start)}?${pairs.join("&")}`;
}

/** A query parameter name as a server reads it (`+` is a space); one that does not decode, as written. */
function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name;
  }
}
