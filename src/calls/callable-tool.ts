import type { JsonSchema } from "../schema/json-schema.js";

/** How one parameter is read from a legacy XML tag (seed 001's `xml_schema` mappings). */
export interface XmlMapping {
  /** The parameter the value goes to. */
  param: string;
  /** `attribute`: `<tag param="...">`; `element`: a child element at `path`; `content`: the tag's text. */
  node: "attribute" | "element" | "content";
  /** Child element path for `element` (`old_str`), `.` for the tag itself. */
  path: string;
  required: boolean;
}

/** A tool's legacy XML form: its tag, how parameters map onto it, and an example for prompts. */
export interface XmlToolSpec {
  tag: string;
  mappings: XmlMapping[];
  example?: string;
}

/** What the parsers and prompt renderers need to know of a tool: no executor. */
export interface CallableTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments; parsers use it to type XML values. */
  parameters: JsonSchema;
  xml?: XmlToolSpec;
}
