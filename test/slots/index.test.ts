import { describe, expect, test } from "vitest";
import * as args from "../../src/args/index.js";
import * as llm from "../../src/llm/index.js";
import * as slots from "../../src/slots/index.js";

describe("public surfaces of args, slots and llm", () => {
  test.each([
    { name: "args", given: args, want: ["buildWorkflowJson", "completeToolArgs"] },
    {
      name: "slots",
      given: slots,
      want: [
        "SlotProcessor",
        "describeIssue",
        "fillSlots",
        "isIsoDate",
        "isTimestamp",
        "loadSlotTemplates",
        "parseModelAnswer",
      ],
    },
    { name: "llm", given: llm, want: ["DEFAULT_LLM_SETTINGS", "createLlmClient", "llmSettingsFromEnv"] },
  ])("$name exports exactly its runtime names", ({ given, want }) => {
    expect(Object.keys(given).sort()).toEqual([...want].sort());
  });
});
