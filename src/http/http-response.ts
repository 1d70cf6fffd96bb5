/** What {@link sendRequest} returns: the upstream's answer, read within the size limit and decoded. */
export interface HttpResponse {
  status: number;
  /** Lower-case header names; repeated headers are joined with `, `. */
  headers: Record<string, string>;
  /**
   * Parsed JSON when the content type is JSON, otherwise the text (in its declared charset), or a `data:` URL of the
   * bytes when they are not text; `null` when the body is empty.
   */
  body: unknown;
  /** Time from the first attempt to the last byte read, retries included. */
  durationMs: number;
}
