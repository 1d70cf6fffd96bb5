// The tools the real outputs of the corpus call, as the reference parsers' tests and the vendors' documents declare
// them (vLLM's `sample_tools`, the model cards' weather and search examples).
import type { CallableTool } from "../../../src/calls/callable-tool.js";
import type { ToolCall, ToolCallFormat } from "../../../src/calls/tool-call.js";

const string = { type: "string" };
const integer = { type: "integer" };

function tool(name: string, properties: Record<string, unknown>, required: string[] = []): CallableTool {
  return { name, description: `${name} (corpus)`, parameters: { type: "object", properties, required } };
}

/** Every tool a corpus case calls. */
export const corpusTools: CallableTool[] = [
  tool("get_weather", { city: string, state: string, unit: string, metric: string, location: string, days: integer }),
  tool("get_current_weather", {
    city: string,
    state: string,
    unit: { type: "string", enum: ["fahrenheit", "celsius"] },
    location: string,
  }),
  tool("register_user", {
    name: string,
    age: integer,
    address: { type: "object" },
    role: { type: ["string", "null"] },
    passed_test: { type: "boolean" },
    aliases: { type: "array", items: string },
  }),
  tool("get_candidate_status", { candidate_id: string }),
  tool("do_something_cool", { additional_data: { type: "object" }, steps: { type: "array" } }),
  tool("label", { tags: { type: "array", items: string } }),
  tool("set_date", { month: integer, day: integer }),
  tool("bash", { command: string }),
  tool("exec", { command: string }),
  tool("calculate_area", { shape: string, dimensions: { type: "object" }, precision: integer }),
  tool("search", { query: string, limit: integer }),
  tool("web_search", { query: string }),
  tool("get_stock_price", { ticker: string }),
  tool("calculate", { expression: string }),
  tool("add", { a: integer, b: integer }),
  tool("edit_file", { path: string, oldString: string, newString: string }),
  tool("read_file", { path: string }),
  tool("send_email", { to: string, subject: string, body: string }),
  tool("get_time", { timezone: string }),
  tool("set_options", {
    code: string,
    filter: string,
    ratio: { type: "number" },
    enabled: { type: "boolean" },
    note: { type: ["string", "null"] },
  }),
  tool("write_file", { path: string, content: string }),
];

/** The same tools as users hold them for OpenAI's Chat Completions: `{type: "function", function: {...}}`. */
export const corpusToolsAsOpenAI = corpusTools.map((tool) => ({ type: "function" as const, function: tool }));

/** A call as a case expects it: its name, arguments and format (and its id, where the format writes one). */
export function call(
  name: string,
  args: Record<string, unknown>,
  format: ToolCallFormat,
  id?: string,
): Partial<ToolCall> & Pick<ToolCall, "name" | "arguments"> {
  return { name, arguments: args, format, ...(id === undefined ? {} : { id }) };
}

/** vLLM's pythonic example, which its tests give every pythonic family: the call as written, and its arguments. */
export const REGISTER_USER = {
  python:
    "register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])",
  arguments: {
    name: "John Doe",
    age: 37,
    address: { city: "San Francisco", state: "CA" },
    role: null,
    passed_test: true,
    aliases: ["John", "Johnny"],
  },
};
