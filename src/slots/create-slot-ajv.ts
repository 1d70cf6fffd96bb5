import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import formatsPlugin from "ajv-formats";
import type { JsonSchema } from "../schema/json-schema.js";

/**
 * ISO 8601 calendar dates (`2024-05-01`, `20240501`), optionally with a time and offset (`2024-05-01T08:00:00+08:00`).
 * Looser than ajv-formats' `date` (RFC 3339 full-date only), as the seed's validator is.
 */
const ISO_DATE = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** True for an ISO 8601 date whose day exists (no February 30th). */
export function isIsoDate(text: string): boolean {
  if (typeof text !== "string") return false;
  const match = ISO_DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Epoch milliseconds up to the year 5138; anything non-negative below is seconds or milliseconds. */
const LARGEST_TIMESTAMP = 1e14;

/** True for a Unix timestamp in seconds or milliseconds. */
export function isTimestamp(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value < LARGEST_TIMESTAMP;
}

/**
 * Tool schemas carry OpenAPI keywords Ajv does not know (`example`, `x-*`) and formats such as `int64`: `strict: false`
 * accepts them. `verbose` gives each error its `parentSchema`, from which the remaining schema is built.
 */
const AJV_OPTIONS = { allErrors: true, strict: false, verbose: true, logger: false } as const;

/** A fresh Ajv instance for `schema`'s dialect (2020-12 when `$schema` says so, draft-07 otherwise), with formats. */
export function createSlotAjv(schema: JsonSchema): Ajv {
  const dialect = typeof schema.$schema === "string" && schema.$schema.includes("2020-12") ? "2020-12" : "draft-07";
  const ajv = dialect === "2020-12" ? new Ajv2020(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
  // ajv-formats is CommonJS: under NodeNext its default import is the module, whose `default` is the plugin.
  formatsPlugin.default(ajv);
  ajv.addFormat("date", { type: "string", validate: isIsoDate });
  ajv.addFormat("timestamp", { type: "number", validate: isTimestamp });
  return ajv;
}
