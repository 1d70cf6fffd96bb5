import { invalidArgumentError } from "../errors/invalid-option-error.js";
import { mediaTypeEssence } from "./media-type-essence.js";

/**
 * Picks the media type a tool's body is written for, out of those an operation accepts: JSON (`application/json`,
 * then any `*+json` or `*\/json`, then JSON Patch), then form-urlencoded, then multipart, then `text/plain`, then
 * `*\/*`, then the first listed. Media type parameters (`; charset=utf-8`) are ignored when comparing.
 *
 * A JSON Patch body (`application/json-patch+json`, RFC 6902) is an array of operations, yet Kubernetes lists it first
 * for its patch operations (119 in v1.13), whose schema is an object: an object sent as JSON Patch is refused. Another
 * JSON type offered beside it (`application/merge-patch+json`, RFC 7386) takes the object as it is.
 */
export function chooseMediaType(mediaTypes: readonly string[]): string | undefined {
  if (!Array.isArray(mediaTypes) || !mediaTypes.every((mediaType) => typeof mediaType === "string")) {
    throw invalidArgumentError("chooseMediaType", "mediaTypes", mediaTypes, "an array of media types");
  }
  let chosen = mediaTypes[0];
  let chosenRank = Number.POSITIVE_INFINITY;
  for (const mediaType of mediaTypes) {
    const rank = preferenceRank(mediaTypeEssence(mediaType));
    if (rank < chosenRank) {
      chosen = mediaType;
      chosenRank = rank;
    }
  }
  return chosen;
}

/** Lower is preferred; the first listed of equal rank wins. */
function preferenceRank(essence: string): number {
  if (essence === "application/json") return 0;
  if (essence === "application/json-patch+json") return 2;
  if (essence.endsWith("+json") || essence.endsWith("/json")) return 1;
  if (essence === "application/x-www-form-urlencoded") return 3;
  if (essence === "multipart/form-data") return 4;
  if (essence.startsWith("multipart/")) return 5;
  if (essence === "text/plain") return 6;
  if (essence === "*/*" || essence === "application/*") return 7;
  return 8;
}
