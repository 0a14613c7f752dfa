import { addMembership, createTenant, createUser, createWorkspace } from '@cs/accounts';
import { newId, type Principal } from '@cs/domain';
import { insertRows, runMigrations } from '@cs/persistence';
import type { DataSource } from 'typeorm';
import { recreateDatabase } from '../kit/bench-database';
import type { Log } from '../kit/bench-database';
import { seededRandom } from '@cs/testing';

export const DATA_ACCESS_DATABASE = 'cs_bench_data_access';

export interface DataAccessDataset {
  /** The workspace admin, reading as an API key would. */
  principal: Principal;
  conversations: number;
  setupSeconds: number;
}

const TAGS = 20;
const DAY = 86_400_000;

const CONVERSATION_COLUMNS = ['id', 'workspace_id', 'owner_id', 'title', 'status', 'visibility', 'digest', 'created_at', 'updated_at'];
const SOURCE_COLUMNS = ['id', 'conversation_id', 'workspace_id', 'type', 'position', 'title', 'added_at', 'duration_seconds', 'language', 'content'];
const CONVERSATION_TAG_COLUMNS = ['conversation_id', 'tag_id', 'workspace_id', 'origin', 'accepted'];
const SOURCE_TYPES = ['transcript', 'document', 'text'] as const;

/**
 * A fresh database each run (dropped, created, migrated with @cs/persistence): one workspace with three members,
 * 20 tags and `conversations` conversations over a year, 90% ready, 75% shared with the workspace, each with 1 to 3
 * sources, about 1.5 accepted tags and an unaccepted AI suggestion on ~30%: the shape of rest-read's workspace #0,
 * smaller. `open` gives the DataSource (initialized, on the given URL) that migrates and fills it.
 */
export async function prepareDataAccessDatabase(
  serverUrl: string,
  conversations: number,
  open: (url: string) => Promise<DataSource>,
  log: Log,
): Promise<DataAccessDataset & { dataSource: DataSource }> {
  const started = Date.now();
  const ds = await open(await recreateDatabase(serverUrl, DATA_ACCESS_DATABASE));
  try {
    await runMigrations(ds);
    const rng = seededRandom(14);
    const end = Date.now();
    const principal = await ds.transaction(async (tx) => {
      const tenant = await createTenant(tx, { name: 'Bench tenant' });
      const workspace = await createWorkspace(tx, { tenantId: tenant.id, name: 'Bench workspace' });
      const members = [];
      for (const [i, role] of (['admin', 'member', 'member'] as const).entries()) {
        const user = await createUser(tx, { email: `member${i}@bench.example`, name: `Member ${i}` });
        await addMembership(tx, { workspaceId: workspace.id, userId: user.id, role });
        members.push(user.id);
      }
      const tagIds = Array.from({ length: TAGS }, () => newId('tag'));
      await insertRows(tx, 'tags', ['id', 'workspace_id', 'name', 'color'], tagIds.map((id, i) => [id, workspace.id, `Topic ${String(i).padStart(2, '0')}`, i % 2 ? '#3366cc' : null]));

      const rows: unknown[][] = [];
      const sources: unknown[][] = [];
      const tags: unknown[][] = [];
      for (let i = 0; i < conversations; i++) {
        const createdAt = new Date(end - Math.floor(((conversations - i) / conversations) * 365 * DAY));
        const id = newId('conversation', createdAt);
        const roll = rng();
        const status = roll < 0.9 ? 'ready' : roll < 0.96 ? 'pending' : 'error';
        const visibility = rng() < 0.75 ? 'workspace' : 'private';
        rows.push([id, workspace.id, members[i % 3], `Weekly sync ${i}`, status, visibility, status === 'ready' ? `Sync ${i}: scope agreed.` : null, createdAt, createdAt]);
        const sourceCount = 1 + Math.floor(rng() * 3);
        for (let position = 0; position < sourceCount; position++) {
          const type = SOURCE_TYPES[position % SOURCE_TYPES.length]!;
          const transcript = type === 'transcript';
          sources.push([newId('source', createdAt), id, workspace.id, type, position, `Source ${position}`, createdAt, transcript ? 1800 : null, transcript ? 'eng' : null, `Content ${i}.${position}`]);
        }
        const accepted = new Set<number>();
        const wanted = rng() < 0.5 ? 1 : 2;
        // Skewed: low-numbered tags are the common ones, as in rest-read.
        while (accepted.size < wanted) accepted.add(Math.floor(TAGS * rng() * rng()));
        for (const t of accepted) tags.push([id, tagIds[t], workspace.id, 'user', true]);
        if (rng() < 0.3) {
          const suggestion = tagIds.findIndex((_, t) => !accepted.has(t));
          tags.push([id, tagIds[suggestion], workspace.id, 'ai', false]);
        }
      }
      await insertRows(tx, 'conversations', CONVERSATION_COLUMNS, rows);
      await insertRows(tx, 'sources', SOURCE_COLUMNS, sources);
      await insertRows(tx, 'conversation_tags', CONVERSATION_TAG_COLUMNS, tags);
      const admin = members[0]!;
      return {
        via: 'api_key',
        userId: admin,
        workspaceId: workspace.id,
        tenantId: tenant.id,
        role: 'admin',
        scopes: new Set(['conversations:read', 'folders:read', 'email']),
        credentialId: 'bench',
      } satisfies Principal;
    });
    await ds.query('VACUUM ANALYZE');
    const setupSeconds = (Date.now() - started) / 1000;
    log(`dataset: ${conversations.toLocaleString('en-US')} conversations in ${setupSeconds.toFixed(1)} s`);
    return { dataSource: ds, principal, conversations, setupSeconds };
  } catch (error) {
    await ds.destroy();
    throw error;
  }
}
