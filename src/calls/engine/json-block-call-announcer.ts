import { BracketedCallAnnouncer, BracketedValueLexer, type CallHeader } from "./bracketed-call-announcer.js";
import { jsonString } from "./tool-call-body-opening.js";

/** The blocks of JSON call objects whose calls are announced: Cohere's, InternLM's and Apertus'. */
export type JsonCallBlockFormat = "cohere" | "internlm" | "apertus";

/** The characters at which a call object's opening may become whole, or be ruled out. */
const DECISIVE = /[:{}[\],]/;
/** A JSON string literal, on one line. */
const STRING = String.raw`"(?:[^"\\\n]|\\.)*"`;
/** What comes before a call object in a list: the `[` opening it, or the `,` after the call before. */
const LIST_LEAD = String.raw`^(?<lead>\s*(?:[[,]\s*)?)\{\s*`;
/** InternLM's one call follows the token that says a plugin (not its code interpreter) is called. */
const PLUGIN = "<|plugin|>";
const PLUGIN_LEAD = String.raw`^(?<lead>\s*<\|plugin\|>\s*)\{\s*`;

/** A call object opening up to its arguments; `decided` tells that text which does not open so never will. */
interface CallObjectForm {
  opening: RegExp;
  decided: RegExp;
}

/** `{"name": "f", "arguments": ` (or `"parameters"`), perhaps after an `"id"`: as Hermes' and InternLM's calls open. */
function namedCallForm(lead: string): CallObjectForm {
  return {
    opening: new RegExp(
      `${lead}(?:"id"\\s*:\\s*(?<id>${STRING})\\s*,\\s*)?"name"\\s*:\\s*(?<name>${STRING})\\s*,\\s*"(?:arguments|parameters)"\\s*:`,
    ),
    decided: /"(?:arguments|parameters)"\s*:/,
  };
}

/**
 * How each block's calls open, as its reader reads them (`build-call-block.ts`): Cohere's `{"tool_call_id": "0",
 * "tool_name": "f", "parameters": `, InternLM's `<|plugin|>{"name": "f", "parameters": `, and Apertus' `{"f": {`
 * or a named call. Calls written otherwise (keys in another order) come whole when their block closes.
 */
const FORMS: Record<JsonCallBlockFormat, readonly CallObjectForm[]> = {
  cohere: [
    {
      opening: new RegExp(
        `${LIST_LEAD}"tool_call_id"\\s*:\\s*(?<id>${STRING}|-?\\d+)\\s*,\\s*"tool_name"\\s*:\\s*(?<name>${STRING})\\s*,\\s*"parameters"\\s*:`,
      ),
      decided: /"parameters"\s*:/,
    },
  ],
  internlm: [namedCallForm(PLUGIN_LEAD)],
  apertus: [
    {
      opening: new RegExp(`${LIST_LEAD}(?<name>${STRING})\\s*:\\s*\\{`),
      decided: new RegExp(`${LIST_LEAD}${STRING}\\s*:\\s*\\S`),
    },
    namedCallForm(LIST_LEAD),
  ],
};

/**
 * Announces the calls of a block of JSON call objects while it arrives (Cohere's `<|START_ACTION|>`, InternLM's
 * `<|action_start|><|plugin|>`, Apertus' `<|tools_prefix|>`): a call starts once its object names it before its
 * arguments, and its object streams to its closing brace (see {@link BracketedCallAnnouncer}).
 */
export class JsonBlockCallAnnouncer extends BracketedCallAnnouncer<never> {
  /** JSON's strings and brackets: a call object ends at its closing brace outside strings. */
  protected readonly lexer = new BracketedValueLexer();
  private forms: readonly CallObjectForm[] = [];
  private format: JsonCallBlockFormat = "cohere";
  /** The length of the header last read when it was pending; -1 when it was not. */
  private pendingLength = -1;

  /** Starts following a block of `format` that has just opened. */
  override open(format: JsonCallBlockFormat = "cohere"): void {
    super.open();
    this.format = format;
    this.forms = FORMS[format];
    this.pendingLength = -1;
  }

  /**
   * A stream reads the header again at each character. An opening can only become whole at a `:` or a `{`, and be
   * ruled out at a bracket or a comma: after any other character a pending header stays pending without a look (and
   * one ruled out then is found so a character or two later, at the next of those).
   */
  protected readCallHeader(header: string): CallHeader | "pending" | "none" {
    if (header.length === this.pendingLength + 1 && !DECISIVE.test(header.charAt(header.length - 1))) {
      this.pendingLength = header.length;
      return "pending";
    }
    const read = this.readWholeHeader(header);
    this.pendingLength = read === "pending" ? header.length : -1;
    return read;
  }

  private readWholeHeader(header: string): CallHeader | "pending" | "none" {
    for (const form of this.forms) {
      const groups = form.opening.exec(header)?.groups;
      const name = groups === undefined ? undefined : jsonString(groups.name);
      // `{"function": {"name": ...}}` is an OpenAI-shaped call, which Apertus' reader reads as such.
      if (
        groups === undefined ||
        name === undefined ||
        name === "" ||
        (this.format === "apertus" && name === "function")
      ) {
        continue;
      }
      const id = jsonString(groups.id);
      const textStart = groups.lead?.length ?? 0;
      return id === undefined || id === "" ? { name, textStart, closer: "}" } : { id, name, textStart, closer: "}" };
    }
    const undecided = this.forms.some((form) => !form.decided.test(header));
    return undecided && this.mayStillOpen(header) ? "pending" : "none";
  }

  /** Whether `header` may still open a call object: nothing closed yet, and only what may lead to one before it. */
  private mayStillOpen(header: string): boolean {
    if (header.includes("}")) return false;
    if (this.format !== "internlm") return startsObject(header.replace(/^\s*[[,]/, ""));
    const trimmed = header.trimStart();
    if (PLUGIN.startsWith(trimmed)) return true;
    return trimmed.startsWith(PLUGIN) && startsObject(trimmed.slice(PLUGIN.length));
  }
}

function startsObject(text: string): boolean {
  const start = text.trimStart();
  return start === "" || start.startsWith("{");
}
