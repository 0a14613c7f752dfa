import { newId, newSecret, secretDigest, secretHint } from '@cs/domain';
import { copyLine } from '../kit/copy-text';

/** How big the dataset is and how it is spread. */
export interface DatasetShape {
  label: string;
  workspaces: number;
  membersPerWorkspace: number;
  /** Folders over every workspace, the big tree included. */
  folders: number;
  /** Folders below the one big folder of workspace #0 (any depth, the folder itself not counted). */
  bigFolderDescendants: number;
  /** Other folders of workspace #0, outside the big tree. */
  workspaceZeroOtherFolders: number;
  conversations: number;
  /** Conversations of workspace #0, whose first member holds the API key the benchmark uses. */
  workspaceZeroConversations: number;
  tagsPerWorkspace: number;
  /** Segments of the one two-hour transcript. */
  transcriptSegments: number;
  /** created_at is spread over this many days before END_OF_RANGE. */
  spanDays: number;
  /** Share of the conversations that are private to their owner; 0.25 unless given. */
  privateShare?: number;
  /** Whether transcripts also hold their segments as written (`input`), as POST /conversations stores them; not unless given. */
  transcriptInput?: boolean;
}

/** The issue's dataset: a million conversations, 100 workspaces, 10,000 folders. */
export const FULL_SHAPE: DatasetShape = {
  label: 'full',
  workspaces: 100,
  membersPerWorkspace: 3,
  folders: 10_000,
  bigFolderDescendants: 4_000,
  workspaceZeroOtherFolders: 100,
  conversations: 1_000_000,
  workspaceZeroConversations: 60_000,
  tagsPerWorkspace: 20,
  transcriptSegments: 1_500,
  spanDays: 730,
};

/** `--quick`: a smoke test of the whole pipeline in a minute or so. */
export const QUICK_SHAPE: DatasetShape = {
  label: 'quick',
  workspaces: 10,
  membersPerWorkspace: 3,
  folders: 1_000,
  bigFolderDescendants: 400,
  workspaceZeroOtherFolders: 20,
  conversations: 20_000,
  workspaceZeroConversations: 8_000,
  tagsPerWorkspace: 20,
  transcriptSegments: 1_500,
  spanDays: 730,
};

/** Bumped whenever the generated rows change shape, so a stored dataset of an older shape is regenerated. */
export const DATASET_VERSION = 1;

/** Fixed, so that two generations of one shape spread rows identically (only the random id bits differ). */
export const END_OF_RANGE = Date.UTC(2025, 9, 1);

export const TABLE_COLUMNS = {
  tenants: ['id', 'name', 'created_at'],
  workspaces: ['id', 'tenant_id', 'name', 'oauth_apps_enabled', 'created_at'],
  users: ['id', 'email', 'name', 'password_hash', 'created_at'],
  memberships: ['workspace_id', 'user_id', 'role', 'created_at'],
  api_keys: ['id', 'workspace_id', 'user_id', 'name', 'secret_digest', 'hint', 'created_at', 'last_used_at', 'revoked_at'],
  folders: ['id', 'workspace_id', 'parent_id', 'owner_id', 'name', 'visibility', 'created_at', 'updated_at'],
  tags: ['id', 'workspace_id', 'name', 'color', 'description', 'created_at', 'updated_at'],
  conversations: [
    'id', 'workspace_id', 'owner_id', 'folder_id', 'title', 'status', 'termination_reason', 'error_reason',
    'visibility', 'digest', 'summary', 'created_at', 'updated_at',
  ],
  sources: [
    'id', 'conversation_id', 'workspace_id', 'type', 'position', 'title', 'added_at', 'duration_seconds', 'language',
    'meeting_url', 'attendees', 'participants', 'content', 'created_at', 'input',
  ],
  conversation_tags: ['conversation_id', 'tag_id', 'workspace_id', 'origin', 'accepted', 'created_at'],
} as const;

export type Table = keyof typeof TABLE_COLUMNS;

/** Small tables, in foreign-key order: loaded first, with every constraint in place. */
export const SMALL_TABLES = ['tenants', 'workspaces', 'users', 'memberships', 'api_keys', 'folders', 'tags'] as const;
/** The million-row tables, streamed together in one pass. */
export const BIG_TABLES = ['conversations', 'sources', 'conversation_tags'] as const;
export type SmallTable = (typeof SMALL_TABLES)[number];
export type BigTable = (typeof BIG_TABLES)[number];

