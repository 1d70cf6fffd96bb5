import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { operationFromToolDetail } from "../openapi/operation-from-tool-detail.js";
import { fillUrlTemplate } from "./fill-url-template.js";
import { readSourceId } from "./read-source-id.js";
import type { OperationTool, ToolResolver } from "./resolved-tool.js";
import type { ToolDetailProvider } from "./tool-box-client.js";

/** The default `api_url` template (seed 003); `{operator_integration_url}`, `{box_id}` and `{tool_id}` are filled. */
export const DEFAULT_API_URL_TEMPLATE =
  "{operator_integration_url}/api/agent-operator-integration/internal-v1/tool-box/{box_id}/proxy/{tool_id}";

/** Options of {@link createToolBoxResolver}. */
export interface ToolBoxResolverOptions {
  details: ToolDetailProvider;
  /** `OPERATOR_INTEGRATION_URL`, the base of `api_url`. */
  operatorIntegrationUrl: string;
  /** Default {@link DEFAULT_API_URL_TEMPLATE}. */
  apiUrlTemplate?: string;
}

function readText(detail: Record<string, unknown>, key: string): string | undefined {
  const value = detail[key];
  return typeof value === "string" ? value : undefined;
}

/** Resolves `{type: "tool", box_id, tool_id}`: the tool's detail, its operation, and its proxy `api_url`. */
export function createToolBoxResolver(options: ToolBoxResolverOptions): ToolResolver {
  checkObjectArgument("createToolBoxResolver", "options", options);
  const template = options.apiUrlTemplate ?? DEFAULT_API_URL_TEMPLATE;
  return {
    async resolve(source, request): Promise<OperationTool> {
      const boxId = readSourceId(source, "box_id");
      const toolId = readSourceId(source, "tool_id");
      const detail = await options.details.getToolDetail(boxId, toolId, request);
      const operation = operationFromToolDetail(detail);
      const metadata = detail.metadata;
      const apiSpec =
        metadata !== null && typeof metadata === "object" && Object.hasOwn(metadata, "api_spec")
          ? (metadata as Record<string, unknown>).api_spec
          : undefined;
      return {
        kind: "operation",
        name: readText(detail, "name") ?? operation.operationId ?? toolId,
        description: readText(detail, "description") ?? operation.description ?? operation.summary ?? "",
        operation,
        originalSchema: apiSpec,
        apiUrl: fillUrlTemplate(
          template,
          { operator_integration_url: options.operatorIntegrationUrl, box_id: boxId, tool_id: toolId },
          { raw: ["operator_integration_url"] },
        ),
      };
    },
  };
}
