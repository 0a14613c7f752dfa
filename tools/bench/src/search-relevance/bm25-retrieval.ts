import type { RowQueryable } from '@cs/persistence';
import bm25 from 'wink-bm25-text-search';
import nlp from 'wink-nlp-utils';
import { RANKED_CONVERSATIONS, type RankedAnswer, TOP_K } from './relevance-metrics';

interface StoredPassage {
  conversation_id: string;
  start_seconds: number | null;
  body: string;
}

/**
 * The textbook baseline the issue compares with: Okapi BM25 (k1 1.2, b 0.75: the library's defaults) from
 * wink-bm25-text-search over exactly the passages the service stores for the workspace (search_passages: titles,
 * digests, summary lines and transcript turns, one passage a document), each analysed by wink-nlp-utils: lower
 * case, split on non-word characters, its English stop words removed, Porter-stemmed. A conversation is ranked by
 * its best passage; its best TOP_K passages are its matches.
 */
export class Bm25Retrieval {
  private constructor(
    private readonly engine: ReturnType<typeof bm25>,
    private readonly passages: readonly StoredPassage[],
  ) {}

  static async load(db: RowQueryable, workspaceId: string): Promise<Bm25Retrieval> {
    const passages = await db.query<StoredPassage>(
      'SELECT conversation_id, start_seconds, body FROM search_passages WHERE workspace_id = $1 ORDER BY conversation_id, position',
      [workspaceId],
    );
    const engine = bm25();
    engine.defineConfig({ fldWeights: { body: 1 } });
    engine.definePrepTasks([nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords, nlp.tokens.stem]);
    passages.forEach((passage, i) => engine.addDoc({ body: passage.body }, i));
    engine.consolidate();
    return new Bm25Retrieval(engine, passages);
  }

  get passageCount(): number {
    return this.passages.length;
  }

  search(text: string): RankedAnswer {
    const byConversation = new Map<string, Array<number | null>>();
    // Every scored passage, best first: a conversation's first is its best.
    for (const [id] of this.engine.search(text, this.passages.length)) {
      const passage = this.passages[Number(id)] as StoredPassage;
      const starts = byConversation.get(passage.conversation_id) ?? [];
      if (starts.length < TOP_K) starts.push(passage.start_seconds);
      byConversation.set(passage.conversation_id, starts);
    }
    return { conversations: [...byConversation].slice(0, RANKED_CONVERSATIONS).map(([id, matchStarts]) => ({ id, matchStarts })) };
  }
}
