import type { MigrationInterface, QueryRunner } from 'typeorm';
import { rebuildIndexConcurrently } from './online/online-index';

/** The key of the conversations' list index by status; the covered columns are what 1765400000000 added. */
const KEY = `ON conversations (workspace_id, status, created_at DESC, id DESC)`;
const COVERING = `${KEY} INCLUDE (owner_id, visibility, folder_id)`;

/**
 * The conversations' list index by status, covering the list's filter columns (why: 1765400000000), rebuilt without
 * blocking writes: built concurrently beside the old one, which is then dropped concurrently. Where 1765400000000
 * already rebuilt it (in a transaction, before this existed), the index is as this leaves it and nothing is done.
 */
export class ConversationsListRebuiltConcurrently1765700000000 implements MigrationInterface {
  name = 'ConversationsListRebuiltConcurrently1765700000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    if (await covers(q)) return;
    await rebuildIndexConcurrently(q, 'conversations_status_list_idx', COVERING);
  }

  async down(q: QueryRunner): Promise<void> {
    await rebuildIndexConcurrently(q, 'conversations_status_list_idx', KEY);
  }
}

/** Whether the index exists, valid, with included (non-key) columns: the end state of this migration. */
async function covers(q: QueryRunner): Promise<boolean> {
  const rows = (await q.query(
    `SELECT i.indisvalid AND i.indnatts > i.indnkeyatts AS covers FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE c.relname = 'conversations_status_list_idx' AND c.relnamespace = current_schema()::regnamespace`,
  )) as Array<{ covers: boolean }>;
  return rows[0]?.covers === true;
}
