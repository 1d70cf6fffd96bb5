// The routes' JSON Schemas: Fastify validates requests with them, and @fastify/swagger builds `/docs` from them.
// Unknown body fields are accepted and ignored (forward compatibility: newer agents may send more), never an error;
// the free-form objects (`unique_identity`, `tool.parameters`, `schema`) are passed on untouched.

import { TOOL_CALL_FORMATS } from "../calls/tool-call.js";
import { DIALECTS } from "../schema/tool-definition.js";

const ERROR_BODY = {
  type: "object",
  description: "An error: a stable code, a message saying what and where, and the code's data.",
  properties: { code: { type: "string" }, message: { type: "string" } },
  additionalProperties: true,
} as const;

const DYNAMIC_TOOL = {
  type: "object",
  description: "A recalled tool, as the recall route answers it.",
  required: ["name", "parameters", "api_url"],
  properties: {
    name: { type: "string", minLength: 1 },
    description: { type: "string" },
    parameters: { type: "object", additionalProperties: true },
    api_url: { type: "string", minLength: 1 },
    original_schema: {},
    fixed_params: { type: "object", additionalProperties: true },
    fixed_params_by_location: { type: "object", additionalProperties: true },
    unlocated_fixed_params: { type: "array", items: { type: "string" } },
    mcp: { type: "object", properties: { tool_name: { type: "string" } }, required: ["tool_name"] },
    dialect_tool: {},
  },
} as const;

const TOOL_REFERENCE = {
  description:
    "The tool to execute: the recalled action {kn_id, action_type_id, unique_identity}, or a tool-box tool {box_id, tool_id} (KWeaver mode).",
  anyOf: [
    {
      type: "object",
      required: ["kn_id", "action_type_id", "unique_identity"],
      properties: {
        kn_id: { type: "string", minLength: 1 },
        action_type_id: { type: "string", minLength: 1 },
        unique_identity: { type: "object", additionalProperties: true },
      },
    },
    {
      type: "object",
      required: ["box_id", "tool_id"],
      properties: { box_id: { type: "string", minLength: 1 }, tool_id: { type: "string", minLength: 1 } },
    },
  ],
} as const;

/** How a caller presents its credential, for the OpenAPI document (which one applies depends on `AUTH_MODE`). */
export const SECURITY_SCHEMES = {
  bearer: { type: "http", scheme: "bearer", description: "An API key (AUTH_MODE=api-key) or a JWT (AUTH_MODE=jwt)." },
  apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "An API key (AUTH_MODE=api-key)." },
} as const;

/** What `/readyz` answers, ready (200) or not (503). */
const READINESS = {
  type: "object",
  properties: {
    status: { type: "string", enum: ["ready", "not ready"] },
    mode: { type: "string", enum: ["catalog", "kweaver"] },
    upstreams: {
      type: "array",
      items: { type: "object", properties: { name: { type: "string" }, reachable: { type: "boolean" } } },
    },
  },
} as const;

/** No credential: the health probes. */
const PUBLIC: Array<Record<string, string[]>> = [];

