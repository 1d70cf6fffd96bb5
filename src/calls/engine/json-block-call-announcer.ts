import { BracketedCallAnnouncer, BracketedValueLexer, type CallHeader } from "./bracketed-call-announcer.js";
import type { AnnouncedCallSink } from "./call-announcer.js";
import { jsonString } from "./json-string.js";

/** The characters at which a call object's opening may become whole, or be ruled out. */
const DECISIVE = ":{}[],";
/** A JSON string literal, on one line. */
export const JSON_STRING = String.raw`"(?:[^"\\\n]|\\.)*"`;
/** What comes before a call object in a list: the `[` opening it, or the `,` after the call before. */
export const LIST_LEAD = String.raw`^(?<lead>\s*(?:[[,]\s*)?)\{\s*`;

/**
 * A call object opening up to its arguments; `decided` tells that text which does not open so never will, and matches
 * wherever `opening` does (the opening is looked for only then).
 */
export interface CallObjectForm {
  opening: RegExp;
  decided: RegExp;
}

/** `{"name": "f", "arguments": ` (or `"parameters"`), perhaps after an `"id"`, after `lead`. */
export function namedCallForm(lead: string): CallObjectForm {
  return {
    opening: new RegExp(
      `${lead}(?:"id"\\s*:\\s*(?<id>${JSON_STRING})\\s*,\\s*)?"name"\\s*:\\s*(?<name>${JSON_STRING})\\s*,\\s*"(?:arguments|parameters)"\\s*:`,
    ),
    decided: /"(?:arguments|parameters)"\s*:/,
  };
}

/** Where a block's call objects differ from a plain list of them. */
export interface CallObjectBlockOptions {
  /** A token the block's one call follows (an object before it is no call). */
  lead?: string;
  /** Names that are no tool's when an object opens with them (`{"function": {...}}` is an OpenAI-shaped call). */
  notNames?: ReadonlySet<string>;
}

/**
 * Announces the calls of a block of JSON call objects while it arrives: a call starts once its object, opening as one
 * of the block's `forms`, names it before its arguments, and its object streams to its closing brace (see
 * {@link BracketedCallAnnouncer}). Calls written otherwise (keys in another order) come whole when the block closes.
 */
export class JsonBlockCallAnnouncer extends BracketedCallAnnouncer<never> {
  /** JSON's strings and brackets: a call object ends at its closing brace outside strings. */
  protected readonly lexer = new BracketedValueLexer();
  /** An opening can only become whole at a `:` or a `{`, and be ruled out at a bracket or a comma. */
  protected override readonly decisive = DECISIVE;

  constructor(
    deltas: boolean,
    sink: AnnouncedCallSink,
    private readonly forms: readonly CallObjectForm[],
    private readonly options: CallObjectBlockOptions = {},
  ) {
    super(deltas, sink);
  }

  protected readCallHeader(header: string): CallHeader | "pending" | "none" {
    let undecided = false;
    for (const form of this.forms) {
      // An opening ends where its form is decided: until then, the longer match of the opening is not tried.
      if (!form.decided.test(header)) {
        undecided = true;
        continue;
      }
      const groups = form.opening.exec(header)?.groups;
      const name = groups === undefined ? undefined : jsonString(groups.name);
      if (groups === undefined || name === undefined || name === "" || this.options.notNames?.has(name) === true) {
        continue;
      }
      const id = jsonString(groups.id);
      const textStart = groups.lead?.length ?? 0;
      return id === undefined || id === "" ? { name, textStart, closer: "}" } : { id, name, textStart, closer: "}" };
    }
    return undecided && this.mayStillOpen(header) ? "pending" : "none";
  }

  /** Whether `header` may still open a call object: nothing closed yet, and only what may lead to one before it. */
  private mayStillOpen(header: string): boolean {
    if (header.includes("}")) return false;
    const { lead } = this.options;
    if (lead === undefined) return startsObject(header.replace(/^\s*[[,]/, ""));
    const trimmed = header.trimStart();
    if (lead.startsWith(trimmed)) return true;
    return trimmed.startsWith(lead) && startsObject(trimmed.slice(lead.length));
  }
}

function startsObject(text: string): boolean {
  const start = text.trimStart();
  return start === "" || start.startsWith("{");
}