/** What the benchmark needs to know about a generated dataset (stored with it, so a re-run can reuse it). */
export interface DatasetInfo {
  version: number;
  shape: DatasetShape;
  workspaceId: string;
  userId: string;
  /** Clear-text API key of workspace #0's first member (synthetic data only). */
  apiKey: string;
  bigFolderId: string;
  bigFolderDescendants: number;
  popularTagId: string;
  /** Accepted applications of the popular tag, in workspace #0. */
  popularTagConversations: number;
  twoHourConversationId: string;
  /** Ready conversations of workspace #0 visible to the key's user: what the default listing pages over. */
  visibleReadyForKeyUser: number;
  counts: Record<Table, number>;
}

/**
 * Receives the rows of the big tables as COPY text lines. Returning a promise asks the generator to
 * wait (back-pressure); returning nothing lets it go on.
 */
export type RowSink = (table: BigTable, line: string) => Promise<void> | void;

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Margaret', 'Linus', 'Radia', 'Tim'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Hamilton', 'Torvalds', 'Perlman', 'Berners-Lee'];
const TOPICS = ['launch plan', 'quarterly review', 'hiring loop', 'pricing', 'roadmap', 'incident retro', 'customer onboarding', 'design critique', 'budget', 'security audit', 'sales pipeline', 'support escalations'];
const MEETINGS = ['Weekly sync', 'Kick-off', 'Standup', 'Planning', 'Review', 'Interview', 'Demo', '1:1', 'All hands', 'Workshop'];
const WORDS = 'we should ship the release after the review and keep the budget for the next quarter because customers asked about pricing onboarding and the roadmap while support needs more people on escalations this month'.split(' ');
const LANGUAGES = ['eng', 'eng', 'eng', 'fra', 'deu', 'spa'];
const TAG_NAMES = ['Customer', 'Sales', 'Engineering', 'Hiring', 'Design', 'Roadmap', 'Finance', 'Legal', 'Support', 'Marketing', 'Security', 'Partners', 'Research', 'Operations', 'Product', 'Board', 'Onboarding', 'Incident', 'Planning', 'Retro'];
const TERMINATIONS = ['not_admitted', 'verification_required', 'captcha_required'] as const;

const DAY_MS = 86_400_000;

