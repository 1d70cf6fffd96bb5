import { UpstreamError } from "../errors/index.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { ActionQueryResult, ActionRecallRequest, ActionSource } from "./action-source.js";
import { fillUrlTemplate } from "./fill-url-template.js";
import { requestUpstreamJson, type UpstreamCallOptions } from "./request-upstream-json.js";
import { toUpstreamRefusal } from "./upstream-refusal.js";

/** The ontology-query path of one action type. */
const ACTION_QUERY_PATH_TEMPLATE =
  "{base}/api/ontology-query/in/v1/knowledge-networks/{kn_id}/action-types/{action_type_id}";

/** Options of {@link createOntologyQuerySource}. */
export interface OntologyQuerySourceOptions extends Omit<UpstreamCallOptions, "signal"> {
  /** `ONTOLOGY_QUERY_URL`, such as `http://ontology-query-svc:13018`. */
  baseUrl: string;
}

const UPSTREAM = "ontology-query";

/** Checks the shape of an action query answer read from the wire: an `action_source` with a `type`, an `actions` list. */
function readActionQueryResult(value: unknown, upstream: string): ActionQueryResult {
  const malformed = (what: string) =>
    new UpstreamError("UPSTREAM_MALFORMED", `${upstream} answered an action query without ${what}`, {
      upstream,
      bodyExcerpt: JSON.stringify(value)?.slice(0, 500) ?? "",
    });
  if (!isJsonObject(value)) throw malformed("a JSON object");
  const { action_source: source, actions } = value;
  if (!isJsonObject(source) || typeof source.type !== "string") throw malformed('an "action_source" with a "type"');
  if (!Array.isArray(actions) || !actions.every(isJsonObject)) throw malformed('an "actions" list of objects');
  return value as unknown as ActionQueryResult;
}

/**
 * The KWeaver action source: asks ontology-query which action applies to one object. The one identity becomes the
 * upstream's `unique_identities` array; the caller's account headers are forwarded. A 401 or 403 is FORBIDDEN, a 404
 * NOT_FOUND, naming the action type.
 */
export function createOntologyQuerySource(options: OntologyQuerySourceOptions): ActionSource {
  return {
    async recall(request: ActionRecallRequest): Promise<ActionQueryResult> {
      const url = fillUrlTemplate(
        ACTION_QUERY_PATH_TEMPLATE,
        { base: options.baseUrl, kn_id: request.knId, action_type_id: request.actionTypeId },
        { raw: ["base"] },
      );
      const headers: Record<string, string> = {
        "x-http-method-override": "GET",
        "x-account-id": request.accountId,
        "x-account-type": request.accountType,
      };
      if (request.requestId !== undefined) headers["x-request-id"] = request.requestId;
      let answer: unknown;
      try {
        ({ body: answer } = await requestUpstreamJson(
          { method: "POST", url, headers, body: { unique_identities: [request.uniqueIdentity] }, upstream: UPSTREAM },
          { ...options, ...(request.signal === undefined ? {} : { signal: request.signal }) },
        ));
      } catch (error) {
        throw toUpstreamRefusal(error, `action type "${request.actionTypeId}" of knowledge network "${request.knId}"`, {
          kn_id: request.knId,
          action_type_id: request.actionTypeId,
        });
      }
      return readActionQueryResult(answer, UPSTREAM);
    },
  };
}
