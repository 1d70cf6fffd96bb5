/**
 * The syntaxes of tool calls written in text:
 * - `xml`: `<function_calls>`, also MiniMax's, DeepSeek's (DSML), GigaChat 3.5's (GCML), dots.llm's and StepFun's
 *   (steptml) names for it, and MiniCPM5's bare `<function name="f"><param name="x">`, and MiniMax M3's
 *   `]<]minimax[>[<tool_call>` block;
 * - `hermes`: `<tool_call>` (JSON, or Qwen3-Coder's and GLM's tags), Seed's `<seed:tool_call>`, LongCat's
 *   `<longcat_tool_call>`, `<tool_calls>` holding JSON (Hunyuan-A13B, Jamba, MiniMax-M1), Nemotron's `<TOOLCALL>`,
 *   and Qwen3-Coder's `<function=f>` without its `<tool_call>` (holding tags, or a JSON object, as Llama 3.1 writes
 *   its custom tools);
 * - `legacy-xml`: a tool's own tag;
 * - sections of special tokens that leak into text: `kimi` (K2's `<|tool_calls_section_begin|>`, K3's XTML
 *   `<|open|>tools<|sep|>`), `deepseek` (`<｜tool▁calls▁begin｜>`), `step3` (`<｜tool_calls_begin｜>` around
 *   `<steptml:invoke>` tags), `k2-horizon` (`<ifm|tool_calls>` around `<ifm|tool_call>`, GLM-like tags or JSON),
 *   `harmony` (gpt-oss: `<|channel|>commentary to=functions.f<|message|>`);
 * - `mistral`: `[TOOL_CALLS]`;
 * - `json-text`: call objects (`{"name": "f", "arguments": {...}}`) a reply starts with, as Ollama's `/v1` passes them
 *   on and Llama 3 writes them, also after `<|python_tag|>`, `functools` or GigaChat's `function call<|role_sep|>`, in
 *   a fence, in Qwen2.5-Coder's `<tools>` tags, or each after Granite 20B's `<function_call>`;
 * - `pythonic`: a call list a reply starts with, `[get_weather(city="Paris")]`, as Llama 3.2 and 4 write it;
 * - `gemma`: Gemma 4's `<|tool_call>call:f{city:<|"|>Paris<|"|>}<tool_call|>` and FunctionGemma's
 *   `<start_function_call>`;
 * - `lfm`: Liquid AI's LFM2 and LFM2.5, `<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>` (or call
 *   objects between the tokens);
 * - `olmo`: OLMo 3's `<function_calls>` holding pythonic calls, one per line;
 * - `cohere`: Command R7B's and Command A's `<|START_ACTION|>[{"tool_name": "f", "parameters": {...}}]<|END_ACTION|>`;
 * - `internlm`: InternLM's `<|action_start|><|plugin|>{"name": "f", "parameters": {...}}<|action_end|>`;
 * - `apertus`: Apertus' `<|tools_prefix|>[{"f": {...}}]<|tools_suffix|>`.
 */
export const TEXT_TOOL_CALL_FORMATS = [
  "hermes",
  "xml",
  "legacy-xml",
  "kimi",
  "deepseek",
  "step3",
  "k2-horizon",
  "harmony",
  "mistral",
  "json-text",
  "pythonic",
  "gemma",
  "lfm",
  "olmo",
  "cohere",
  "internlm",
  "apertus",
] as const;

/** The syntaxes `renderToolPrompt` teaches: `<function_calls>` blocks, or `<tool_call>` JSON. */
export const PROMPT_FORMATS = ["xml", "hermes"] as const;

/** One of {@link PROMPT_FORMATS}. */
export type PromptFormat = (typeof PROMPT_FORMATS)[number];