const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const two = (n: number): string => String(n).padStart(2, '0');
export const clock = (seconds: number): string =>
  `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;

function sentence(rng: () => number, words: number): string {
  let out = '';
  for (let i = 0; i < words; i++) out += (i === 0 ? '' : ' ') + pick(rng, WORDS);
  return `${out.charAt(0).toUpperCase()}${out.slice(1)}.`;
}

interface WrittenSegment {
  speaker: string;
  start_seconds: number;
  end_seconds: number;
  text: string;
}

/** A transcript's segments as a client writes them, evenly over the recording. */
function transcriptSegmentsOf(rng: () => number, speakers: readonly string[], segments: number, durationSeconds: number): WrittenSegment[] {
  const at = (i: number) => Math.floor((i * durationSeconds) / segments) + 1;
  const written: WrittenSegment[] = [];
  for (let i = 0; i < segments; i++) {
    const speaker = pick(rng, speakers);
    written.push({ speaker, start_seconds: at(i), end_seconds: Math.min(at(i + 1), durationSeconds), text: sentence(rng, 8 + Math.floor(rng() * 14)) });
  }
  return written;
}

/** `[HH:MM:SS] Speaker: text` lines, as the processor renders transcripts. */
const renderedContent = (segments: readonly WrittenSegment[]): string => segments.map((s) => `[${clock(s.start_seconds)}] ${s.speaker}: ${s.text}`).join('\n');

/** A workspace member as the generators plan it (the search corpus needs no email). */
export interface PlannedMember {
  userId: string;
  name: string;
}

interface Member extends PlannedMember {
  email: string;
}

/** A workspace of a generated dataset, planned before its rows are written. */
export interface WorkspacePlan<M extends PlannedMember = Member> {
  id: string;
  members: M[];
  /** Every folder of the workspace. */
  folders: string[];
  /** Cumulative Zipf weights over `tags`, so the first tag is by far the most used. */
  tags: string[];
  tagWeights: number[];
}

/** The small tables, built in memory, and what the big ones need to refer to. */
export interface SmallTables {
  lines: Record<SmallTable, string[]>;
  workspaces: WorkspacePlan[];
  apiKey: string;
  bigFolderId: string;
  /** The big folder and its descendants. */
  bigTree: string[];
  /** Workspace #0's folders outside the big tree. */
  workspaceZeroOther: string[];
}

/** Parent-first (breadth-first) tree of `count` folders under `rootId` with the given fan-out per level. */
function tree(count: number, fanouts: readonly number[], makeFolder: (parentId: string) => string, rootId: string): string[] {
  const made: string[] = [];
  let level = [rootId];
  for (let depth = 0; made.length < count; depth++) {
    const fanout = fanouts[Math.min(depth, fanouts.length - 1)] as number;
    const next: string[] = [];
    for (const parent of level) {
      for (let i = 0; i < fanout && made.length < count; i++) {
        const id = makeFolder(parent);
        made.push(id);
        next.push(id);
      }
    }
    if (next.length === 0) break;
    level = next;
  }
  return made;
}

export function generateSmallTables(shape: DatasetShape, rng: () => number): SmallTables {
  const lines: Record<SmallTable, string[]> = { tenants: [], workspaces: [], users: [], memberships: [], api_keys: [], folders: [], tags: [] };
  const start = END_OF_RANGE - shape.spanDays * DAY_MS;
  // Folders, tags and people exist before the first conversation.
  const setupAt = new Date(start - 30 * DAY_MS);
  const setupIso = setupAt.toISOString();
  let apiKey = '';
  let folderSerial = 0;
  const workspaces: WorkspacePlan[] = [];

  for (let w = 0; w < shape.workspaces; w++) {
    const tenantId = newId('tenant', setupAt);
    const workspaceId = newId('workspace', setupAt);
    lines.tenants.push(copyLine([tenantId, `Bench tenant ${w}`, setupIso]));
    lines.workspaces.push(copyLine([workspaceId, tenantId, `Bench workspace ${w}`, false, setupIso]));
    const members: Member[] = [];
    for (let m = 0; m < shape.membersPerWorkspace; m++) {
      const userId = newId('user', setupAt);
      const name = `${FIRST_NAMES[(w + m) % FIRST_NAMES.length]} ${LAST_NAMES[(w * 7 + m) % LAST_NAMES.length]}`;
      const email = `bench-w${w}-m${m}@example.test`;
      members.push({ userId, name, email });
      lines.users.push(copyLine([userId, email, name, null, setupIso]));
      lines.memberships.push(copyLine([workspaceId, userId, m === 0 ? 'admin' : 'member', setupIso]));
    }
    // Every workspace's first member has a key (a realistic digest index); workspace #0's is the one used.
    const key = newSecret('apiKey');
    if (w === 0) apiKey = key;
    const first = members[0] as Member;
    lines.api_keys.push(copyLine([newId('apiKey', setupAt), workspaceId, first.userId, 'Bench key', secretDigest(key), secretHint(key), setupIso, null, null]));

    const tags: string[] = [];
    const tagWeights: number[] = [];
    let total = 0;
    for (let t = 0; t < shape.tagsPerWorkspace; t++) {
      const id = newId('tag', setupAt);
      tags.push(id);
      total += 1 / (t + 1);
      tagWeights.push(total);
      const color = `#${Math.floor(rng() * 0xffffff).toString(16).padStart(6, '0')}`;
      const name = `${TAG_NAMES[t % TAG_NAMES.length]}${t >= TAG_NAMES.length ? ` ${t}` : ''}`;
      lines.tags.push(copyLine([id, workspaceId, name, color, t % 3 === 0 ? `Conversations about ${name.toLowerCase()}.` : null, setupIso, setupIso]));
    }
    workspaces.push({ id: workspaceId, members, folders: [], tags, tagWeights: tagWeights.map((x) => x / total) });
  }

  const ws0 = workspaces[0] as WorkspacePlan;
  const makeFolder = (plan: WorkspacePlan, parentId: string | null, visibility?: 'private' | 'workspace'): string => {
    const id = newId('folder', setupAt);
    const owner = pick(rng, plan.members);
    const vis = visibility ?? (rng() < 0.9 ? 'workspace' : 'private');
    lines.folders.push(copyLine([id, plan.id, parentId, owner.userId, `Folder ${++folderSerial} ${pick(rng, TOPICS)}`, vis, setupIso, setupIso]));
    plan.folders.push(id);
    return id;
  };

  // Workspace #0: one big, visible folder with a wide and deep tree under it, plus some other folders.
  const bigFolderId = makeFolder(ws0, null, 'workspace');
  const descendants = tree(shape.bigFolderDescendants, [16, 10, 25], (parent) => makeFolder(ws0, parent), bigFolderId);
  const bigTree = [bigFolderId, ...descendants];
  const otherTops: string[] = [];
  const workspaceZeroOther: string[] = [];
  for (let i = 0; i < shape.workspaceZeroOtherFolders; i++) {
    const parent = i < 10 || otherTops.length === 0 ? null : pick(rng, otherTops);
    const id = makeFolder(ws0, parent);
    if (parent === null) otherTops.push(id);
    workspaceZeroOther.push(id);
  }
  // The rest over the other workspaces: small trees (a few top-level folders, children below them).
  const rest = Math.max(0, shape.folders - bigTree.length - shape.workspaceZeroOtherFolders);
  const others = workspaces.slice(1);
  for (let i = 0; i < others.length; i++) {
    const plan = others[i] as WorkspacePlan;
    const count = Math.floor(rest / others.length) + (i < rest % others.length ? 1 : 0);
    const tops: string[] = [];
    for (let f = 0; f < count; f++) {
      const parent = f < 6 || tops.length === 0 ? null : pick(rng, tops);
      const id = makeFolder(plan, parent);
      if (parent === null || rng() < 0.3) tops.push(id);
    }
  }
  return { lines, workspaces, apiKey, bigFolderId, bigTree, workspaceZeroOther };
}

