import { ExtractiveSummarizer } from './extractive.summarizer';
import { OpenAiCompatibleSummarizer } from './openai-compatible.summarizer';
import type { Summarizer } from './summarizer.port';
import { type SummarizerEnv, summarizerEnvProblem } from './summarizer.env';

/** The summarizer the configuration selects (see summarizerEnv); throws one line naming a missing variable. */
export function summarizerFromEnv(env: SummarizerEnv): Summarizer {
  const problem = summarizerEnvProblem(env);
  if (problem) throw new Error(`Invalid configuration: ${problem}`);
  if (env.SUMMARIZER !== 'openai' && env.SUMMARIZER !== 'llm') return new ExtractiveSummarizer();
  return new OpenAiCompatibleSummarizer({
    baseUrl: env.LLM_BASE_URL as string,
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL as string,
    timeoutMs: env.LLM_TIMEOUT_MS,
  });
}
