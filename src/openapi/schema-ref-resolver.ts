import { ActionRecallError } from "../errors/action-recall-error.js";
import { findIndexedAnchor } from "./find-anchor.js";
import { parseJsonPointer, resolveJsonPointer } from "./json-pointer.js";
import { isJsonObject } from "./own-properties.js";
import type { RefResolver } from "./ref-resolver.js";
import { DOCUMENT_URI, parseUri, resourceUri, schemaIndexOf } from "./schema-index.js";

/**
 * The schema resources (schemas with an `$id`) a path has entered, innermost first: the base URI its `$ref`s resolve
 * against, and JSON Schema's dynamic scope. Undefined is the document alone, where nearly every path stays.
 */
export interface ResourceScope {
  readonly uri: string;
  readonly outer: ResourceScope | undefined;
}

/** Where a schema's `$ref` or `$dynamicRef` leads. */
export interface SchemaRefTarget {
  /**
   * The target's name in caches and reports: the `$ref` as written when it is a pointer or anchor of the document
   * itself (nearly always), otherwise the absolute URI it resolves to.
   */
  key: string;
  target: unknown;
  /** The scope around the target, before its own `$id` applies. */
  scope: ResourceScope | undefined;
  /** A `$dynamicRef` that the path's dynamic scope chose: the same schema may resolve it elsewhere on another path. */
  dependsOnScope: boolean;
}

/** Resolves the references of one document's schemas, with JSON Schema 2020-12's base URIs (see {@link createSchemaRefResolver}). */
export interface SchemaRefResolver {
  /** Where `ref`, written at `at` in `scope`, leads; undefined when it names nothing in this document (external). */
  resolve(ref: string, scope: ResourceScope | undefined, at: string): SchemaRefTarget | undefined;
  /** As {@link SchemaRefResolver.resolve}, for a `$dynamicRef`. */
  resolveDynamic(ref: string, scope: ResourceScope | undefined, at: string): SchemaRefTarget | undefined;
  /** As {@link SchemaRefResolver.resolve}, for a `$recursiveRef` (JSON Schema 2019-09). */
  resolveRecursive(ref: string, scope: ResourceScope | undefined, at: string): SchemaRefTarget | undefined;
  /** The scope inside a schema whose `$id` is `id`. */
  enter(id: string, scope: ResourceScope | undefined): ResourceScope | undefined;
}

interface Located {
  key: string;
  target: unknown;
  /** The base URI around the target. */
  base: string;
  /** The target as resolved from the document's own scope, kept once made: nearly every `$ref` is answered with it. */
  fromDocument?: SchemaRefTarget;
}

/**
 * A resolver of schema references for `document`, as JSON Schema 2020-12 (OAS 3.1) resolves them: against the base
 * URI that the `$id`s around them set. A `$ref` to the URI of a schema in the document that declares it with `$id`
 * (`"$ref": "https://example.com/pet"`, or `"owner"` inside it) is local, not external; a fragment inside such a
 * schema (`#/properties/id`, `#name`) is looked for in it first, then, as tools that ignore `$id` do, in the
 * document. A `$dynamicRef` resolves as a `$ref`, unless it lands on a `$dynamicAnchor`: then the outermost resource
 * on the path that declares that dynamic anchor is meant (how a generic tree is extended). `pointerOf` looks up the
 * document's own pointers and anchors (one per document, cached).
 *
 * @example
 * const refs = createSchemaRefResolver(document, createRefResolver(document));
 * refs.resolve("owner", refs.enter("https://example.com/pet", undefined), "#/properties/body")?.target;
 */
