/**
 * An HTTP request ready to send: what {@link buildRequest} returns and {@link sendRequest} takes. Plain data, so it
 * can be logged, inspected in tests, or handed to another client.
 */
export interface HttpRequest {
  /** Upper-case method (`GET`, `POST`, ...). */
  method: string;
  /** Absolute URL: the server URL, the templated path and the query string. */
  url: string;
  /** Header names as written; `content-type` is set whenever there is a body. */
  headers: Record<string, string>;
  /** The encoded body: text for JSON, form and text bodies, bytes for multipart. */
  body?: string | Uint8Array;
}
