import { sliceWholeCharacters } from "../slice-whole-characters.js";
import type { DialectContext } from "./dialect-context.js";
import { recordChange } from "./dialect-context.js";

const TRIMMED_NOTE = " [description trimmed]";

/** Trims a tool description to `maxLength` characters, ending with a note, and records the cut. */
export function fitToolDescription(description: string, maxLength: number, context: DialectContext): string {
  if (description.length <= maxLength) return description;
  recordChange(context, "description", "#", "truncated", `${description.length} -> ${maxLength} characters`);
  return sliceWholeCharacters(description, maxLength - TRIMMED_NOTE.length).trimEnd() + TRIMMED_NOTE;
}
