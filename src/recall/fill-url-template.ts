import { ActionRecallError } from "../errors/index.js";
import { checkPathSegment } from "../http/check-path-segment.js";

/**
 * Fills `{name}` placeholders of a URL template; each value is percent-encoded as one path segment, so an id can
 * never add a segment or a query. A placeholder without a value is a CONFIG_INVALID error naming it. A value that is
 * empty, a dot segment in any spelling (`..`, `%2e%2E`) or holds a control character is INVALID_REQUEST naming the
 * placeholder and the value (see `checkPathSegment`): the request would reach another path, or none.
 *
 * @example
 * fillUrlTemplate("{base}/tool-box/{box_id}", { base: "http://h", box_id: "a/b" }, { raw: ["base"] }) // "http://h/tool-box/a%2Fb"
 */
export function fillUrlTemplate(
  template: string,
  values: Record<string, string | undefined>,
  options: { raw?: readonly string[] } = {},
): string {
  return template.replace(/\{([^{}]+)\}/g, (_placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) {
      throw new ActionRecallError("CONFIG_INVALID", `URL template "${template}" uses {${name}}, which has no value`, {
        data: { template, placeholder: name },
      });
    }
    if (options.raw?.includes(name) === true) return value.replace(/\/+$/, "");
    const problem = checkPathSegment(value);
    if (problem !== undefined) {
      throw new ActionRecallError("INVALID_REQUEST", `{${name}} ${problem}: ${JSON.stringify(value)}`, {
        data: { placeholder: name, value },
      });
    }
    return encodeURIComponent(value);
  });
}
