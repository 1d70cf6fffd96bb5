import { UpstreamError } from "../errors/index.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import type { ActionRecallRequest } from "./action-source.js";
import { fillUrlTemplate } from "./fill-url-template.js";
import { requestUpstreamJson, type UpstreamCallOptions } from "./request-upstream-json.js";
import { TtlCache } from "./ttl-cache.js";
import { isUpstreamRefusal, toUpstreamRefusal } from "./upstream-refusal.js";

/** The tool-box detail path of one tool. */
const TOOL_DETAIL_PATH_TEMPLATE = "{base}/api/agent-operator-integration/internal-v1/tool-box/{box_id}/tool/{tool_id}";

/** Where tool details come from: the KWeaver tool box over HTTP, or a local catalog. */
export interface ToolDetailProvider {
  /** The tool detail (seed 003 shape: `name`, `description`, `metadata.api_spec`, ...). */
  getToolDetail(boxId: string, toolId: string, request: ActionRecallRequest): Promise<Record<string, unknown>>;
}

/** Options of {@link createToolBoxClient}. */
export interface ToolBoxClientOptions extends Omit<UpstreamCallOptions, "signal"> {
  /** `OPERATOR_INTEGRATION_URL`, such as `http://agent-operator-integration:9000`. */
  baseUrl: string;
  /** How long a tool detail is cached, per account, box and tool. */
  cacheTtlMs: number;
  /** How long the tool box's refusal (401, 403, 404) of one account is answered again to that account. Default 0. */
  refusalTtlMs?: number;
}

const UPSTREAM = "tool-box";

/**
 * The KWeaver tool-box client: fetches a tool's detail as the caller's account, cached per account, box and tool with a
 * TTL: the tool box decides which account may see which tool, so one account's detail is never another's answer.
 * Concurrent recalls of one tool by one account share one fetch. A 401 or 403 is FORBIDDEN, a 404 NOT_FOUND, naming
 * the box and the tool; those refusals are remembered for `refusalTtlMs`, other failures not at all.
 */
export function createToolBoxClient(
  options: ToolBoxClientOptions,
): ToolDetailProvider & { cache: TtlCache<Record<string, unknown>> } {
  checkObjectArgument("createToolBoxClient", "options", options);
  const cache = new TtlCache<Record<string, unknown>>({
    ttlMs: options.cacheTtlMs,
    failureTtlMs: options.refusalTtlMs ?? 0,
    isCachedFailure: isUpstreamRefusal,
  });

  async function fetchDetail(boxId: string, toolId: string, request: ActionRecallRequest) {
    const url = fillUrlTemplate(
      TOOL_DETAIL_PATH_TEMPLATE,
      { base: options.baseUrl, box_id: boxId, tool_id: toolId },
      { raw: ["base"] },
    );
    const headers: Record<string, string> = {
      "x-account-id": request.accountId,
      "x-account-type": request.accountType,
    };
    if (request.requestId !== undefined) headers["x-request-id"] = request.requestId;
    let detail: unknown;
    try {
      // The shared fetch must not be cancelled by one caller going away, so the caller's signal is not passed.
      detail = (await requestUpstreamJson({ method: "GET", url, headers, upstream: UPSTREAM }, options)).body;
    } catch (error) {
      throw toUpstreamRefusal(error, `tool "${toolId}" of tool box "${boxId}"`, { box_id: boxId, tool_id: toolId });
    }
    if (detail === null || typeof detail !== "object" || Array.isArray(detail)) {
      throw new UpstreamError("UPSTREAM_MALFORMED", `${UPSTREAM} answered a tool detail that is not an object`, {
        upstream: UPSTREAM,
        box_id: boxId,
        tool_id: toolId,
      });
    }
    return detail as Record<string, unknown>;
  }

  return {
    cache,
    getToolDetail(boxId, toolId, request) {
      // JSON keeps the key unambiguous whatever the ids contain.
      const key = JSON.stringify([request.accountType, request.accountId, boxId, toolId]);
      return cache.get(key, () => fetchDetail(boxId, toolId, request));
    },
  };
}