export function createSchemaRefResolver(document: unknown, pointerOf: RefResolver): SchemaRefResolver {
  const documentRefs = new Map<string, Located>();

  /** A pointer or anchor of the document itself, with the base around its target. */
  const documentRef = (ref: string, at: string): Located => {
    let located = documentRefs.get(ref);
    if (located === undefined) {
      const target = pointerOf(ref, at);
      const base = isAnchorFragment(ref)
        ? findIndexedAnchor(document, ref, DOCUMENT_URI).base
        : baseAlong(document, DOCUMENT_URI, parseJsonPointer(ref));
      located = { key: ref, target, base };
      documentRefs.set(ref, located);
    }
    return located;
  };

  // By base URI and `$ref`: a document whose every schema has an `$id` parses each `$ref` once, not at each use.
  const relativeRefs = new Map<string, Located>();

  const locate = (ref: string, scope: ResourceScope | undefined, at: string): Located | undefined => {
    if (scope === undefined && ref.startsWith("#")) return documentRef(ref, at);
    const base = scope?.uri ?? DOCUMENT_URI;
    const relative = `${base} ${ref}`; // unambiguous: a parsed URI holds no space
    let located = relativeRefs.get(relative);
    if (located === undefined) {
      located = locateAgainst(ref, base, at);
      if (located !== undefined) relativeRefs.set(relative, located);
    }
    return located;
  };

  const locateAgainst = (ref: string, base: string, at: string): Located | undefined => {
    const url = parseUri(ref, base);
    if (url === undefined) return undefined;
    const fragment = url.hash;
    url.hash = "";
    if (url.href === DOCUMENT_URI) return documentRef(fragment === "" ? "#" : fragment, at);
    const resource = schemaIndexOf(document).resources.get(url.href);
    if (resource === undefined) return undefined;
    try {
      return inResource(url.href, resource.schema, resource.base, fragment, url.href + fragment);
    } catch (cause) {
      // A fragment alone, not found where the `$id`s say: where tools that ignore `$id` look.
      if (ref.startsWith("#")) return documentRef(ref, at);
      throw refNotFound(ref, at, cause);
    }
  };

  /** `fragment` (`""`, `#/pointer` or `#name`) of the resource `uri`. */
  const inResource = (uri: string, schema: object, base: string, fragment: string, key: string): Located => {
    if (fragment === "") return { key, target: schema, base };
    if (isAnchorFragment(fragment)) {
      const anchor = findIndexedAnchor(document, fragment, uri);
      return { key, target: anchor.schema, base: anchor.base };
    }
    const tokens = parseJsonPointer(fragment);
    return { key, target: resolveJsonPointer(schema, fragment), base: baseAlong(schema, base, tokens) };
  };

  const withScope = (located: Located, scope: ResourceScope | undefined, dependsOnScope: boolean): SchemaRefTarget => ({
    key: located.key,
    target: located.target,
    scope: scopeAt(located.base, scope),
    dependsOnScope,
  });

  return {
    resolve: (ref, scope, at) => {
      if (scope === undefined && ref.startsWith("#")) {
        const located = documentRef(ref, at);
        located.fromDocument ??= withScope(located, undefined, false);
        return located.fromDocument;
      }
      const located = locate(ref, scope, at);
      return located === undefined ? undefined : withScope(located, scope, false);
    },
    resolveDynamic: (ref, scope, at) => {
      const located = locate(ref, scope, at);
      if (located === undefined) return undefined;
      const name = dynamicAnchorName(ref, located.target);
      if (name === undefined) return withScope(located, scope, false);
      const outermost = outermostDynamicAnchor(document, name, scope);
      return withScope(outermost ?? located, scope, true);
    },
    resolveRecursive: (ref, scope, at) => {
      const located = locate(ref, scope, at);
      if (located === undefined) return undefined;
      if (!hasRecursiveAnchor(located.target)) return withScope(located, scope, false);
      return withScope(outermostRecursiveAnchor(document, scope) ?? located, scope, true);
    },
    enter: (id, scope) => {
      if (id.startsWith("#")) return scope; // a draft-07 anchor, not a resource
      const uri = resourceUri(id, scope?.uri ?? DOCUMENT_URI);
      return uri === undefined ? scope : scopeAt(uri, scope);
    },
  };
}

