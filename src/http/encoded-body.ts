/** A request body in bytes or text, with the `content-type` that describes it (a multipart boundary included). */
export interface EncodedBody {
  body: string | Uint8Array;
  contentType: string;
}
