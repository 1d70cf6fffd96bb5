/**
 * Picks the media type a tool's body is written for, out of those an operation accepts: JSON (`application/json`,
 * then any `*+json` or `*\/json`), then form-urlencoded, then multipart, then `text/plain`, then `*\/*`, then the
 * first listed. Media type parameters (`; charset=utf-8`) are ignored when comparing.
 */
export function chooseMediaType(mediaTypes: readonly string[]): string | undefined {
  const essence = (mediaType: string) => mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  const preferences: ((type: string) => boolean)[] = [
    (type) => type === "application/json",
    (type) => type.endsWith("+json") || type.endsWith("/json"),
    (type) => type === "application/x-www-form-urlencoded",
    (type) => type === "multipart/form-data",
    (type) => type.startsWith("multipart/"),
    (type) => type === "text/plain",
    (type) => type === "*/*" || type === "application/*",
  ];
  for (const prefers of preferences) {
    const found = mediaTypes.find((mediaType) => prefers(essence(mediaType)));
    if (found !== undefined) return found;
  }
  return mediaTypes[0];
}
