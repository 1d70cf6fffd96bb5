// Formats the parser does not read yet (issue 39 class 11): Functionary v3.2.
// Each case is what must be read once the format is; until then they run as expected failures.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { call, corpusTools as tools } from "./tools.js";

const FUNCTIONARY = "MeetKai/functionary-small-v3.2 chat template (>>>recipient\\ncontent; `all` for text)";

export const unreadFormatCases: ModelOutputCase[] = [
  {
    name: "Functionary v3.2: >>>name then JSON",
    source: FUNCTIONARY,
    output: '>>>get_weather\n{"city": "Tokyo"}',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Functionary v3.2: text on `all`, then a call",
    source: FUNCTIONARY,
    output: 'all\nLet me check.>>>get_weather\n{"city": "Tokyo"}',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "Let me check.",
    tools,
  },
  {
    name: "Functionary v3.2: an answer on `all`",
    source: FUNCTIONARY,
    output: "all\nHello there",
    calls: [],
    text: "Hello there",
    tools,
  },
];
