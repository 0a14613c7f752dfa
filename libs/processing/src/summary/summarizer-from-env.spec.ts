import { z } from 'zod';
import { ExtractiveSummarizer } from './extractive.summarizer';
import { OpenAiCompatibleSummarizer } from './openai-compatible.summarizer';
import { summarizerEnv, summarizerEnvProblem } from './summarizer.env';
import { summarizerFromEnv } from './summarizer-from-env';

const parse = (env: Record<string, string>) => z.object(summarizerEnv).parse(env);

describe('summarizerEnv and summarizerFromEnv', () => {
  it('defaults to the built-in extractive summarizer', () => {
    const env = parse({});
    expect(env).toEqual({ SUMMARIZER: 'extractive', LLM_TIMEOUT_MS: 60_000 });
    expect(summarizerFromEnv(env)).toBeInstanceOf(ExtractiveSummarizer);
  });

  it('builds the OpenAI-compatible summarizer from LLM_* variables', () => {
    const env = parse({ SUMMARIZER: 'openai', LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_MODEL: 'llama3.1', LLM_TIMEOUT_MS: '5000' });
    expect(env.LLM_BASE_URL).toBe('http://127.0.0.1:11434/v1');
    expect(env.LLM_TIMEOUT_MS).toBe(5_000);
    const summarizer = summarizerFromEnv(env);
    expect(summarizer).toBeInstanceOf(OpenAiCompatibleSummarizer);
    expect(summarizer.name).toBe('openai');
  });

  it('takes SUMMARIZER=llm as the OpenAI-compatible summarizer too', () => {
    expect(summarizerFromEnv(parse({ SUMMARIZER: 'llm', LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'm' }))).toBeInstanceOf(OpenAiCompatibleSummarizer);
    expect(summarizerEnvProblem(parse({ SUMMARIZER: 'llm', LLM_BASE_URL: 'http://127.0.0.1:11434/v1' }))).toBe('LLM_MODEL: required when SUMMARIZER=llm');
  });

  it('names the missing variable when SUMMARIZER=openai lacks one', () => {
    expect(summarizerEnvProblem(parse({ SUMMARIZER: 'openai', LLM_MODEL: 'm' }))).toBe('LLM_BASE_URL: required when SUMMARIZER=openai');
    expect(() => summarizerFromEnv(parse({ SUMMARIZER: 'openai', LLM_BASE_URL: 'https://api.example.test/v1' }))).toThrow('Invalid configuration: LLM_MODEL: required when SUMMARIZER=openai');
  });

  it('rejects unknown summarizers, non-http URLs and out-of-range timeouts', () => {
    expect(() => parse({ SUMMARIZER: 'gpt' })).toThrow();
    expect(() => parse({ LLM_BASE_URL: 'ftp://example.test' })).toThrow(/http/);
    expect(() => parse({ LLM_TIMEOUT_MS: '10' })).toThrow();
  });
});
