import { repairModelJson } from "../llm/repair-model-json.js";
import { findDeepNesting } from "../openapi/find-deep-nesting.js";
import { isJsonObject } from "../openapi/own-properties.js";

/**
 * Reads the JSON object out of a model's free-text answer: reasoning (`<think>...</think>`) is dropped, then the last
 * fenced block, else the last balanced `{...}`, else the whole text, each parsed as JSON and repaired with `jsonrepair`
 * when plain parsing fails. `undefined` when no object can be read (or one nests deeper than 500 levels).
 */
export function parseModelAnswer(answer: string): Record<string, unknown> | undefined {
  if (typeof answer !== "string") return undefined;
  const text = stripReasoning(answer);
  for (const candidate of [lastFencedBlock(text), lastBalancedObject(text), text]) {
    if (candidate === undefined) continue;
    const value = parseObject(candidate);
    if (value !== undefined) return value;
  }
  return undefined;
}

function stripReasoning(text: string): string {
  const closed = text.replace(/<think>[\s\S]*?<\/think>/g, "");
  // An answer cut off inside its reasoning has nothing after the tag worth reading.
  const open = closed.indexOf("<think>");
  return open < 0 ? closed : closed.slice(0, open);
}

function lastFencedBlock(text: string): string | undefined {
  const blocks = [...text.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)];
  return blocks.at(-1)?.[1];
}

/** The last `{...}` whose braces balance, strings taken into account. */
function lastBalancedObject(text: string): string | undefined {
  let found: string | undefined;
  let start = -1;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === "\\") index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"' && depth > 0) {
      inString = true;
    } else if (character === "{") {
      if (depth === 0) start = index;
      depth += 1;
    } else if (character === "}" && depth > 0) {
      depth -= 1;
      if (depth === 0) found = text.slice(start, index + 1);
    }
  }
  // An object still open at the end is a truncated answer: jsonrepair can close it.
  return depth > 0 && start >= 0 ? text.slice(start) : found;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  for (const parse of [(raw: string) => JSON.parse(raw), (raw: string) => JSON.parse(repairModelJson(raw))]) {
    try {
      const value: unknown = parse(text.trim());
      // An object nested past the limit could not be merged or checked without overflowing the stack: unreadable.
      if (isJsonObject(value) && findDeepNesting(value) === undefined) return value;
    } catch {
      // try the next way
    }
  }
  return undefined;
}
