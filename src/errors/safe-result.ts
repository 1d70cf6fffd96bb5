import type { ActionRecallError } from "./action-recall-error.js";

/** What a `safeX` function returns instead of throwing. */
export type SafeResult<Value> = { success: true; value: Value } | { success: false; error: ActionRecallError };
