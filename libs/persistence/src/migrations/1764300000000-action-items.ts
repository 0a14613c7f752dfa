import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The action items processing recognises in a conversation (text, owner, due phrase, source and time), shown on the
 * retrieve response beside the summary they come from. Written with the summary in the same update, so the two always
 * belong to the same processing; a JSON array, as it is only ever read and written whole with its conversation.
 */
export class ActionItems1764300000000 implements MigrationInterface {
  name = 'ActionItems1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversations ADD COLUMN action_items jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(action_items) = 'array')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversations DROP COLUMN action_items`);
  }
}