/** The schema of each route, by route. */
export const ROUTE_SCHEMAS = {
  health: {
    summary: "Liveness",
    security: PUBLIC,
    response: { 200: { type: "object", properties: { status: { type: "string" } } } },
  },
  ready: {
    summary: "Readiness: every configured upstream answers",
    description: "Names each configured upstream and whether it answers; 503 when one does not.",
    security: PUBLIC,
    response: { 200: READINESS, 503: READINESS },
  },
  metrics: {
    summary: "Prometheus metrics: requests, upstream latency, caches and the Node process",
    description:
      "Prometheus text exposition. Needs a credential with the admin scope, or METRICS_TOKEN as a bearer token.",
    security: [{ bearer: [] }, { apiKey: [] }],
    response: {
      200: {
        description: "The metrics, in the Prometheus text format 0.0.4.",
        content: { "text/plain": { schema: { type: "string" } } },
      },
    },
  },
  mcp: {
    summary: "MCP over Streamable HTTP: tools/list recalls the bound actions, tools/call executes them",
    description:
      "A stateless MCP server (JSON-RPC 2.0). POST a request, notification or batch with Accept: application/json, text/event-stream; the answer is JSON or server-sent events. GET opens the server's event stream; DELETE ends a session (the server is stateless: there is none to end). Needs a credential with the mcp scope; Origin and Host are checked.",
    response: {
      200: {
        description: "The JSON-RPC answer, as JSON or as server-sent events.",
        content: {
          "application/json": { schema: { type: "object", additionalProperties: true } },
          "text/event-stream": { schema: { type: "string" } },
        },
      },
    },
  },
  recall: {
    summary: "Recall the dynamic tool of an action for one object (seed 003)",
    params: {
      type: "object",
      required: ["kn_id", "action_type_id"],
      properties: { kn_id: { type: "string", minLength: 1 }, action_type_id: { type: "string", minLength: 1 } },
    },
    querystring: {
      type: "object",
      properties: {
        dialect: {
          type: "string",
          enum: [...DIALECTS],
          description: "Also answer each tool in this provider's dialect, as `dialect_tool`.",
        },
      },
    },
    body: {
      type: "object",
      required: ["unique_identity"],
      properties: {
        unique_identity: {
          type: "object",
          description: "One object's identity (an object, not an array): the upstream is asked for [unique_identity].",
          additionalProperties: true,
        },
      },
    },
    response: { "4xx": ERROR_BODY, "5xx": ERROR_BODY },
  },
  toolCall: {
    summary: "Execute a call of a recalled tool through its proxy; the tool is resolved again as the caller",
    querystring: {
      type: "object",
      properties: { stream: { type: "boolean", description: "Pass the proxy's server-sent events through." } },
    },
    body: {
      type: "object",
      required: ["call"],
      properties: {
        tool_ref: TOOL_REFERENCE,
        tool: {
          ...DYNAMIC_TOOL,
          description: "A whole tool definition: refused unless ALLOW_CLIENT_TOOLS (development only).",
        },
        call: { description: "A ToolCall {id, name, arguments, format}, or raw model output (JSON or XML text)." },
      },
    },
    response: { "4xx": ERROR_BODY, "5xx": ERROR_BODY },
  },
  convert: {
    summary: "Convert OpenAPI operations (or an MCP tool, or a tool-box tool detail) into LLM tools (seed 000)",
    body: {
      type: "object",
      required: ["document"],
      properties: {
        document: {
          description: "The document: an object, or JSON / YAML text (OpenAPI 3.x, Swagger 2.0 upgraded).",
          anyOf: [
            { type: "string", minLength: 1 },
            { type: "object", additionalProperties: true },
          ],
        },
        dialect: { type: "string", enum: [...DIALECTS] },
        maxDepth: { type: "integer", minimum: 0, maximum: 32 },
        maxTokens: { type: "integer", minimum: 1 },
        fixed: { type: "object", additionalProperties: true },
        fixConstants: { type: "boolean" },
        operations: { type: "array", items: { type: "string" } },
      },
    },
    response: { "4xx": ERROR_BODY, "5xx": ERROR_BODY },
  },
  parse: {
    summary: "Parse model output into tool calls, in any syntax `action-recall parse` reads",
    body: {
      type: "object",
      required: ["output"],
      properties: {
        output: { description: "The model's output: text, or a provider's response, message or content." },
        tools: {
          type: "array",
          items: { type: "object", additionalProperties: true },
          description:
            "Known tools, each in any dialect `convert` prints (OpenAI `{type: function, function}`, Responses, Anthropic `input_schema`, Gemini `parameters` or `functionDeclarations`, MCP `inputSchema`) or as a recalled tool: they type arguments by schema, and only calls naming them count where nothing else marks a call (legacy tags, JSON a reply starts with). An entry that is no tool is a 422 INVALID_TOOL_DEFINITION naming its index.",
        },
        format: {
          type: "string",
          enum: ["auto", ...TOOL_CALL_FORMATS],
          description: "auto (the default) reads every syntax; any other reads that one only.",
        },
      },
    },
    response: { "4xx": ERROR_BODY, "5xx": ERROR_BODY },
  },
  fillSlots: {
    summary: "Fill a tool's missing arguments; streamed as server-sent events (seed 004)",
    body: {
      type: "object",
      required: ["schema"],
      properties: {
        schema: { type: "object", additionalProperties: true },
        data: { type: "object", additionalProperties: true },
        question: { type: "string" },
        language: { type: "string", enum: ["zh", "en"] },
        tool: {
          type: "object",
          required: ["name"],
          properties: { name: { type: "string" }, description: { type: "string" } },
        },
      },
    },
  },
} as const;
