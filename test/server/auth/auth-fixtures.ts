import { createHash } from "node:crypto";
import { expect } from "vitest";

/** The hex SHA-256 of a key, as `printf %s "$KEY" | sha256sum` prints it. */
export function sha256Hex(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Expects the error thrown by `run` to be CONFIG_INVALID with a message containing `want`. */
export function expectConfigInvalid(run: () => unknown, want: string): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toMatchObject({ code: "CONFIG_INVALID" });
  expect((thrown as Error).message).toContain(want);
}
