import { ActionRecallError } from "../errors/action-recall-error.js";
import type { OperationSpec } from "../openapi/operation-spec.js";
import type { FixedParams } from "../schema/tool-definition.js";
import { checkPathSegment, invalidPathValueError } from "./check-path-segment.js";
import { classifyArguments } from "./classify-arguments.js";
import { stringifyScalar } from "./encode-uri-component.js";
import { createLayeredArguments, isPlainObject, toPlainData } from "./layered-arguments.js";
import { mergeFixedParams } from "./merge-fixed-params.js";
import type { ProxyBody } from "./proxy-body.js";
import { serializeHeaders } from "./serialize-headers.js";

/** Options of {@link toProxyBody}. */
export interface ToProxyBodyOptions {
  /** The tool's operation: needed to sort flat arguments (or flat fixed values) by location. */
  operation?: OperationSpec;
}

/** The texts a path value can write as a whole segment: itself, or each item or member ("" when there is none). */
function segmentTexts(value: unknown): string[] {
  const members = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : [value];
  return members.length === 0 ? [""] : members.map(stringifyScalar);
}

/**
 * Refuses a path value the proxy would place in the tool's URL as something other than one segment: empty, a dot
 * segment in any spelling, a control character, or a `/` or `\` (raw or percent-encoded), for the proxy's encoding
 * is not ours to know.
 */
function checkProxyPathValue(name: string, value: unknown, operation: OperationSpec | undefined): void {
  for (const text of segmentTexts(value)) {
    const problem = checkPathSegment(text, { refuseSeparators: true });
    if (problem !== undefined) {
      throw invalidPathValueError(name, text, `${problem}: ${JSON.stringify(text)}`, operation?.id);
    }
  }
}

/**
 * Builds the tool-box proxy body `{header, path, query, body, timeout}` from layered arguments (taken as they are)
 * or flat ones (sorted by the operation's parameter locations). Fixed values are merged under their locations and
 * always win. Headers are checked and written as text (cookies become one `cookie` header); the body is `{}` when
 * there is none, as the proxy expects. The proxy fills the tool's path itself, so a path value that is empty, a dot
 * segment in any spelling (`..`, `%2e%2E`), holds a control character, a `/` or a `\` (also `%2F`, `%5c`) is
 * INVALID_ARGUMENTS naming `path.<name>` and the value: it must never add or remove a segment.
 *
 * @example
 * toProxyBody({ path: { kn_id: "kn_medical" }, body: { limit: 10 } }, { header: { "x-account-id": "a" } }, 30)
 * // {header: {"x-account-id": "a"}, path: {kn_id: "kn_medical"}, query: {}, body: {limit: 10}, timeout: 30}
 */
export function toProxyBody(
  args: Record<string, unknown>,
  fixed?: FixedParams | Record<string, unknown>,
  timeout?: number,
  options: ToProxyBodyOptions = {},
): ProxyBody {
  const { operation } = options;
  // With the operation known, a model may only write its declared parameters, as for `buildRequest`.
  const modelArguments = classifyArguments(args, { operation, declaredOnly: operation !== undefined });
  const fixedArguments =
    fixed === undefined
      ? createLayeredArguments()
      : classifyArguments(fixed, { operation, subject: "fixed parameters" });
  const merged = mergeFixedParams(modelArguments, fixedArguments);
  for (const [name, value] of Object.entries(merged.path)) checkProxyPathValue(name, value, operation);
  const proxyBody: ProxyBody = {
    header: serializeHeaders(operation, merged.header, merged.cookie),
    path: toPlainData(merged.path) as Record<string, unknown>,
    query: toPlainData(merged.query) as Record<string, unknown>,
    body: toPlainData(merged.body ?? {}),
  };
  if (timeout !== undefined) {
    if (!Number.isFinite(timeout) || timeout <= 0) {
      throw new ActionRecallError(
        "INVALID_ARGUMENTS",
        `The proxy timeout must be a positive number of seconds, not ${timeout}`,
        {
          data: { parameter: "timeout" },
        },
      );
    }
    proxyBody.timeout = timeout;
  }
  return proxyBody;
}
