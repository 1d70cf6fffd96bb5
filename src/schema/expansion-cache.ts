import type { RefResolver } from "../openapi/ref-resolver.js";
import type { ResourceScope, SchemaRefResolver } from "../openapi/schema-ref-resolver.js";
import type { PrunedSchema, SchemaConflict } from "./conversion-report.js";
import { MAX_EXPANDED_SCHEMAS, MAX_SCHEMA_NESTING } from "./expansion-limits.js";

/**
 * Remembered expansions of local `$ref`s, keyed by ref, remaining depth and `omitReadOnly`. An entry is reused only
 * where it comes out the same: the refs it pruned are (or are not) on the new path as they were on the first, the
 * nesting and size limits are not reached, and its report entries are re-based on the new pointer.
 */
export interface ExpansionCache {
  /** Expansions of `$ref` targets: by ref, then at index `remaining depth * 2 + (omitReadOnly ? 1 : 0)`. */
  readonly entries: Map<string, (CachedExpansion | undefined)[]>;
  /** The document's local refs, each looked up once (given at creation, or set on first use). */
  resolve?: RefResolver;
  /** The document's schema refs, resolved with their base URIs (set on first use). */
  schemaRefs?: SchemaRefResolver;
  /**
   * Set once an expansion meets a schema OpenAI refuses as written (see `openAiRefusesSchema`): until then the OpenAI
   * dialects need not look through each tool for one.
   */
  metSchemaOpenAiRefuses?: true;
}

/**
 * A cache for `expandRefs`' `cache` option, to share across the operations of one document conversion. `resolve`
 * is the document's ref resolver when the caller already looks refs up with one (it read the operations with it).
 */
export function createExpansionCache(resolve?: RefResolver): ExpansionCache {
  return resolve === undefined ? { entries: new Map() } : { entries: new Map(), resolve };
}

interface CachedExpansion {
  schema: unknown;
  /** Pruned and conflict entries with pointers relative to the expansion's own pointer. */
  pruned: PrunedSchema[];
  conflicts: SchemaConflict[];
  schemasMade: number;
  /** How many levels the expansion nests below its own. */
  nesting: number;
  /** Refs pruned for depth or cycle that are not on the expansion's own path, and whether they were on the path. */
  outsideRefs: Map<string, boolean>;
}

/** An expansion being recorded for the cache. */
interface RecordingFrame {
  /** Index in the path's refs of the ref this frame expands: refs before it are the ancestors. */
  start: number;
  pointer: string;
  prunedStart: number;
  conflictsStart: number;
  schemasMadeStart: number;
  nestingStart: number;
  deepestNesting: number;
  outsideRefs: Map<string, boolean>;
  /** The result depended on the size budget, or on the path's dynamic scope: not cached. */
  uncacheable: boolean;
}

/**
 * Where the walk is: the refs followed on this path (its length is the depth), the output pointer, the nesting, and
 * the schema resources entered (undefined: the document's own).
 */
export interface PathState {
  refs: readonly string[];
  pointer: string;
  nesting: number;
  scope: ResourceScope | undefined;
}

/** What an expansion has made so far: the cache records it for each expansion of a ref, and replays it on reuse. */
export interface ExpansionRecord {
  pruned: PrunedSchema[];
  conflicts: SchemaConflict[];
  schemasMade: number;
  /** Expansions being recorded, innermost last. */
  frames: RecordingFrame[];
}

/** Notes that the walk reached `nesting`: the expansions being recorded nest at least that deep. */
export function noteNesting(context: ExpansionRecord, nesting: number): void {
  const frame = context.frames.at(-1);
  if (frame !== undefined && nesting > frame.deepestNesting) frame.deepestNesting = nesting;
}

/**
 * The expansion of `ref`'s target as `variant` (see {@link ExpansionCache.entries}): the one cached, when it comes out
 * the same here; otherwise `work`'s (the expansion below `state`'s path), recorded with what it depends on, and
 * cached unless the size budget cut it.
 */
