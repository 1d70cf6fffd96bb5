import type { ErrorObject } from "ajv";

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

/**
 * An Ajv error as a {@link ValidationIssue}. For a layered tool schema it also says where the value lives: the
 * instance path as dotted names (`/query/limit` is `query.limit`), with a missing or extra property named by the
 * error's params rather than its path (a missing `kn_id` in `path` is `path.kn_id`).
 */
export function validationIssueFromAjv(error: ErrorObject, options: { layered: boolean }): ValidationIssue {
  const issue: ValidationIssue = {
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    params: { ...error.params },
    message: error.message ?? error.keyword,
  };
  if (options.layered) issue.location = locationOf(error);
  return issue;
}

function locationOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split("/")
    .slice(1)
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
  const named = error.params.missingProperty ?? error.params.additionalProperty;
  if (typeof named === "string") segments.push(named);
  return segments.join(".");
}
