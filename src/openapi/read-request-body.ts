import { chooseMediaType } from "./choose-media-type.js";
import type { EncodingSpec, RequestBodySpec } from "./operation-spec.js";
import { isJsonObject } from "./own-properties.js";
import { followObjectRef } from "./read-parameters.js";
import type { RefResolver } from "./ref-resolver.js";

/**
 * Reads a request body object (resolving a `$ref` to `#/components/requestBodies/...`) and chooses the media type the
 * tool is written for. `undefined` when there is no body or it lists no media type.
 */
export function readRequestBody(resolve: RefResolver, raw: unknown, pointer: string): RequestBodySpec | undefined {
  if (raw === undefined || raw === null) return undefined;
  const { object, pointer: where } = followObjectRef(raw, resolve, pointer);
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
    pointer: where,
  };
  if (typeof object.description === "string" && object.description !== "") spec.description = object.description;
  if (isJsonObject(media) && isJsonObject(media.encoding)) {
    spec.encoding = media.encoding as Record<string, EncodingSpec>;
  }
  return spec;
}