/** `scope`, or the resource `base` entered from it when that is another. */
function scopeAt(base: string, scope: ResourceScope | undefined): ResourceScope | undefined {
  if (base === (scope?.uri ?? DOCUMENT_URI)) return scope;
  return { uri: base, outer: scope };
}

/** The base URI around the value at `tokens` below `root` (whose own base is `base`): the `$id`s above it applied. */
function baseAlong(root: unknown, base: string, tokens: readonly string[]): string {
  let current = root;
  let inner = base;
  for (const token of tokens) {
    if (!isJsonObject(current) && !Array.isArray(current)) break;
    const id = isJsonObject(current) ? current.$id : undefined;
    if (typeof id === "string" && !id.startsWith("#")) inner = resourceUri(id, inner) ?? inner;
    current = Object.hasOwn(current, token) ? (current as Record<string, unknown>)[token] : undefined;
  }
  return inner;
}

/** The name of the `$dynamicAnchor` a `$dynamicRef` landed on (`#node` on a schema whose `$dynamicAnchor` is `node`). */
function dynamicAnchorName(ref: string, target: unknown): string | undefined {
  const hash = ref.indexOf("#");
  const fragment = hash === -1 ? "" : ref.slice(hash + 1);
  if (fragment === "" || fragment.startsWith("/")) return undefined;
  return isJsonObject(target) && target.$dynamicAnchor === fragment ? fragment : undefined;
}

/** The dynamic anchor `name` of the outermost resource in `scope` (the document outermost of all) that declares one. */
function outermostDynamicAnchor(
  document: unknown,
  name: string,
  scope: ResourceScope | undefined,
): Located | undefined {
  const anchors = schemaIndexOf(document).anchors.get(name) ?? [];
  for (const uri of outermostFirst(scope)) {
    const anchor = anchors.find((candidate) => candidate.dynamic && candidate.resource === uri);
    if (anchor !== undefined) {
      const key = uri === DOCUMENT_URI ? `#${name}` : `${uri}#${name}`;
      return { key, target: anchor.schema, base: anchor.base };
    }
  }
  return undefined;
}

function hasRecursiveAnchor(schema: unknown): boolean {
  return isJsonObject(schema) && schema.$recursiveAnchor === true;
}

/**
 * The outermost resource in `scope` (the document outermost of all) whose root has `$recursiveAnchor: true`: where
 * a `$recursiveRef` that lands on such a root is taken (JSON Schema 2019-09, how a recursive schema is extended).
 */
function outermostRecursiveAnchor(document: unknown, scope: ResourceScope | undefined): Located | undefined {
  const { resources } = schemaIndexOf(document);
  for (const uri of outermostFirst(scope)) {
    if (uri === DOCUMENT_URI) {
      if (hasRecursiveAnchor(document)) return { key: "#", target: document, base: DOCUMENT_URI };
      continue;
    }
    const resource = resources.get(uri);
    if (resource !== undefined && hasRecursiveAnchor(resource.schema)) {
      return { key: uri, target: resource.schema, base: resource.base };
    }
  }
  return undefined;
}

/** The URIs of the resources in `scope`, the document's first: JSON Schema's dynamic scope, outermost first. */
function outermostFirst(scope: ResourceScope | undefined): string[] {
  const uris: string[] = [];
  for (let entered = scope; entered !== undefined; entered = entered.outer) uris.push(entered.uri);
  if (uris.at(-1) !== DOCUMENT_URI) uris.push(DOCUMENT_URI);
  return uris.reverse();
}

/** A plain-name fragment (`#pet`), naming an anchor rather than a place. */
function isAnchorFragment(ref: string): boolean {
  return ref.length > 1 && ref.startsWith("#") && ref.charAt(1) !== "/";
}

function refNotFound(ref: string, at: string, cause: unknown): ActionRecallError {
  const why = cause instanceof ActionRecallError ? `: ${cause.message}` : "";
  return new ActionRecallError("REF_NOT_FOUND", `Nothing at "${ref}" (the $ref at ${at})${why}`, {
    cause,
    data: { pointer: at, ref },
  });
}