function weightedIndex(rng: () => number, cumulative: readonly number[]): number {
  const x = rng();
  for (let i = 0; i < cumulative.length; i++) if (x < (cumulative[i] as number)) return i;
  return cumulative.length - 1;
}

/**
 * Streams the conversations with their sources and tags to `sink`, oldest first. created_at is spread
 * evenly over the span with distinct milliseconds, except that about 1% of conversations share the
 * previous one's millisecond (same workspace), so the id tie-breaker of the keyset order is exercised.
 */
export async function generateBigTables(
  shape: DatasetShape,
  small: SmallTables,
  rng: () => number,
  sink: RowSink,
): Promise<Omit<DatasetInfo, 'version' | 'shape' | 'apiKey' | 'bigFolderId' | 'bigFolderDescendants' | 'counts'> & { counts: Record<BigTable, number> }> {
  const counts: Record<BigTable, number> = { conversations: 0, sources: 0, conversation_tags: 0 };
  const ws0 = small.workspaces[0] as WorkspacePlan;
  const keyUser = (ws0.members[0] as Member).userId;
  const start = END_OF_RANGE - shape.spanDays * DAY_MS;
  const step = (shape.spanDays * DAY_MS) / shape.conversations;
  const pZero = shape.workspaceZeroConversations / shape.conversations;
  const popularTagId = ws0.tags[0] as string;
  let popularTagConversations = 0;
  let visibleReadyForKeyUser = 0;
  let twoHourConversationId = '';
  let previousMs = -1;
  let previousWorkspace = 0;

  // Back-pressure is honoured once per conversation (one await per conversation, not per row).
  let waits: Promise<void>[] = [];
  const emit = (table: BigTable, line: string): void => {
    counts[table]++;
    const wait = sink(table, line);
    if (wait) waits.push(wait);
  };

  for (let i = 0; i < shape.conversations; i++) {
    const tie = i > 0 && rng() < 0.01;
    const ms = tie ? previousMs : Math.max(previousMs + 1, Math.floor(start + i * step + rng() * (step - 1)));
    const w = tie ? previousWorkspace : rng() < pZero ? 0 : 1 + Math.floor(rng() * (small.workspaces.length - 1));
    previousMs = ms;
    previousWorkspace = w;
    const plan = small.workspaces[w] as WorkspacePlan;
    const createdAt = new Date(ms);
    const createdIso = createdAt.toISOString();
    const id = newId('conversation', createdAt);

    // The two-hour transcript: one conversation of workspace #0, halfway through time, owned by the key's user.
    const twoHour = w === 0 && twoHourConversationId === '' && i >= shape.conversations / 2;
    const owner = twoHour ? (ws0.members[0] as Member) : pick(rng, plan.members);
    let folderId: string | null = null;
    const f = rng();
    if (w === 0) {
      if (f < 0.5) folderId = pick(rng, small.bigTree);
      else if (f < 0.8 && small.workspaceZeroOther.length > 0) folderId = pick(rng, small.workspaceZeroOther);
    } else if (f < 0.7 && plan.folders.length > 0) {
      folderId = pick(rng, plan.folders);
    }
    const s = rng();
    const status = twoHour || s < 0.9 ? 'ready' : s < 0.96 ? 'pending' : 'error';
    const termination = status === 'error' && rng() < 0.5 ? pick(rng, TERMINATIONS) : null;
    const visibility = twoHour || rng() < 1 - (shape.privateShare ?? 0.25) ? 'workspace' : 'private';
    const topic = pick(rng, TOPICS);
    const title = twoHour ? 'Two-hour planning offsite' : rng() < 0.03 ? null : `${pick(rng, MEETINGS)}: ${topic}`;
    const ready = status === 'ready';
    const digest = ready ? `Discussed the ${topic}; agreed next steps and owners.`.slice(0, 80) : null;
    const summary = ready ? `The team reviewed the ${topic}.\n\n## Decisions\n- ${sentence(rng, 6)}\n- ${sentence(rng, 5)}` : null;
    const updatedIso = ready || status === 'error' ? new Date(ms + 60_000 + Math.floor(rng() * 600_000)).toISOString() : createdIso;
    emit('conversations', copyLine([
      id, plan.id, owner.userId, folderId, title, status, termination,
      status === 'error' ? (termination ? 'The bot could not join the meeting.' : 'Transcription failed.') : null,
      visibility, digest, summary, createdIso, updatedIso,
    ]));
    if (w === 0 && ready && (visibility === 'workspace' || owner.userId === keyUser)) visibleReadyForKeyUser++;
    if (twoHour) twoHourConversationId = id;

    // Sources: 1 to 3, the first one a meeting transcript most of the time.
    const r = rng();
    const sourceCount = twoHour ? 1 : r < 0.5 ? 1 : r < 0.85 ? 2 : 3;
    for (let position = 0; position < sourceCount; position++) {
      const sourceId = newId('source', createdAt);
      const type = twoHour || (position === 0 && rng() < 0.7) ? 'transcript' : pick(rng, ['document', 'text', 'file', 'transcript'] as const);
      if (type === 'transcript') {
        const speakers = plan.members.map((m) => m.name);
        const duration = twoHour ? 7_200 : 300 + Math.floor(rng() * 5_100);
        const segments = twoHour
          ? transcriptSegmentsOf(rng, speakers, shape.transcriptSegments, duration)
          : transcriptSegmentsOf(rng, speakers.slice(0, 2), 3, duration);
        const content = renderedContent(segments);
        const input = shape.transcriptInput ? JSON.stringify({ segments, speaker_names: {}, language: null }) : null;
        emit('sources', copyLine([
          sourceId, id, plan.id, 'transcript', position, twoHour ? 'Offsite recording' : `${pick(rng, MEETINGS)} recording`,
          createdIso, duration, ready ? pick(rng, LANGUAGES) : null,
          `https://meet.example.test/${id.slice(-10, -7)}-${id.slice(-7, -3)}-${id.slice(-3)}`,
          plan.members.map((m) => m.email), ready ? speakers : [], ready ? content : null, createdIso, input,
        ]));
      } else {
        const content = type === 'document' ? `# Notes on the ${topic}\n\n${sentence(rng, 12)}` : sentence(rng, 14);
        emit('sources', copyLine([
          sourceId, id, plan.id, type, position, type === 'file' ? `${topic.replace(/ /g, '-')}.pdf` : `Notes: ${topic}`,
          createdIso, null, null, null, [], [], type === 'file' && !ready ? null : content, createdIso, null,
        ]));
      }
    }

    // Tags: ~1.5 accepted per conversation (Zipf-popular ones first), plus some unaccepted AI suggestions.
    const t = rng();
    const accepted = t < 0.15 ? 0 : t < 0.5 ? 1 : t < 0.85 ? 2 : 3;
    const chosen = new Set<number>();
    for (let k = 0; k < accepted + 5 && chosen.size < accepted; k++) chosen.add(weightedIndex(rng, plan.tagWeights));
    for (const index of chosen) {
      const tagId = plan.tags[index] as string;
      if (tagId === popularTagId) popularTagConversations++;
      emit('conversation_tags', copyLine([id, tagId, plan.id, rng() < 0.8 ? 'user' : 'ai', true, createdIso]));
    }
    if (rng() < 0.3) {
      const index = Math.floor(rng() * plan.tags.length);
      if (!chosen.has(index)) {
        emit('conversation_tags', copyLine([id, plan.tags[index] as string, plan.id, 'ai', false, createdIso]));
      }
    }
    if (waits.length > 0) {
      await Promise.all(waits);
      waits = [];
    }
  }
  return { workspaceId: ws0.id, userId: keyUser, popularTagId, popularTagConversations, twoHourConversationId, visibleReadyForKeyUser, counts };
}
