import { describe, expect, test } from "vitest";
import { EventOutbox, NO_EVENTS } from "../../src/calls/engine/event-outbox.js";
import type { ToolCallStreamEvent } from "../../src/calls/tool-call-stream-event.js";

/** An outbox whose argument text belongs to call `c1` while `owner` says so. */
function outbox(sink?: (event: ToolCallStreamEvent) => void) {
  const state = { owner: "c1" as string | undefined };
  const box = new EventOutbox(sink, (argumentsDelta) =>
    state.owner === undefined ? undefined : { type: "tool-call-delta", id: state.owner, argumentsDelta },
  );
  return { box, state };
}

describe("EventOutbox", () => {
  test("prose added in pieces goes out as one text event, before the event that follows it", () => {
    const { box } = outbox();
    box.text += "Let me ";
    box.text += "check.";
    box.emit({ type: "tool-call-start", id: "c1", name: "f" });
    expect(box.take()).toEqual([
      { type: "text", delta: "Let me check." },
      { type: "tool-call-start", id: "c1", name: "f" },
    ]);
    expect(box.take()).toBe(NO_EVENTS);
  });

  test("argument text gathers into one delta of the call it belongs to, sent before the call", () => {
    const { box } = outbox();
    box.delta += '{"city": ';
    box.delta += '"A"}';
    box.emit({ type: "tool-call", call: { id: "c1", name: "f", arguments: { city: "A" }, format: "json" } });
    expect(box.take().map((event) => event.type)).toEqual(["tool-call-delta", "tool-call"]);
  });

  test("argument text when no call is being read belongs to none and is not sent", () => {
    const { box, state } = outbox();
    state.owner = undefined;
    box.delta += "stray";
    expect(box.take()).toBe(NO_EVENTS);
    expect(box.delta).toBe("");
  });

  test("with a sink every event goes there as it completes, and nothing is kept to return", () => {
    const seen: ToolCallStreamEvent[] = [];
    const { box } = outbox((event) => seen.push(event));
    box.text += "Hi";
    box.error({ code: "UNKNOWN_TOOL", message: "no tool g" });
    expect(seen.map((event) => event.type)).toEqual(["text", "error"]);
    expect(box.take()).toBe(NO_EVENTS);
    expect(box.deliverAlone({ type: "text", delta: "!" })).toBe(NO_EVENTS);
    expect(seen).toHaveLength(3);
  });

  test("without a sink, an event delivered alone is returned on its own", () => {
    const { box } = outbox();
    expect(box.deliverAlone({ type: "text", delta: "!" })).toEqual([{ type: "text", delta: "!" }]);
  });
});
