import { type ApiClient, type ConversationCopy, paginate, sync } from '@cs/api-client';
import type { ConversationListEntry } from '@cs/domain';
import { eventually } from '@cs/testing';
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment();
// Long enough for the feed's wait on a busy shared server.
jest.setTimeout(240_000);

/** A small deterministic PRNG (mulberry32): a failing sequence can be replayed from its seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXT = { type: 'text' as const, content: 'Notes.' };

async function fullList(client: ApiClient): Promise<Record<string, ConversationListEntry>> {
  const all: Record<string, ConversationListEntry> = {};
  for await (const c of paginate((p) => client.listConversations(p), { status: 'all' as const, limit: 100 })) all[c.id] = c;
  return all;
}

describe('sync(): a copy made from one full list plus the feed equals the current list, for every user, after any writes', () => {
  it.each([11, 29, 47])('holds for an owner and a member after random writes by both (seed %i)', async (seed) => {
    const { workspace, admin: owner, member } = await env.world();
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
    const people = [owner, member];
    const tags = [await owner.client.createTag({ name: `t1-${seed}` }), await member.client.createTag({ name: `t2-${seed}` })];
    const folder = await owner.client.createFolder({ name: `f-${seed}` });
    const mine = new Map<string, typeof owner>();

    const copies = new Map<typeof owner, ConversationCopy>();
    for (const person of people) copies.set(person, await sync(person.client));

    // Every committed event of the workspace positioned (docs/architecture.md "The events feed"): then the feed says all there is.
    const settled = () =>
      eventually(
        async () =>
          (await env.db.dataSource.query<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM feed_pending WHERE workspace_id = $1`,
            [workspace.id],
          ))[0]!.n,
        (n) => n === 0,
        30_000,
      );

    for (let round = 0; round < 4; round++) {
      for (let step = 0; step < 10; step++) {
        const who = pick(people)!;
        const own = [...mine.entries()].filter(([, p]) => p === who).map(([id]) => id);
        const target = pick(own);
        const roll = next();
        if (roll < 0.25 || target === undefined) {
          const c = await who.client.createConversation({ title: `c${round}.${step}`, visibility: next() < 0.5 ? 'workspace' : 'private', sources: [TEXT] });
          mine.set(c.id, who);
        } else if (roll < 0.4) await who.client.updateConversation(target, { visibility: next() < 0.5 ? 'workspace' : 'private' });
        else if (roll < 0.5) await who.client.updateConversation(target, { title: `renamed ${round}.${step}` });
        else if (roll < 0.6) await who.client.updateConversation(target, { folder_id: next() < 0.5 ? folder.id : null });
        else if (roll < 0.7) await who.client.applyTag(target, pick(tags)!.id);
        else if (roll < 0.75) await who.client.removeTag(target, pick(tags)!.id);
        else if (roll < 0.8) await who.client.updateTag(pick(tags)!.id, { color: next() < 0.5 ? '#2f80ed' : '#eb5757' });
        else if (roll < 0.85) await who.client.addSource(target, TEXT);
        else {
          await who.client.deleteConversation(target);
          mine.delete(target);
        }
      }
      await settled();
      for (const person of people) {
        const copy = await sync(person.client, copies.get(person));
        expect(copy.conversations).toEqual(await fullList(person.client));
      }
    }
  });
});
