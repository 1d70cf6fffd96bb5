// Cases recorded by rendering a model's real chat template (test/fixtures/chat-templates): the output is what the
// template writes for a scenario's assistant turn, the calls are the scenario's own, the text is written per family.
import { readFileSync } from "node:fs";
import type { ToolInAnyDialect } from "../../../src/calls/providers/callable-tool-from-dialect.js";
import type { ToolCallFormat } from "../../../src/calls/tool-call.js";
import { type ScenarioId, scenarios } from "../../fixtures/chat-templates/scenarios.js";
import type { ModelOutputCase } from "../model-output-corpus.js";
import { call } from "./tools.js";

const recorded: Record<string, Record<string, string>> = JSON.parse(
  readFileSync(new URL("../../fixtures/chat-templates/rendered.json", import.meta.url), "utf8"),
);

/** How one family's template is read back. */
export interface RenderedFamily {
  /** The template file under test/fixtures/chat-templates. */
  template: string;
  /** The family named in each case (`"Qwen3-Coder"`). */
  family: string;
  format: ToolCallFormat;
  /** The text each scenario leaves once its calls are taken out; a scenario not listed leaves `otherText`. */
  text?: Partial<Record<ScenarioId, string>>;
  /** The text a scenario not listed in `text` leaves (what the template writes around every call). Default none. */
  otherText?: string;
  tools?: readonly ToolInAnyDialect[];
  /** The id each call must be read with, where the format writes one the model chose (the recorder's). */
  callId?: (name: string, index: number) => string;
  /** Scenarios the parser misreads today: they go to the expected failures, not the cases. */
  misreads?: ScenarioId[];
}

/** The family's rendered cases, and its misreads apart. */
export function renderedCases(family: RenderedFamily): { cases: ModelOutputCase[]; misreads: ModelOutputCase[] } {
  const outputs = recorded[family.template];
  if (outputs === undefined) throw new Error(`${family.template} is not in rendered.json: run record:chat-templates`);
  // A scenario the template cannot be rendered for faithfully is not recorded (record.ts says why).
  const all = (Object.keys(outputs) as ScenarioId[]).map((id) => {
    const output = outputs[id] as string;
    const given: ModelOutputCase = {
      name: `${family.family}: rendered "${id}"`,
      source: `chat template ${family.template}, rendered`,
      output,
      calls: scenarios[id].calls.map((expected, index) =>
        call(expected.name, expected.arguments, family.format, family.callId?.(expected.name, index)),
      ),
      text: family.text?.[id] ?? family.otherText ?? "",
      ...(family.tools === undefined ? {} : { tools: family.tools }),
    };
    return [id, given] as const;
  });
  const misread = new Set(family.misreads ?? []);
  return {
    cases: all.filter(([id]) => !misread.has(id)).map(([, given]) => given),
    misreads: all.filter(([id]) => misread.has(id)).map(([, given]) => given),
  };
}
