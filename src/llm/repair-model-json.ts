import { jsonrepair } from "jsonrepair";

/**
 * The longest answer `jsonrepair` is given. Some of its repairs take time that grows faster than the text (a comma
 * missing between each of many values: 150 ms at 64 KB, 3.5 s at 128 KB), and an endpoint's answer is untrusted:
 * a longer answer that is not JSON as written is not repaired. The tool-call parser keeps the same limit.
 */
const MAX_REPAIRED_ANSWER_LENGTH = 64 * 1024;

/**
 * `jsonrepair`'s repair of a model's answer; throws an `Error` saying why when the answer is longer than
 * {@link MAX_REPAIRED_ANSWER_LENGTH}, and, as `jsonrepair` does, when it cannot be repaired.
 *
 * @example
 * JSON.parse(repairModelJson('{"limit": 20,}')); // { limit: 20 }
 */
export function repairModelJson(text: string): string {
  if (text.length > MAX_REPAIRED_ANSWER_LENGTH) {
    throw new Error(
      `an answer of ${text.length} characters that is not JSON as written is not repaired (the limit is ${MAX_REPAIRED_ANSWER_LENGTH}: repairing more can take seconds)`,
    );
  }
  return jsonrepair(text);
}
