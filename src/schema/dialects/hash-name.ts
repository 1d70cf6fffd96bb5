/**
 * FNV-1a, 32 bits, as 8 hex digits: the suffix that keeps a rewritten name distinct and stable. Hand-written: the
 * schema core may not import `node:crypto`, and a name suffix needs stability, not cryptographic strength.
 */
export function hashName(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
