// GigaChat 3.5's GCML blocks, as its chat template (llama.cpp models/templates/GigaChat3.5.jinja) writes them and
// vLLM's and SGLang's `gigachat35` parsers read them: DeepSeek's DSML tags under the prefix `｜GCML｜`. Each case is
// read one-shot and streamed (1 and 7 characters a chunk, and at random cuts), which must agree.
import { describe, expect, test } from "vitest";
import { corpusTools as tools } from "./corpus/tools.js";
import { expectCaseReadEveryWay } from "./model-output-corpus.js";

const SOURCE = "GCML as llama.cpp's GigaChat3.5.jinja writes it";

/** A block as the template writes it: each invoke on lines of its own, one parameter a line. */
const block = (...invokes: string[]) => `<｜GCML｜tool_calls>\n${invokes.join("\n")}\n</｜GCML｜tool_calls>`;
const invoke = (name: string, ...parameters: string[]) =>
  `<｜GCML｜invoke name="${name}">\n${parameters.map((parameter) => `${parameter}\n`).join("")}</｜GCML｜invoke>`;
/** A parameter: `string="true"` holds the text as it is, `string="false"` its JSON. */
const parameter = (name: string, value: string, isString = true) =>
  `<｜GCML｜parameter name="${name}" string="${isString}">${value}</｜GCML｜parameter>`;

describe("GigaChat 3.5's GCML blocks", () => {
  test("several invokes of one block, at the reply's start, are each a call", () => {
    expectCaseReadEveryWay({
      name: "two invokes",
      source: SOURCE,
      output: block(
        invoke("get_weather", parameter("city", "Paris")),
        invoke("get_time", parameter("timezone", "Europe/Rome")),
      ),
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "xml" },
        { id: "call_1", name: "get_time", arguments: { timezone: "Europe/Rome" }, format: "xml" },
      ],
      text: "",
    });
  });

  test('string="false" values are JSON, string="true" ones text, with no tools to type them', () => {
    expectCaseReadEveryWay({
      name: "typed by string=",
      source: SOURCE,
      output: block(
        invoke(
          "register_user",
          parameter("name", "Ada"),
          parameter("age", "37", false),
          parameter("code", "007"),
          parameter("address", '{"city": "London", "lines": ["Flat 3"]}', false),
          parameter("passed_test", "true", false),
          parameter("note", "null", false),
        ),
      ),
      calls: [
        {
          name: "register_user",
          arguments: {
            name: "Ada",
            age: 37,
            code: "007",
            address: { city: "London", lines: ["Flat 3"] },
            passed_test: true,
            note: null,
          },
        },
      ],
      text: "",
    });
  });

  test("a value is its text as written: entities, CDATA and the line breaks at its ends are kept", () => {
    const command = "\nprintf '&amp; &lt;b&gt;' <![CDATA[x]]>\n";
    expectCaseReadEveryWay({
      name: "values as written",
      source: SOURCE,
      output: block(invoke("bash", parameter("command", command)), invoke("get_weather", parameter("days", "3"))),
      calls: [
        { name: "bash", arguments: { command } },
        { name: "get_weather", arguments: { days: 3 } },
      ],
      text: "",
      tools,
    });
  });

  test("prose before and after the block stays text", () => {
    expectCaseReadEveryWay({
      name: "prose around",
      source: SOURCE,
      output: `I'll check.\n\n${block(invoke("get_weather", parameter("city", "Kazan")))} Done.`,
      calls: [{ name: "get_weather", arguments: { city: "Kazan" } }],
      text: "I'll check.\n\n Done.",
      tools,
    });
  });

  test("a closing tag written in a value is the value's text when no structure tag follows it", () => {
    expectCaseReadEveryWay({
      name: "closer in a value",
      source: SOURCE,
      output: block(invoke("bash", parameter("command", 'echo "</｜GCML｜parameter>" > tags.txt'))),
      calls: [{ name: "bash", arguments: { command: 'echo "</｜GCML｜parameter>" > tags.txt' } }],
      text: "",
      tools,
    });
  });

  test("an unclosed block keeps the invokes it closed; the one left open is an UNTERMINATED_CALL naming it", () => {
    expectCaseReadEveryWay({
      name: "unclosed invoke",
      source: SOURCE,
      output: `Sure.\n\n<｜GCML｜tool_calls>\n${invoke("get_weather", parameter("city", "Paris"))}\n<｜GCML｜invoke name="get_time">\n${parameter("timezone", "UTC")}`,
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris" } }],
      text: "Sure.\n\n",
      errors: [{ code: "UNTERMINATED_CALL", name: "get_time", callId: "call_1" }],
      tools,
    });
  });

  test("a block the output ends in after its last invoke keeps its calls and is reported", () => {
    expectCaseReadEveryWay({
      name: "unclosed block",
      source: SOURCE,
      output: `<｜GCML｜tool_calls>\n${invoke("get_weather", parameter("city", "Paris"))}\n`,
      calls: [{ name: "get_weather", arguments: { city: "Paris" } }],
      text: "",
      errors: [{ code: "UNTERMINATED_CALL", message: expect.stringContaining("<｜GCML｜tool_calls>") }],
      tools,
    });
  });

  test("a parameter without a name is a PARSE_ERROR naming its call's index; its siblings are kept", () => {
    expectCaseReadEveryWay({
      name: "parameter without a name",
      source: SOURCE,
      output: block(
        invoke(
          "get_weather",
          '<｜GCML｜parameter string="true">Paris</｜GCML｜parameter>',
          parameter("unit", "celsius"),
        ),
        invoke("get_time", parameter("timezone", "UTC")),
      ),
      calls: [
        { name: "get_weather", arguments: { "": "Paris", unit: "celsius" } },
        { name: "get_time", arguments: { timezone: "UTC" } },
      ],
      text: "",
      errors: [{ code: "PARSE_ERROR", callIndex: 0, name: "get_weather" }],
    });
  });

  test('a string="false" value that is no JSON is an INVALID_ARGUMENTS naming its call\'s index, kept as text', () => {
    expectCaseReadEveryWay({
      name: "string=false, no JSON",
      source: SOURCE,
      output: block(
        invoke("get_time", parameter("timezone", "UTC")),
        invoke("store", parameter("payload", '{"a": 1,', false), parameter("mode", "append")),
      ),
      calls: [
        { name: "get_time", arguments: { timezone: "UTC" } },
        {
          name: "store",
          arguments: { payload: '{"a": 1,', mode: "append" },
          argumentErrors: [{ parameter: "payload", message: expect.any(String), raw: '{"a": 1,' }],
        },
      ],
      text: "",
      errors: [{ code: "INVALID_ARGUMENTS", callIndex: 1, name: "store", parameter: "payload" }],
    });
  });

  test("a <tool_calls> without the prefix, and GCML named in prose, are text", () => {
    const output = 'GigaChat 3.5 writes GCML: <tool_calls><invoke name="get_weather"></invoke></tool_calls>';
    expectCaseReadEveryWay({ name: "no prefix", source: SOURCE, output, calls: [], text: output, tools });
  });
});
