/** Seed 004: the slot processor (remaining schema, conversion, nullable copy) and the phased fill. */
export type { RemainingSchema } from "./build-remaining-schema.js";
export type { Coercion, CoercionKind, ConversionOutcome } from "./convert-to-schema.js";
export { isIsoDate, isTimestamp } from "./create-slot-ajv.js";
export { type FillSlotsChunk, type FillSlotsOptions, fillSlots } from "./fill-slots.js";
export { parseModelAnswer } from "./parse-model-answer.js";
export { describeIssue, SlotProcessor } from "./slot-processor.js";
export type { SlotHistoryStep, SlotSource, SlotSources } from "./slot-sources.js";
export { loadSlotTemplates, type SlotLanguage, type SlotTemplates } from "./slot-templates.js";
