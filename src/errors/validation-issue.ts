/**
 * One validation problem, in Ajv's shape (`instancePath`, `schemaPath`, `keyword`, `params`, `message`), plus where the
 * value lives in a layered tool call (`query.limit`) when it is known.
 */
export interface ValidationIssue {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
  /** The parameter's location and name in a layered tool call, such as `query.limit` or `body.user.name`. */
  location?: string;
}
