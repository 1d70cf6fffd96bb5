/** `text` cut to `limit` characters with `...`, for quoting model output in error messages. */
export function shortenText(text: string, limit = 80): string {
  return text.length > limit ? `${text.slice(0, limit - 3)}...` : text;
}