export function expandCached(
  cache: ExpansionCache,
  ref: string,
  variant: number,
  context: ExpansionRecord,
  state: PathState,
  work: () => unknown,
): unknown {
  let variants = cache.entries.get(ref);
  if (variants === undefined) {
    variants = [];
    cache.entries.set(ref, variants);
  }
  const cached = variants[variant];
  if (cached !== undefined && reusable(cached, context, state)) {
    reuse(cached, context, state);
    return cached.schema;
  }
  const frame: RecordingFrame = {
    start: state.refs.length,
    pointer: state.pointer,
    prunedStart: context.pruned.length,
    conflictsStart: context.conflicts.length,
    schemasMadeStart: context.schemasMade,
    nestingStart: state.nesting,
    deepestNesting: state.nesting,
    outsideRefs: new Map(),
    uncacheable: false,
  };
  context.frames.push(frame);
  let expanded: unknown;
  try {
    expanded = work();
  } finally {
    context.frames.pop();
  }
  closeFrame(frame, context, state.refs);
  if (!frame.uncacheable && variants[variant] === undefined) {
    variants[variant] = {
      schema: expanded,
      pruned: context.pruned.slice(frame.prunedStart).map((entry) => relativeTo(entry, frame.pointer)),
      conflicts: context.conflicts.slice(frame.conflictsStart).map((entry) => relativeTo(entry, frame.pointer)),
      schemasMade: context.schemasMade - frame.schemasMadeStart,
      nesting: frame.deepestNesting - frame.nestingStart,
      outsideRefs: frame.outsideRefs,
    };
  }
  return expanded;
}

/** A cached expansion comes out the same here when no limit is reached and its pruned refs' reasons do not change. */
function reusable(cached: CachedExpansion, context: ExpansionRecord, state: PathState): boolean {
  if (context.schemasMade + cached.schemasMade > MAX_EXPANDED_SCHEMAS) return false;
  if (state.nesting + cached.nesting > MAX_SCHEMA_NESTING) return false;
  for (const [ref, wasOnPath] of cached.outsideRefs) {
    if (state.refs.includes(ref) !== wasOnPath) return false;
  }
  return true;
}

function reuse(cached: CachedExpansion, context: ExpansionRecord, state: PathState): void {
  context.schemasMade += cached.schemasMade;
  for (const entry of cached.pruned) context.pruned.push(rebased(entry, state.pointer));
  for (const entry of cached.conflicts) context.conflicts.push(rebased(entry, state.pointer));
  const frame = context.frames.at(-1);
  if (frame === undefined) return;
  frame.deepestNesting = Math.max(frame.deepestNesting, state.nesting + cached.nesting);
  addOutsideRefs(frame, cached.outsideRefs, state.refs);
}

/** Hands what a finished recording depends on to the recording around it, if any. */
function closeFrame(frame: RecordingFrame, context: ExpansionRecord, ancestors: readonly string[]): void {
  const outer = context.frames.at(-1);
  if (outer === undefined) return;
  outer.deepestNesting = Math.max(outer.deepestNesting, frame.deepestNesting);
  outer.uncacheable ||= frame.uncacheable;
  addOutsideRefs(outer, frame.outsideRefs, ancestors);
}

/**
 * Refs an inner expansion pruned without finding them on its own path: for `frame`, those not on its own path
 * either (the path's refs from `frame.start`) depend on its ancestors.
 */
function addOutsideRefs(frame: RecordingFrame, refs: ReadonlyMap<string, boolean>, path: readonly string[]): void {
  for (const [ref, wasOnPath] of refs) {
    if (path.lastIndexOf(ref) < frame.start) frame.outsideRefs.set(ref, wasOnPath);
  }
}

/** Records, in the innermost recording, what a prune at this path depends on. */
export function notePrune(context: ExpansionRecord, path: readonly string[], ref: string, overBudget: boolean): void {
  const frame = context.frames.at(-1);
  if (frame === undefined) return;
  if (overBudget) frame.uncacheable = true;
  else if (path.lastIndexOf(ref) < frame.start) frame.outsideRefs.set(ref, path.includes(ref));
}

function relativeTo<Entry extends { pointer: string }>(entry: Entry, base: string): Entry {
  return withPointer(entry, entry.pointer.slice(base.length));
}

function rebased<Entry extends { pointer: string }>(entry: Entry, base: string): Entry {
  return withPointer(entry, base + entry.pointer);
}

/** A copy of a report entry at another pointer, keys in their order (spreading them is slow on this path). */
function withPointer<Entry extends { pointer: string }>(entry: Entry, pointer: string): Entry {
  const copy = {} as Entry;
  for (const key of Object.keys(entry) as (keyof Entry)[]) copy[key] = entry[key];
  copy.pointer = pointer;
  return copy;
}

/** Records, in the innermost recording, that a `$dynamicRef` below it was resolved by the path's dynamic scope. */
export function noteScopeDependence(context: ExpansionRecord): void {
  const frame = context.frames.at(-1);
  if (frame !== undefined) frame.uncacheable = true;
}
