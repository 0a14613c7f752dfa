import type { ProcessingErrorReason } from '@cs/domain';
import { recordEvent } from '@cs/events';
import type { DataSource, EntityManager } from 'typeorm';

export interface SourceToProcess {
  id: string;
  type: 'transcript' | 'document' | 'text' | 'file';
  title: string | null;
  input: Record<string, unknown> | null;
  upload: Buffer | null;
  upload_kind: string | null;
  duration_seconds: number | null;
}

export interface ConversationToProcess {
  id: string;
  workspace_id: string;
  title: string | null;
  sources: SourceToProcess[];
  tags: Array<{ id: string; name: string; description: string | null }>;
}

export interface ProcessedSource {
  id: string;
  content: string | null;
  participants: string[];
  language: string | null;
  durationSeconds: number | null;
}

export interface ProcessingResult {
  sources: ProcessedSource[];
  summary: string | null;
  digest: string | null;
  suggestedTagIds: string[];
}

interface Locked {
  id: string;
  workspace_id: string;
  title: string | null;
  started_at: Date;
}

/** Rows of a SELECT through an EntityManager (TypeORM answers SELECTs with the rows themselves). */
const select = <T>(m: EntityManager | DataSource, sql: string, params: unknown[]): Promise<T[]> => m.query(sql, params) as Promise<T[]>;

/**
 * Reads and writes what processing works on. Every write first locks the conversation and checks that it is
 * still pending at the job's generation: a job that outlived its generation (a source was added meanwhile, or the
 * conversation was deleted) writes nothing, and the newer job does the work.
 */
export class ConversationStore {
  constructor(private readonly dataSource: DataSource) {}

  /** The conversation as it is at this generation, or null when the job is stale. */
  async load(conversationId: string, generation: number): Promise<ConversationToProcess | null> {
    const [conversation] = await select<{ id: string; workspace_id: string; title: string | null }>(
      this.dataSource,
      `SELECT id, workspace_id, title FROM conversations WHERE id = $1 AND status = 'pending' AND processing_generation = $2`,
      [conversationId, generation],
    );
    if (!conversation) return null;
    const sources = await select<SourceToProcess>(
      this.dataSource,
      `SELECT id, type, title, input, upload, upload_kind, duration_seconds FROM sources WHERE conversation_id = $1 ORDER BY position, id`,
      [conversationId],
    );
    const tags = await select<{ id: string; name: string; description: string | null }>(
      this.dataSource,
      `SELECT id, name, description FROM tags WHERE workspace_id = $1 ORDER BY lower(name), id`,
      [conversation.workspace_id],
    );
    return { ...conversation, sources, tags };
  }

  /** Writes the results and the conversation.ready event in one transaction; false when the job was stale. */
  saveReady(conversationId: string, generation: number, result: ProcessingResult, requestId: string | null, now = new Date()): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const locked = await this.lock(m, conversationId, generation);
      if (!locked) return false;
      for (const s of result.sources) {
        await m.query(`UPDATE sources SET content = $2, participants = $3, language = $4, duration_seconds = $5 WHERE id = $1`, [
          s.id,
          s.content,
          s.participants,
          s.language,
          s.durationSeconds,
        ]);
      }
      await m.query(
        `UPDATE conversations SET status = 'ready', summary = $2, digest = $3, processing_requested_at = NULL, updated_at = $4 WHERE id = $1`,
        [conversationId, result.summary, result.digest, now],
      );
      // Suggestions never override what a person decided: tags already applied stay as they are.
      for (const tagId of result.suggestedTagIds) {
        await m.query(
          `INSERT INTO conversation_tags (conversation_id, tag_id, workspace_id, origin, accepted) VALUES ($1, $2, $3, 'ai', false)
           ON CONFLICT (conversation_id, tag_id) DO NOTHING`,
          [conversationId, tagId, locked.workspace_id],
        );
      }
      await recordEvent(
        m,
        locked.workspace_id,
        'conversation.ready',
        { id: locked.id, title: locked.title, started_at: locked.started_at.toISOString(), status: 'ready' },
        requestId,
        now,
      );
      return true;
    });
  }

  /** Ends the conversation in `error` with the conversation.failed event, in one transaction; false when stale. */
  saveFailed(
    conversationId: string,
    generation: number,
    reason: ProcessingErrorReason,
    requestId: string | null,
    options: { terminationReason?: string | null } = {},
    now = new Date(),
  ): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const locked = await this.lock(m, conversationId, generation);
      if (!locked) return false;
      await m.query(
        `UPDATE conversations SET status = 'error', error_reason = $2, termination_reason = $3, processing_requested_at = NULL, updated_at = $4 WHERE id = $1`,
        [conversationId, reason, options.terminationReason ?? null, now],
      );
      await recordEvent(
        m,
        locked.workspace_id,
        'conversation.failed',
        { id: locked.id, title: locked.title, started_at: locked.started_at.toISOString(), status: 'error', error_reason: reason },
        requestId,
        now,
      );
      return true;
    });
  }

  private async lock(m: EntityManager, conversationId: string, generation: number): Promise<Locked | null> {
    const [row] = await select<Locked>(
      m,
      `SELECT id, workspace_id, title, COALESCE(started_at, created_at) AS started_at FROM conversations
       WHERE id = $1 AND status = 'pending' AND processing_generation = $2 FOR UPDATE`,
      [conversationId, generation],
    );
    return row ?? null;
  }
}
