/**
 * The URI a document is taken to be read at, since none is given: relative `$id`s and `$ref`s resolve against it.
 * `.invalid` is reserved (RFC 2606): it names nothing real, and nothing here fetches anything anyway.
 */
export const DOCUMENT_URI = "https://document.invalid/";

/** A schema with an `$id` (JSON Schema 2019-09 and later, OAS 3.1): a resource that `$ref`s can name by its URI. */
export interface IndexedResource {
  schema: object;
  /** The base URI around the schema, before its own `$id` applies. */
  base: string;
}

/** A schema that a plain-name fragment (`#pet`) names, through its `$anchor` or `$dynamicAnchor`. */
export interface IndexedAnchor {
  schema: object;
  /** The URI of the resource that declares it: the base `#pet` must be resolved against to mean it. */
  resource: string;
  /** The base URI around the schema, before its own `$id` applies. */
  base: string;
  dynamic: boolean;
}

/** The schema resources and anchors of one document. */
export interface SchemaIndex {
  /** Embedded resources by absolute URI, fragment removed; the first of a URI declared twice. */
  resources: Map<string, IndexedResource>;
  /** Anchors by name, in every resource. */
  anchors: Map<string, IndexedAnchor[]>;
}

const indexByDocument = new WeakMap<object, SchemaIndex>();

/**
 * Values that are data, not schemas: an `$id` or `$anchor` key inside an example or an enum value declares nothing,
 * and vendor extensions (`x-*`) hold whatever their vendor likes.
 */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(["const", "default", "enum", "example", "examples"]);

/**
 * Every `$id` and anchor of `document`, found by one walk over its own properties (a stack: documents may nest deep),
 * with the base URI each was declared under. Indexed once per document object, at first use: documents that use
 * neither (OAS 3.0, most of 3.1) pay for it only if one of their `$ref`s is neither a pointer nor a local name.
 * A draft-07 `$id` that is only a fragment (`"#pet"`) is that draft's anchor, and indexed as one.
 */
export function schemaIndexOf(document: unknown): SchemaIndex {
  if (typeof document !== "object" || document === null) return { resources: new Map(), anchors: new Map() };
  let index = indexByDocument.get(document);
  if (index !== undefined) return index;
  index = { resources: new Map(), anchors: new Map() };
  const seen = new Set<object>();
  const pending: Array<{ value: unknown; base: string }> = [{ value: document, base: DOCUMENT_URI }];
  while (pending.length > 0) {
    const { value, base } = pending.pop() as { value: unknown; base: string };
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      // One by one: spreading an array of 100,000 enum values into `push` overflows the call stack.
      for (const item of value) pending.push({ value: item, base });
      continue;
    }
    const schema = value as Record<string, unknown>;
    const inner = indexDeclarations(index, schema, base);
    for (const key of Object.keys(schema)) {
      if (!DATA_KEYWORDS.has(key) && !key.startsWith("x-")) pending.push({ value: schema[key], base: inner });
    }
  }
  indexByDocument.set(document, index);
  return index;
}

/** Indexes what `schema` declares; returns the base URI inside it. */
function indexDeclarations(index: SchemaIndex, schema: Record<string, unknown>, base: string): string {
  let inner = base;
  const id = schema.$id;
  if (typeof id === "string") {
    if (id.startsWith("#")) addAnchor(index, id.slice(1), { schema, resource: base, base, dynamic: false });
    else {
      const uri = resourceUri(id, base);
      if (uri !== undefined) {
        if (!index.resources.has(uri)) index.resources.set(uri, { schema, base });
        inner = uri;
      }
    }
  }
  const anchor = typeof schema.$anchor === "string" ? schema.$anchor : undefined;
  const dynamicAnchor = typeof schema.$dynamicAnchor === "string" ? schema.$dynamicAnchor : undefined;
  // One schema with an `$anchor` and a `$dynamicAnchor` of the same name is one target, a dynamic one.
  if (anchor !== undefined && anchor !== dynamicAnchor) {
    addAnchor(index, anchor, { schema, resource: inner, base, dynamic: false });
  }
  if (dynamicAnchor !== undefined) addAnchor(index, dynamicAnchor, { schema, resource: inner, base, dynamic: true });
  return inner;
}

function addAnchor(index: SchemaIndex, name: string, anchor: IndexedAnchor): void {
  const anchors = index.anchors.get(name);
  if (anchors === undefined) index.anchors.set(name, [anchor]);
  else anchors.push(anchor);
}

/** The absolute URI, fragment removed, that `reference` names against `base`; undefined when it is not a URI. */
export function resourceUri(reference: string, base: string): string | undefined {
  const url = parseUri(reference, base);
  if (url === undefined) return undefined;
  url.hash = "";
  return url.href;
}

/** `reference` resolved against `base` (RFC 3986); undefined when either is not a URI. */
export function parseUri(reference: string, base: string): URL | undefined {
  try {
    return new URL(reference, base);
  } catch {
    return undefined;
  }
}
