import type { ToolCall } from "./tool-call.js";
import type { ToolCallError } from "./tool-call-error.js";

/**
 * What the streaming parser reports, in order. Text is coalesced: within one `push` (or `end`) consecutive text is one
 * `text` event, and no event is empty, so the concatenated `delta`s equal the one-shot `text`.
 *
 * - `tool-call-start`: a call began (XML and legacy tags: at the opening tag; the first call of a `<tool_call>`: once
 *   its opening names it, `<function=name>` or a JSON call's `{"name": "f", "arguments": `; other
 *   calls of blocks read whole: when the block is complete).
 * - `tool-call-delta`: more raw argument text as it arrives; for XML, the raw text of `parameter` (entities not yet
 *   decoded), for a `<tool_call>`'s JSON the object, for its first function its text to `</function>`, for legacy tags
 *   the tag's inner text, for a message to a tool (`>>>name`) its text from the recipient's line. Deltas are what was
 *   read so far: where a body is cut after all (a closing marker written inside a string of JSON that never closes),
 *   they may run past the cut, and what follows the cut is read again as the one-shot reads it; the `tool-call` event
 *   is the call as read.
 * - `tool-call`: the complete call, typed by schema, as soon as its closing tag arrives.
 * - `error`: a problem, such as a block left open at the end (never dropped silently). A started call the block does
 *   not hold once read whole (JSON whose `id` follows its arguments) is withdrawn by an error naming its id; that id
 *   may start again for a call the block does hold.
 */
export type ToolCallStreamEvent =
  | { type: "text"; delta: string }
  | { type: "tool-call-start"; id: string; name: string }
  | { type: "tool-call-delta"; id: string; argumentsDelta: string; parameter?: string }
  | { type: "tool-call"; call: ToolCall }
  | { type: "error"; error: ToolCallError };
