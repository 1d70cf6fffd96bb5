import { describe, expect, test } from "vitest";
import type { DynamicTool } from "../../src/recall/index.js";
import { refuseFixedArguments } from "../../src/recall/index.js";

/** The example catalog's annotate_order: an id in the path, a tenant header, a nested body member. */
const OPERATION_TOOL: DynamicTool = {
  name: "annotateOrder",
  description: "",
  parameters: { type: "object" },
  api_url: "http://proxy/tool",
  original_schema: {},
  fixed_params: { order_id: "ord_1", "x-tenant-id": "acme", "props.data_source": "action-recall" },
  fixed_params_by_location: {
    path: { order_id: "ord_1" },
    header: { "x-tenant-id": "acme" },
    body: { props: { data_source: "action-recall" } },
  },
};

const MCP_TOOL: DynamicTool = {
  ...OPERATION_TOOL,
  fixed_params: { tenant: "acme" },
  mcp: { tool_name: "lookup_order" },
};
delete MCP_TOOL.fixed_params_by_location;

describe("refuseFixedArguments", () => {
  test.each([
    { name: "a fixed path value", tool: OPERATION_TOOL, given: { path: { order_id: "ord_2" } }, want: "path.order_id" },
    {
      name: "a fixed header in another case",
      tool: OPERATION_TOOL,
      given: { header: { "X-Tenant-ID": "evil" } },
      want: "header.X-Tenant-ID",
    },
    {
      name: "a nested fixed body member",
      tool: OPERATION_TOOL,
      given: { body: { text: "hi", props: { data_source: "evil" } } },
      want: "body.props.data_source",
    },
    { name: "a fixed name written flat", tool: OPERATION_TOOL, given: { order_id: "ord_2" }, want: "order_id" },
    { name: "an MCP tool's flat fixed argument", tool: MCP_TOOL, given: { tenant: "evil", order: {} }, want: "tenant" },
  ])("$name → FIXED_PARAMETER naming $want", ({ tool, given, want }) => {
    expect(() => refuseFixedArguments(tool, given)).toThrow(
      expect.objectContaining({ code: "FIXED_PARAMETER", data: { parameter: want, tool: tool.name } }),
    );
  });

  test.each([
    {
      name: "free members beside a fixed nested one",
      tool: OPERATION_TOOL,
      given: { body: { text: "hi", props: { note: "x" } } },
    },
    { name: "other headers", tool: OPERATION_TOOL, given: { header: { "x-trace": "1" }, query: { order_id: "q" } } },
    { name: "an MCP tool's free arguments", tool: MCP_TOOL, given: { order: { id: "1" } } },
  ])("$name pass", ({ tool, given }) => {
    expect(() => refuseFixedArguments(tool, given)).not.toThrow();
  });
});
