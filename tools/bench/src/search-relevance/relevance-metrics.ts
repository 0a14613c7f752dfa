import { type AnswerWindow, insideWindows } from './answer-windows';

/** Conversations ranked first: the service's page size, and the cut of MRR@10. */
export const RANKED_CONVERSATIONS = 10;
/** The right meeting counts as found "in the top 5", and its best 5 matches are searched for an answer. */
export const TOP_K = 5;

/** What a system answered to one query: conversations best first, each with its matches' start seconds best first. */
export interface RankedAnswer {
  readonly conversations: ReadonlyArray<{ readonly id: string; readonly matchStarts: ReadonlyArray<number | null> }>;
  /** Why the system refused the query outright (the service's problem detail): it then answered nothing. */
  readonly refused?: string;
}

/** One query judged: the right conversation's rank (1-based; null when not among the first RANKED_CONVERSATIONS). */
export interface QueryJudgement {
  readonly answered: boolean;
  readonly rank: number | null;
  /** A match of the right conversation, among its first TOP_K, starts inside an answering window. */
  readonly passageHit: boolean;
}

export function judgeAnswer(answer: RankedAnswer, rightConversationId: string, windows: readonly AnswerWindow[]): QueryJudgement {
  const ranked = answer.conversations.slice(0, RANKED_CONVERSATIONS);
  const index = ranked.findIndex((c) => c.id === rightConversationId);
  const right = ranked[index];
  return {
    answered: ranked.length > 0,
    rank: index < 0 ? null : index + 1,
    passageHit: right !== undefined && right.matchStarts.slice(0, TOP_K).some((start) => start !== null && insideWindows(windows, start)),
  };
}

/** Shares of the queries, 0 to 1. */
export interface RelevanceFigures {
  readonly queries: number;
  readonly answered: number;
  readonly rank1: number;
  readonly top5: number;
  readonly mrr10: number;
  readonly passage5: number;
}

export function relevanceFigures(judgements: readonly QueryJudgement[]): RelevanceFigures {
  const n = judgements.length;
  const share = (count: number) => (n === 0 ? 0 : count / n);
  const count = (test: (j: QueryJudgement) => boolean) => judgements.filter(test).length;
  return {
    queries: n,
    answered: share(count((j) => j.answered)),
    rank1: share(count((j) => j.rank === 1)),
    top5: share(count((j) => j.rank !== null && j.rank <= TOP_K)),
    mrr10: share(judgements.reduce((sum, j) => sum + (j.rank === null ? 0 : 1 / j.rank), 0)),
    passage5: share(count((j) => j.passageHit)),
  };
}
