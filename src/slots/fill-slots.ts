import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument, invalidOptionError } from "../errors/invalid-option-error.js";
import type { LlmClient } from "../llm/llm-client.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { RemainingSchema } from "./build-remaining-schema.js";
import { makeNullable } from "./make-nullable.js";
import { leafPointers, mergeSlotData } from "./merge-slot-data.js";
import { parseModelAnswer } from "./parse-model-answer.js";
import { prefillSlots } from "./prefill-slots.js";
import { SlotProcessor } from "./slot-processor.js";
import type { SlotHistoryStep, SlotSource, SlotSources } from "./slot-sources.js";
import {
  loadSlotTemplates,
  renderSlotTemplate,
  SLOT_LANGUAGES,
  type SlotLanguage,
  type SlotTemplates,
} from "./slot-templates.js";

/** Options of {@link fillSlots}. */
export interface FillSlotsOptions {
  /** The JSON Schema the data must satisfy (flat or a layered tool schema). */
  schema: JsonSchema;
  /** Values known already (never mutated). */
  data?: Record<string, unknown>;
  /** The user's question. */
  question?: string;
  /** Earlier steps and their outputs, oldest first. */
  history?: readonly SlotHistoryStep[];
  /** A summary of the conversation so far. */
  summary?: string;
  /** Facts known about the user or the task. */
  facts?: readonly string[];
  /** The language of the prompts; `en` unless told. */
  language?: SlotLanguage;
  /** The tool the parameters are for, shown to the model. */
  tool?: { name: string; description?: string };
  /** The model; without one only the deterministic phase runs. */
  llm?: LlmClient;
  /** Templates replacing the files in `templates/slots/`. */
  templates?: Partial<SlotTemplates>;
  signal?: AbortSignal;
}

/** What {@link fillSlots} yields: text while the model streams, a warning when an answer is unusable, the result last. */
export type FillSlotsChunk =
  | { type: "text"; delta: string }
  | { type: "warning"; message: string }
  | { type: "result"; slotData: Record<string, unknown>; remainingSchema: RemainingSchema; sources: SlotSources };

/** Longest part of one step's output shown in a prompt. */
const OUTPUT_EXCERPT = 4000;

interface FillState {
  data: Record<string, unknown>;
  remaining: RemainingSchema;
  sources: SlotSources;
}

/**
 * Seed 004's fill, in phases: what needs no model (constants, defaults, earlier steps' outputs); then a prompt for the
 * JSON object (streamed, parsed tolerantly); then, only if something is still missing or invalid, structured output
 * over the remaining schema. Each phase is deep-merged into the data so far, converted and checked; the result's
 * remaining schema says what to ask the user, and `sources` where each field came from.
 *
 * @example
 * for await (const chunk of fillSlots({ schema, question: "Weather in Hangzhou tomorrow?", llm })) {
 *   if (chunk.type === "result") console.log(chunk.slotData, chunk.remainingSchema);
 * }
 */
export async function* fillSlots(options: FillSlotsOptions): AsyncGenerator<FillSlotsChunk, void, undefined> {
  checkObjectArgument("fillSlots", "options", options);
  if (options.language !== undefined && !SLOT_LANGUAGES.includes(options.language)) {
    throw invalidOptionError("fillSlots", "language", options.language, '"zh" or "en"');
  }
  const processor = new SlotProcessor(options.schema);
  const given = processor.convert(options.data ?? {}).data;
  if (!isJsonObject(given)) {
    throw new ActionRecallError("INVALID_ARGUMENTS", "The slot data must be a JSON object", { data: { pointer: "" } });
  }
  const sources: SlotSources = {};
  for (const pointer of leafPointers(given)) sources[pointer] = "data";
  const prefilled = prefillSlots({ schema: processor.schema, data: given, history: options.history ?? [] });
  let state = settle(processor, prefilled.data, { ...sources, ...prefilled.sources });

  const llm = options.llm;
  if (llm !== undefined && !isEmpty(state.remaining)) {
    const templates = await resolveTemplates(options);
    const values = promptValues(options, processor.schema, state.data);
    let answer = "";
    for await (const delta of llm.stream({
      messages: [{ role: "user", content: renderSlotTemplate(templates.phase1, values) }],
      ...signalOption(options),
    })) {
      answer += delta;
      yield { type: "text", delta };
    }
    const parsed = parseModelAnswer(answer);
    if (parsed === undefined) yield { type: "warning", message: "The model's phase 1 answer holds no JSON object" };
    else state = mergePhase(processor, state, processor.convert(parsed).data, "llm:phase1");

    if (!isEmpty(state.remaining)) {
      const structured = await llm.completeStructured({
        messages: [
          {
            role: "system",
            content: renderSlotTemplate(templates.phase2, promptValues(options, processor.schema, state.data)),
          },
          { role: "user", content: options.question ?? "" },
        ],
        schema: makeNullable(state.remaining),
        name: "fill_parameters",
        ...signalOption(options),
      });
      if (!isJsonObject(structured))
        yield { type: "warning", message: "The model's phase 2 answer is not a JSON object" };
      // Phase 2 answers by pointer (`{"/city": ...}`); converting against the full schema expands the pointers.
      else state = mergePhase(processor, state, processor.convert(structured).data, "llm:phase2");
    }
  }
  yield { type: "result", slotData: state.data, remainingSchema: state.remaining, sources: state.sources };
}

function settle(processor: SlotProcessor, data: Record<string, unknown>, sources: SlotSources): FillState {
  const converted = processor.convert(data).data;
  const settled = isJsonObject(converted) ? converted : data;
  return { data: settled, remaining: processor.check(settled), sources };
}

function mergePhase(processor: SlotProcessor, state: FillState, answer: unknown, source: SlotSource): FillState {
  if (!isJsonObject(answer)) return state;
  const replace = isEmpty(state.remaining) ? [] : state.remaining.required;
  const merged = mergeSlotData(state.data, answer, replace);
  const sources = { ...state.sources };
  for (const pointer of merged.written) sources[pointer] = source;
  return settle(processor, merged.data, sources);
}

function isEmpty(remaining: RemainingSchema): remaining is Record<string, never> {
  return !("required" in remaining);
}

async function resolveTemplates(options: FillSlotsOptions): Promise<SlotTemplates> {
  const { phase1, phase2 } = options.templates ?? {};
  if (phase1 !== undefined && phase2 !== undefined) return { phase1, phase2 };
  const files = await loadSlotTemplates(options.language ?? "en");
  return { phase1: phase1 ?? files.phase1, phase2: phase2 ?? files.phase2 };
}

function promptValues(
  options: FillSlotsOptions,
  schema: JsonSchema,
  data: Record<string, unknown>,
): Record<string, string> {
  const none = options.language === "zh" ? "（无）" : "(none)";
  const facts = options.facts ?? [];
  const history = options.history ?? [];
  return {
    tool_name: options.tool?.name ?? "tool",
    tool_description: options.tool?.description ?? none,
    summary: options.summary?.trim() || none,
    facts: facts.length === 0 ? none : facts.map((fact) => `- ${fact}`).join("\n"),
    history:
      history.length === 0
        ? none
        : history
            .map((step, index) => `${index + 1}. ${step.name}: ${JSON.stringify(step.output).slice(0, OUTPUT_EXCERPT)}`)
            .join("\n"),
    question: options.question?.trim() || none,
    schema: JSON.stringify(schema, null, 2),
    data: JSON.stringify(data, null, 2),
  };
}

function signalOption(options: FillSlotsOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}
