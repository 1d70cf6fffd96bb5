import type { TokenSectionSyntax } from "../engine/token-section.js";

/** A fenced block around arguments: DeepSeek V3 and R1 write ```json ... ```. */
const FENCED = /^\s*```[a-z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/;

/**
 * DeepSeek V3.1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{...}<｜tool▁call▁end｜>
 * <｜tool▁calls▁end｜>`; V3 and R1 write `function<｜tool▁sep｜>get_weather`, then the arguments fenced as JSON.
 */
export const DEEPSEEK_SECTION: TokenSectionSyntax = {
  format: "deepseek",
  sections: new Map([["<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>"]]),
  callBegin: "<｜tool▁call▁begin｜>",
  callEnd: "<｜tool▁call▁end｜>",
  separator: "<｜tool▁sep｜>",
  readCall(text) {
    const marker = text.indexOf(this.separator);
    if (marker === -1) return { name: text.trim() };
    const before = text.slice(0, marker).trim();
    const after = text.slice(marker + this.separator.length);
    if (before !== "function") return { name: before, arguments: after };
    const lineEnd = after.indexOf("\n");
    const name = (lineEnd === -1 ? after : after.slice(0, lineEnd)).trim();
    const rest = lineEnd === -1 ? "" : after.slice(lineEnd + 1);
    return { name, arguments: FENCED.exec(rest)?.[1] ?? rest };
  },
  readOpening(text) {
    const marker = text.indexOf(this.separator);
    if (marker === -1) return undefined;
    // V3 and R1 name the tool on the line after `function<｜tool▁sep｜>`: whole once that line ends.
    const isFunction = text.slice(0, marker).trim() === "function";
    return isFunction && !text.includes("\n", marker) ? undefined : { name: this.readCall(text).name };
  },
};
