import { Buffer } from "node:buffer";
import { ActionRecallError } from "../errors/action-recall-error.js";

/** A file a model wrote as a data URL. */
export interface DataUrlFile {
  /** The media type the URL names; undefined when it names none (`data:;base64,...`). */
  mediaType: string | undefined;
  bytes: Uint8Array;
}

/**
 * The bytes of a `data:<type>[;<parameter>...];base64,<payload>` URL, which tools ask models to write for binary
 * content (see the note on binary fields), or undefined for any other text, which is sent as it is. A data URL whose
 * payload is not base64 (standard or URL-safe) is INVALID_ARGUMENTS at `parameter`: `Buffer.from` would skip the bad
 * characters, and a garbled file would be sent as if it were the one meant.
 *
 * @example
 * decodeDataUrl("data:text/plain;base64,aGk=", "body"); // {mediaType: "text/plain", bytes: <68 69>}
 */
export function decodeDataUrl(text: string, parameter: string): DataUrlFile | undefined {
  const match = DATA_URL.exec(text);
  if (match === null) return undefined;
  const [, mediaType = "", written = ""] = match;
  const payload = written.replace(/\s+/g, "");
  if (!BASE64.test(payload) || payload.replace(/=+$/, "").length % 4 === 1) {
    throw new ActionRecallError("INVALID_ARGUMENTS", `${parameter} is a data URL whose content is not base64`, {
      data: { parameter },
    });
  }
  return { mediaType: mediaType === "" ? undefined : mediaType, bytes: Buffer.from(payload, "base64") };
}

const DATA_URL = /^data:([^;,]*)(?:;[^;,]*)*;base64,(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
