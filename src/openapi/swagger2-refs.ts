/**
 * Where a Swagger 2.0 document's components move in OpenAPI 3, as `$ref` prefixes: `#/definitions/Pet` becomes
 * `#/components/schemas/Pet`.
 */
const MOVED_PREFIXES = [
  ["#/definitions/", "#/components/schemas/"],
  ["#/parameters/", "#/components/parameters/"],
  ["#/responses/", "#/components/responses/"],
] as const;

/** Documents upgraded from Swagger 2.0: a `$ref` to nothing in one is named as its author wrote it. */
const upgradedDocuments = new WeakSet<object>();

/** A Swagger 2.0 `$ref` as it reads in the upgraded document (`#/definitions/Pet` is `#/components/schemas/Pet`). */
export function upgradeRef(ref: string): string {
  for (const [swagger, openapi] of MOVED_PREFIXES) {
    if (ref.startsWith(swagger)) return openapi + ref.slice(swagger.length);
  }
  return ref;
}

/** Marks `document` as upgraded from Swagger 2.0 (see {@link writtenRef}). */
export function markUpgradedFromSwagger2(document: object): void {
  upgradedDocuments.add(document);
}

/**
 * The `$ref` as the author of `document` wrote it: in a document upgraded from Swagger 2.0, `#/components/schemas/Pet`
 * was `#/definitions/Pet`; in any other, the ref itself. Errors name refs so, since the upgraded form is nowhere in
 * the author's file.
 */
export function writtenRef(document: unknown, ref: string): string {
  if (!isUpgradedFromSwagger2(document)) return ref;
  for (const [swagger, openapi] of MOVED_PREFIXES) {
    if (ref.startsWith(openapi)) return swagger + ref.slice(openapi.length);
  }
  return ref;
}

/**
 * Whether `document` was upgraded from Swagger 2.0: its components keep their author's shape under new names (see
 * {@link writtenRef}), but an operation's body moved from `parameters` to `requestBody`.
 */
export function isUpgradedFromSwagger2(document: unknown): boolean {
  return typeof document === "object" && document !== null && upgradedDocuments.has(document);
}
