import { IDEMPOTENCY_WINDOW_SECONDS, type ProcessingErrorReason } from '@cs/domain';
import { failConversation, forgetRelayedProcessingRequests, recordEvent } from '@cs/events';
import type { RowQueryable } from '@cs/persistence';
import { indexConversation } from '@cs/search';
import type { DataSource } from 'typeorm';
import type { TagCandidate } from '../tags/suggest-tags';
import type { ConversationToProcess, ProcessingResult, SourceToProcess } from '../pipeline/conversation-work';

interface LockedConversation {
  id: string;
  workspace_id: string;
  title: string | null;
  started_at: Date;
}

interface StaleRow {
  id: string;
  workspace_id: string;
  processing_generation: number;
}

/** A conversation pending for longer than it should, at the generation its job was made for. */
export interface StaleWork {
  conversationId: string;
  workspaceId: string;
  generation: number;
}

/** Any constant; the same in every replica, so one sweeps at a time. */
const SWEEP_LOCK = 7_261_004;
const SWEEP_BATCH = 200;

/**
 * Reads and writes what processing works on. Every write first locks the conversation and checks that it is
 * still pending at the job's generation: a job that outlived its generation (a source was added meanwhile, or the
 * conversation was deleted) writes nothing, and the newer job does the work.
 */
export class ProcessingStore {
  constructor(private readonly dataSource: DataSource) {}

  /** The conversation as it is at this generation, or null when the job is stale. */
  async load(conversationId: string, generation: number): Promise<ConversationToProcess | null> {
    const db: RowQueryable = this.dataSource;
    const [conversation] = await db.query<Pick<ConversationToProcess, 'id' | 'workspace_id' | 'title'>>(
      `SELECT id, workspace_id, title FROM conversations WHERE id = $1 AND status = 'pending' AND processing_generation = $2`,
      [conversationId, generation],
    );
    if (!conversation) return null;
    const sources = await db.query<SourceToProcess>(
      `SELECT id, type, title, input, upload, upload_kind, duration_seconds FROM sources WHERE conversation_id = $1 ORDER BY position, id`,
      [conversationId],
    );
    const tags = await db.query<TagCandidate>(`SELECT id, name, description FROM tags WHERE workspace_id = $1 ORDER BY lower(name), id`, [
      conversation.workspace_id,
    ]);
    return { ...conversation, sources, tags };
  }

  /** Writes the results and the conversation.ready event in one transaction; false when the job was stale. */
  saveReady(conversationId: string, generation: number, result: ProcessingResult, requestId: string | null, now = new Date()): Promise<boolean> {
    return this.transaction(async (tx) => {
      const locked = await lock(tx, conversationId, generation);
      if (!locked) return false;
      for (const s of result.sources) {
        await tx.query(`UPDATE sources SET content = $2, participants = $3, language = $4, duration_seconds = $5 WHERE id = $1`, [
          s.id,
          s.content,
          s.participants,
          s.language,
          s.durationSeconds,
        ]);
      }
      await tx.query(
        `UPDATE conversations SET status = 'ready', summary = $2, digest = $3, action_items = $5::jsonb, processing_requested_at = NULL, updated_at = $4 WHERE id = $1`,
        [conversationId, result.summary, result.digest, now, JSON.stringify(result.actionItems)],
      );
      // Searchable in the transaction that makes it ready: never ready and unfindable, never findable and pending.
      await indexConversation(tx, conversationId);
      // Suggestions never override what a person decided: tags already applied stay as they are.
      for (const tagId of result.suggestedTagIds) {
        await tx.query(
          `INSERT INTO conversation_tags (conversation_id, tag_id, workspace_id, origin, accepted) VALUES ($1, $2, $3, 'ai', false)
           ON CONFLICT (conversation_id, tag_id) DO NOTHING`,
          [conversationId, tagId, locked.workspace_id],
        );
      }
      await recordEvent(
        tx,
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
    return this.transaction(async (tx) => {
      const locked = await lock(tx, conversationId, generation);
      if (!locked) return false;
      return failConversation(tx, { id: locked.id, workspaceId: locked.workspace_id }, { errorReason: reason, terminationReason: options.terminationReason ?? null }, requestId, now);
    });
  }

  /**
   * The sweeper's pass, under a lock only one replica holds at a time: hands `decide` the conversations pending
   * since before `staleBefore` (oldest first, a batch at a time), then forgets expired idempotency keys and old
   * relayed processing requests. Null, doing nothing, when another replica is sweeping.
   */
  sweepStale<T>(staleBefore: Date, decide: (stale: StaleWork[]) => Promise<T>): Promise<T | null> {
    return this.transaction(async (tx) => {
      const [{ locked } = { locked: false }] = await tx.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [SWEEP_LOCK]);
      if (!locked) return null;
      const stale = await tx.query<StaleRow>(
        `SELECT id, workspace_id, processing_generation FROM conversations
         WHERE status = 'pending' AND processing_requested_at < $1 ORDER BY processing_requested_at LIMIT $2`,
        [staleBefore, SWEEP_BATCH],
      );
      const decided = await decide(stale.map((c) => ({ conversationId: c.id, workspaceId: c.workspace_id, generation: c.processing_generation })));
      await tx.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1)`, [IDEMPOTENCY_WINDOW_SECONDS]);
      await forgetRelayedProcessingRequests(tx);
      return decided;
    });
  }

  private transaction<T>(work: (tx: RowQueryable) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(manager));
  }
}

function lock(tx: RowQueryable, conversationId: string, generation: number): Promise<LockedConversation | null> {
  return tx
    .query<LockedConversation>(
      `SELECT id, workspace_id, title, COALESCE(started_at, created_at) AS started_at FROM conversations
       WHERE id = $1 AND status = 'pending' AND processing_generation = $2 FOR UPDATE`,
      [conversationId, generation],
    )
    .then(([row]) => row ?? null);
}
