import { ActionRecallError } from "../errors/index.js";

/**
 * Fills `{name}` placeholders of a URL template; each value is percent-encoded as one path segment, so an id can
 * never add a segment or a query. A placeholder without a value is a CONFIG_INVALID error naming it.
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
    return options.raw?.includes(name) === true ? value.replace(/\/+$/, "") : encodeURIComponent(value);
  });
}
