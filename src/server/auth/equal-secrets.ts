import { createHash, timingSafeEqual } from "node:crypto";

/** The SHA-256 digest of a text's UTF-8 bytes. */
export function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * Compares a presented secret with the expected one in constant time: both are hashed first, so neither the length nor
 * the first differing byte shows in the timing.
 */
export function equalSecrets(presented: string, expected: string): boolean {
  return timingSafeEqual(sha256(presented), sha256(expected));
}
