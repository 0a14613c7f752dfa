import { z } from 'zod';

/** `llm` and `openai` are the same: any OpenAI-compatible server (the issue tracker and operators say both). */
export const SUMMARIZER_KINDS = ['extractive', 'openai', 'llm'] as const;
export type SummarizerKind = (typeof SUMMARIZER_KINDS)[number];

/**
 * The environment of the summarizer, as a fragment for an app's schema (compose it with the others and parse
 * once with parseEnv of @cs/config; pass `summarizerEnvProblem` as, or inside, its production rules so a
 * missing LLM variable stops the process with one line).
 * - SUMMARIZER: `extractive` (default: built in, offline) or `llm` / `openai` (any OpenAI-compatible server).
 * - LLM_BASE_URL: the server's API root, e.g. `https://api.openai.com/v1`; required for `openai`.
 * - LLM_API_KEY: sent as a Bearer token; optional (local servers need none).
 * - LLM_MODEL: the model name; required for `openai`.
 * - LLM_TIMEOUT_MS: per request attempt, 1,000 to 600,000 (default 60,000).
 */
export const summarizerEnv = {
  SUMMARIZER: z.enum(SUMMARIZER_KINDS).default('extractive'),
  LLM_BASE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
};

export type SummarizerEnv = {
  SUMMARIZER?: SummarizerKind;
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  LLM_TIMEOUT_MS?: number;
};

/** The one-line problem of a parsed summarizer environment, or null when it is usable. */
export function summarizerEnvProblem(env: SummarizerEnv): string | null {
  if (env.SUMMARIZER !== 'openai' && env.SUMMARIZER !== 'llm') return null;
  if (!env.LLM_BASE_URL) return `LLM_BASE_URL: required when SUMMARIZER=${env.SUMMARIZER}`;
  if (!env.LLM_MODEL) return `LLM_MODEL: required when SUMMARIZER=${env.SUMMARIZER}`;
  return null;
}
