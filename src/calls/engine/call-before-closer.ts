import { startsLikeCallObject } from "./json-call-objects.js";
import { JsonValueEnd } from "./json-value-end.js";
import { isSpace } from "./xml-characters.js";

/** What {@link CallBeforeCloser.scan} found: nothing yet, a call object and its closer, or prose. */
export type CallBeforeCloserFound =
  | { kind: "pending" }
  | { kind: "call"; json: string; end: number }
  | { kind: "prose"; held: string; end: number };

const PENDING: CallBeforeCloserFound = { kind: "pending" };

/**
 * Reads what follows a block of JSON calls once it closed, for a call object closed by the block's closing tag though
 * its opening tag was left out: `<tool_call>{...}</tool_call> {...}\n</tool_call>`, as a template that opens the tag
 * once for all of a turn's calls writes them. Whitespace, then a `{` whose first key is a call's, are held; the object
 * is a call when the closing tag follows it (after whitespace), and prose otherwise, held text and all. Anything else
 * there is prose at once.
 */
export class CallBeforeCloser {
  /** Everything read since the block closed, while it may still be a call. */
  private held = "";
  /** Where the object starts in {@link held}; -1 before its `{`. */
  private objectAt = -1;
  /** Where it ends in {@link held}; -1 until its last bracket. */
  private objectEnd = -1;
  /** Whether the object's first key is a call's; undefined until that key is whole. */
  private startsLikeCall: boolean | undefined;
  private readonly valueEnd = new JsonValueEnd();
  private closer = "";

  /** Starts after a block closed by `closer`. */
  start(closer: string): void {
    this.closer = closer;
    this.held = "";
    this.objectAt = -1;
    this.objectEnd = -1;
    this.startsLikeCall = undefined;
    this.valueEnd.reset();
  }

  /** The text held, when the output ends: it is prose. */
  takeHeld(): string {
    const held = this.held;
    this.held = "";
    return held;
  }

  /** Reads `chunk` from `start`: a call ends after its closer; prose ends before the character that showed it. */
  scan(chunk: string, start: number): CallBeforeCloserFound {
    let index = start;
    while (index < chunk.length) {
      if (this.objectAt !== -1 && this.objectEnd === -1) {
        index = this.scanObject(chunk, index);
        if (this.startsLikeCall === false) return this.prose(index);
        continue;
      }
      const character = chunk.charAt(index);
      if (this.objectAt === -1) {
        if (character === "{") {
          // Read by the object's scan, from its first bracket.
          this.objectAt = this.held.length;
          continue;
        }
        if (!isSpace(character)) return this.prose(index);
      } else {
        const afterObject = this.held.slice(this.objectEnd).trimStart() + character;
        if (!(isSpace(character) && afterObject.trim() === "") && !this.closer.startsWith(afterObject)) {
          return this.prose(index);
        }
        if (afterObject === this.closer) {
          const json = this.held.slice(this.objectAt, this.objectEnd);
          this.start(this.closer);
          return { kind: "call", json, end: index + 1 };
        }
      }
      this.held += character;
      index += 1;
    }
    return PENDING;
  }

  /** Reads the object to its last bracket, judging it by its first key as soon as that key is whole. */
  private scanObject(chunk: string, start: number): number {
    const end = this.valueEnd.scan(chunk, start);
    this.held += chunk.slice(start, end);
    if (this.valueEnd.found) this.objectEnd = this.held.length;
    this.startsLikeCall ??= startsLikeCallObject(this.held.slice(this.objectAt));
    return end;
  }

  private prose(end: number): CallBeforeCloserFound {
    return { kind: "prose", held: this.takeHeld(), end };
  }
}
