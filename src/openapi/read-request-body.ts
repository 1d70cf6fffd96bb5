import type { JsonSchema } from "../schema/json-schema.js";
import { chooseMediaType } from "./choose-media-type.js";
import type { EncodingSpec, RequestBodySpec } from "./operation-spec.js";
import { isJsonObject } from "./own-properties.js";
import { followObjectRef } from "./read-parameters.js";
import type { RefResolver } from "./ref-resolver.js";

/** The media type of a body written with a bare `schema`: tool-box proxies send a JSON body. */
const BARE_SCHEMA_MEDIA_TYPE = "application/json";

/**
 * Reads a request body object (resolving a `$ref` to `#/components/requestBodies/...`) and chooses the media type the
 * tool is written for. A body with a `schema` and no `content`, as some tool boxes write it, is a JSON body of that
 * schema. `undefined` when there is no body or it lists no media type.
 */
export function readRequestBody(resolve: RefResolver, raw: unknown, pointer: string): RequestBodySpec | undefined {
  if (raw === undefined || raw === null) return undefined;
  const { object, pointer: where } = followObjectRef(raw, resolve, pointer);
  const spec =
    object.content === undefined && isJsonObject(object.schema)
      ? bareSchemaBody(object, where)
      : contentBody(object, where);
  if (spec === undefined) return undefined;
  if (typeof object.description === "string" && object.description !== "") spec.description = object.description;
  return spec;
}

function bareSchemaBody(object: Record<string, unknown>, pointer: string): RequestBodySpec {
  return {
    required: object.required === true,
    mediaType: BARE_SCHEMA_MEDIA_TYPE,
    schema: object.schema as JsonSchema,
    mediaTypes: [BARE_SCHEMA_MEDIA_TYPE],
    pointer,
    schemaPointer: `${pointer}/schema`,
  };
}

function contentBody(object: Record<string, unknown>, pointer: string): RequestBodySpec | undefined {
  const content = isJsonObject(object.content) ? object.content : {};
  const mediaTypes = Object.keys(content);
  const mediaType = chooseMediaType(mediaTypes);
  if (mediaType === undefined) return undefined;
  const media = content[mediaType];
  const spec: RequestBodySpec = {
    required: object.required === true,
    mediaType,
    schema: isJsonObject(media) && isJsonObject(media.schema) ? media.schema : {},
    mediaTypes,
    pointer,
  };
  if (isJsonObject(media) && isJsonObject(media.encoding)) {
    spec.encoding = media.encoding as Record<string, EncodingSpec>;
  }
  return spec;
}
