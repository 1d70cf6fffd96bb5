/** A small client for OpenAI-compatible chat endpoints: text, streaming, JSON mode, structured output, tool calls. */
export {
  type ChatMessage,
  type CompleteOptions,
  createLlmClient,
  type LlmClient,
  type LlmClientOptions,
  type StructuredMode,
  type StructuredOptions,
} from "./llm-client.js";
export { DEFAULT_LLM_SETTINGS, type LlmSettings, llmSettingsFromEnv } from "./llm-settings.js";
