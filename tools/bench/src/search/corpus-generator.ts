import { newId, newSecret, secretDigest, secretHint } from '@cs/domain';
import type { CorpusMeeting, TimedTurn } from '@cs/meeting-corpus';
import { renderTranscript, type TranscriptSegment } from '@cs/processing';
import { copyLine } from '../kit/copy-text';
import { type PlannedMember, TABLE_COLUMNS, type WorkspacePlan as GeneratedWorkspacePlan } from '../rest-read/dataset-generator';

/** How big the search corpus is and how it is spread. */
export interface CorpusShape {
  label: string;
  workspaces: number;
  membersPerWorkspace: number;
  /** Per workspace: a fifth of them top-level, the rest one level below those. */
  foldersPerWorkspace: number;
  tagsPerWorkspace: number;
  /** Conversations over every workspace; conversation i is a replica of meeting i mod 197 (in a shuffled order). */
  conversations: number;
  /** Share of the conversations in workspace #0, whose first member holds the API key the benchmark uses. */
  workspaceZeroShare: number;
  /** created_at is spread over this many days before END_OF_RANGE. */
  spanDays: number;
}

/**
 * 109 replicas of the 197 meetings: 21,473 conversations, about 160 million words of transcript in the ready ones
 * (the issue's "at least 20,000 conversations, about 160 million words").
 */
export const FULL_CORPUS: CorpusShape = {
  label: 'full',
  workspaces: 4,
  membersPerWorkspace: 8,
  foldersPerWorkspace: 40,
  tagsPerWorkspace: 16,
  conversations: 109 * 197,
  workspaceZeroShare: 0.55,
  spanDays: 730,
};

/** `--quick`: about ten replicas of every meeting, enough to exercise every step in a few minutes. */
export const QUICK_CORPUS: CorpusShape = { ...FULL_CORPUS, label: 'quick', conversations: 2_000 };

/** Bumped whenever the generated rows change, so a stored corpus of an older version is regenerated. */
export const CORPUS_VERSION = 1;

/** Fixed, so that two generations of one shape spread rows identically (only the random id bits differ). */
export const END_OF_RANGE = Date.UTC(2026, 9, 1);
const DAY_MS = 86_400_000;

/** The tables the corpus fills with the conversations, in one pass. */
export const CORPUS_BIG_TABLES = ['conversations', 'sources', 'conversation_tags'] as const;
export type CorpusBigTable = (typeof CORPUS_BIG_TABLES)[number];
export const CORPUS_SMALL_TABLES = ['tenants', 'workspaces', 'users', 'memberships', 'api_keys', 'folders', 'tags'] as const;
export type CorpusSmallTable = (typeof CORPUS_SMALL_TABLES)[number];

/** A folder of workspace #0, as the queries need it. */
export interface CorpusFolder {
  id: string;
  name: string;
  parentId: string | null;
}

/** What the benchmark needs to know about a generated corpus (stored with it, so a re-run can reuse it). */
export interface CorpusInfo {
  version: number;
  shape: CorpusShape;
  workspaceId: string;
  userId: string;
  /** Clear-text API key of workspace #0's first member (synthetic data only). */
  apiKey: string;
  folders: CorpusFolder[];
  tags: Array<{ id: string; name: string }>;
  /** Names of workspace #0's members: some AMI replicas name their speakers after them. */
  memberNames: string[];
  /** created_at of the oldest and newest conversation. */
  firstCreatedAt: string;
  lastCreatedAt: string;
  counts: Record<CorpusBigTable | CorpusSmallTable, number>;
  /** Words of transcript content (the meetings' turns, split on spaces) of the ready conversations. */
  transcriptWords: number;
  /** Characters of every source's content. */
  contentChars: number;
  /** Ready conversations of workspace #0 visible to the key's user. */
  visibleReadyForKeyUser: number;
}

/** mulberry32: a small, fast, seedable PRNG. */

const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Margaret', 'Linus', 'Radia', 'Tim', 'Hedy', 'John'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Hamilton', 'Torvalds', 'Perlman', 'Lee', 'Lamarr', 'Backus'];
const FOLDER_TOPICS = ['Product design', 'Research', 'Committees', 'Interviews', 'Planning', 'Customers', 'Engineering', 'Board', 'Archive', 'Policy'];
const TAG_NAMES = ['Decision', 'Follow-up', 'Budget', 'Design', 'Research', 'Hearing', 'Prototype', 'Data', 'Evaluation', 'Marketing', 'Policy', 'Education', 'Health', 'Speech', 'Hardware', 'Finance'];
/** Title prefixes by corpus, so titles vary beyond the meetings' own topics. */
const TITLE_KINDS: Record<CorpusMeeting['corpus'], readonly string[]> = {
  ami: ['Design review', 'Kick-off', 'Product meeting', 'Remote control project', 'Team sync'],
  icsi: ['Research meeting', 'Lab meeting', 'Weekly group', 'Speech group', 'Data review'],
  committee: ['Committee session', 'Hearing', 'Evidence session', 'Scrutiny session', 'Oral questions'],
};
/** The AMI meetings' speakers are roles; in odd replicas they get workspace members' names (as users name speakers). */
const AMI_ROLES = ['Project Manager', 'Marketing', 'Industrial Designer', 'User Interface'];

type Member = PlannedMember;
type WorkspacePlan = GeneratedWorkspacePlan<Member>;

export interface SmallCorpusTables {
  lines: Record<CorpusSmallTable, string[]>;
  workspaces: WorkspacePlan[];
  apiKey: string;
  folders: CorpusFolder[];
  tags: Array<{ id: string; name: string }>;
}

export function generateSmallCorpusTables(shape: CorpusShape, rng: () => number): SmallCorpusTables {
  const lines: Record<CorpusSmallTable, string[]> = { tenants: [], workspaces: [], users: [], memberships: [], api_keys: [], folders: [], tags: [] };
  const setupAt = new Date(END_OF_RANGE - (shape.spanDays + 30) * DAY_MS);
  const setupIso = setupAt.toISOString();
  const workspaces: WorkspacePlan[] = [];
  let apiKey = '';
  const folders: CorpusFolder[] = [];
  const tags: Array<{ id: string; name: string }> = [];
  for (let w = 0; w < shape.workspaces; w++) {
    const tenantId = newId('tenant', setupAt);
    const workspaceId = newId('workspace', setupAt);
    lines.tenants.push(copyLine([tenantId, `Search bench tenant ${w}`, setupIso]));
    lines.workspaces.push(copyLine([workspaceId, tenantId, `Search bench workspace ${w}`, false, setupIso]));
    const members: Member[] = [];
    for (let m = 0; m < shape.membersPerWorkspace; m++) {
      const userId = newId('user', setupAt);
      const name = `${FIRST_NAMES[(w * 3 + m) % FIRST_NAMES.length]} ${LAST_NAMES[(w * 5 + m) % LAST_NAMES.length]}`;
      members.push({ userId, name });
      lines.users.push(copyLine([userId, `search-bench-w${w}-m${m}@example.test`, name, null, setupIso]));
      lines.memberships.push(copyLine([workspaceId, userId, m === 0 ? 'admin' : 'member', setupIso]));
    }
    const key = newSecret('apiKey');
    if (w === 0) apiKey = key;
    lines.api_keys.push(copyLine([newId('apiKey', setupAt), workspaceId, (members[0] as Member).userId, 'Search bench key', secretDigest(key), secretHint(key), setupIso, null, null]));

    const plan: WorkspacePlan = { id: workspaceId, members, folders: [], tags: [], tagWeights: [] };
    const tops: string[] = [];
    const topCount = Math.max(1, Math.ceil(shape.foldersPerWorkspace / 5));
    for (let f = 0; f < shape.foldersPerWorkspace; f++) {
      const id = newId('folder', setupAt);
      const parentId = f < topCount ? null : (tops[f % topCount] as string);
      if (parentId === null) tops.push(id);
      // Folders are shared with the workspace but for a few private ones, which hide nothing they hold from search.
      const visibility = rng() < 0.9 ? 'workspace' : 'private';
      const name = parentId === null ? `${FOLDER_TOPICS[f % FOLDER_TOPICS.length]}` : `${FOLDER_TOPICS[f % topCount % FOLDER_TOPICS.length]} ${f}`;
      lines.folders.push(copyLine([id, workspaceId, parentId, pick(rng, members).userId, name, visibility, setupIso, setupIso]));
      plan.folders.push(id);
      if (w === 0) folders.push({ id, name, parentId });
    }
    let total = 0;
    const cumulative: number[] = [];
    for (let t = 0; t < shape.tagsPerWorkspace; t++) {
      const id = newId('tag', setupAt);
      const name = `${TAG_NAMES[t % TAG_NAMES.length]}${t >= TAG_NAMES.length ? ` ${t}` : ''}`;
      lines.tags.push(copyLine([id, workspaceId, name, null, null, setupIso, setupIso]));
      plan.tags.push(id);
      total += 1 / (t + 1);
      cumulative.push(total);
      if (w === 0) tags.push({ id, name });
    }
    plan.tagWeights = cumulative.map((x) => x / total);
    workspaces.push(plan);
  }
  return { lines, workspaces, apiKey, folders, tags };
}

/**
 * A replica's segments: replica 0 keeps the meeting's order; the others cut it into blocks of 8 to 32 turns and
 * shuffle the blocks, so no two replicas read alike (and a phrase's neighbours differ), then give the turns new
 * times in their new order with their own lengths, as a recording of that conversation would have.
 */
export function replicaSegments(turns: readonly TimedTurn[], replica: number, rng: () => number): TranscriptSegment[] {
  let ordered: readonly TimedTurn[] = turns;
  if (replica > 0) {
    const blocks: TimedTurn[][] = [];
    for (let i = 0; i < turns.length; ) {
      const size = 8 + Math.floor(rng() * 25);
      blocks.push(turns.slice(i, i + size));
      i += size;
    }
    for (let i = blocks.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [blocks[i], blocks[j]] = [blocks[j] as TimedTurn[], blocks[i] as TimedTurn[]];
    }
    ordered = blocks.flat();
  }
  const segments: TranscriptSegment[] = [];
  let clock = 0;
  for (const turn of ordered) {
    const length = turn.end_seconds - turn.start_seconds;
    const start = Math.round(clock * 10) / 10;
    segments.push({ speaker: turn.speaker, start_seconds: start, end_seconds: Math.round((clock + length) * 10) / 10, text: turn.text });
    clock += length + 0.5;
  }
  return segments;
}

/** A meeting's facts used for every one of its replicas, computed once. */
export interface PreparedMeeting {
  meeting: CorpusMeeting;
  turns: readonly TimedTurn[];
  words: number;
  /** The digest: the summary's first sentence, at most 80 characters. */
  digest: string;
}

const wordCount = (text: string): number => {
  let n = 0;
  for (const word of text.split(' ')) if (word.length > 0) n++;
  return n;
};

export function digestOf(summary: string): string {
  const sentence = (/^.*?[.!?](?=\s|$)/.exec(summary.trim())?.[0] ?? summary.trim()).replace(/\s+/g, ' ');
  if (sentence.length <= 80) return sentence;
  const cut = sentence.slice(0, 79);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).trimEnd()}…`;
}

export function prepareMeetings(meetings: readonly CorpusMeeting[], timed: (meeting: CorpusMeeting) => TimedTurn[]): PreparedMeeting[] {
  return meetings.map((meeting) => {
    const turns = timed(meeting);
    return { meeting, turns, words: turns.reduce((sum, t) => sum + wordCount(t.text), 0), digest: digestOf(meeting.summary) };
  });
}

const capitalized = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** A title from the meeting's human topics with a prefix by corpus; 3% untitled, as some imported meetings are. */
export function titleOf(meeting: CorpusMeeting, rng: () => number): string | null {
  if (rng() < 0.03) return null;
  const topic = meeting.topics.length > 0 ? pick(rng, meeting.topics).topic : meeting.id;
  const title = `${pick(rng, TITLE_KINDS[meeting.corpus])}: ${capitalized(topic.trim())}`;
  return title.length <= 200 ? title : `${title.slice(0, 199).trimEnd()}…`;
}

/**
 * Receives the rows of the big tables as COPY text lines; returning a promise asks the generator to wait
 * (back-pressure).
 */
export type CorpusRowSink = (table: CorpusBigTable, line: string) => Promise<void> | void;

export interface GeneratedBigTables {
  counts: Record<CorpusBigTable, number>;
  transcriptWords: number;
  contentChars: number;
  visibleReadyForKeyUser: number;
  firstCreatedAt: string;
  lastCreatedAt: string;
}

/**
 * Streams the conversations with their sources and tags to `sink`, oldest first. Conversation i replicates
 * meeting order[i mod n], replica ⌊i / n⌋ (so every meeting's replicas spread over the whole time range). Each
 * has the meeting's transcript rendered by @cs/processing's renderTranscript (the processor's own rendering),
 * the human summary and a digest from it, and sometimes an agenda document (the topics) and a notes text.
 */
export async function generateCorpusBigTables(
  shape: CorpusShape,
  small: SmallCorpusTables,
  meetings: readonly PreparedMeeting[],
  rng: () => number,
  sink: CorpusRowSink,
): Promise<GeneratedBigTables> {
  const counts: Record<CorpusBigTable, number> = { conversations: 0, sources: 0, conversation_tags: 0 };
  const ws0 = small.workspaces[0] as WorkspacePlan;
  const keyUser = (ws0.members[0] as Member).userId;
  const order = meetings.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const start = END_OF_RANGE - shape.spanDays * DAY_MS;
  const step = (shape.spanDays * DAY_MS) / shape.conversations;
  let transcriptWords = 0;
  let contentChars = 0;
  let visibleReadyForKeyUser = 0;
  let firstCreatedAt = '';
  let lastCreatedAt = '';
  let previousMs = -1;
  let waits: Promise<void>[] = [];
  const emit = (table: CorpusBigTable, line: string): void => {
    counts[table]++;
    const wait = sink(table, line);
    if (wait) waits.push(wait);
  };

  for (let i = 0; i < shape.conversations; i++) {
    const prepared = meetings[order[i % order.length] as number] as PreparedMeeting;
    const { meeting } = prepared;
    const replica = Math.floor(i / order.length);
    const ms = Math.max(previousMs + 1, Math.floor(start + i * step + rng() * (step - 1)));
    previousMs = ms;
    const createdAt = new Date(ms);
    const createdIso = createdAt.toISOString();
    if (i === 0) firstCreatedAt = createdIso;
    lastCreatedAt = createdIso;
    const w = rng() < shape.workspaceZeroShare ? 0 : 1 + Math.floor(rng() * (small.workspaces.length - 1));
    const plan = small.workspaces[w] as WorkspacePlan;
    const id = newId('conversation', createdAt);
    const owner = pick(rng, plan.members);
    const folderId = rng() < 0.75 ? pick(rng, plan.folders) : null;
    const visibility = rng() < 0.7 ? 'workspace' : 'private';
    // A few are still being processed: no content, summary or digest yet, so nothing to find.
    const ready = rng() >= 0.01;
    const title = titleOf(meeting, rng);
    const readyAt = new Date(ms + 60_000 + Math.floor(rng() * 600_000)).toISOString();
    emit('conversations', copyLine([
      id, plan.id, owner.userId, folderId, title, ready ? 'ready' : 'pending', null, null, visibility,
      ready ? prepared.digest : null, ready ? meeting.summary : null, createdIso, ready ? readyAt : createdIso,
    ]));
    if (w === 0 && ready && (visibility === 'workspace' || owner.userId === keyUser)) visibleReadyForKeyUser++;

    const speakerNames: Record<string, string> = {};
    if (meeting.corpus === 'ami' && replica % 2 === 1) {
      AMI_ROLES.forEach((role, r) => {
        speakerNames[role] = (plan.members[r % plan.members.length] as Member).name;
      });
    }
    const rendered = renderTranscript(replicaSegments(prepared.turns, replica, rng), { speakerNames });
    if (ready) {
      transcriptWords += prepared.words;
      contentChars += rendered.content.length;
    }
    const sourceId = () => newId('source', createdAt);
    const meetingUrl = `https://meet.example.test/${meeting.id.toLowerCase()}-${replica}`;
    emit('sources', copyLine([
      sourceId(), id, plan.id, 'transcript', 0, `${meeting.id} recording`, createdIso, rendered.durationSeconds,
      ready ? 'eng' : null, meetingUrl, [], ready ? rendered.participants : [], ready ? rendered.content : null, createdIso, null,
    ]));
    let position = 1;
    if (rng() < 0.4 && meeting.topics.length > 0) {
      const agenda = `# Agenda\n\n${meeting.topics.map((t) => `- ${capitalized(t.topic.trim())}`).join('\n')}`;
      if (ready) contentChars += agenda.length;
      emit('sources', copyLine([sourceId(), id, plan.id, 'document', position++, 'Agenda', createdIso, null, null, null, [], [], agenda, createdIso, null]));
    }
    if (rng() < 0.2) {
      const notes = `Notes from ${title ?? 'the meeting'}.\n\n${meeting.summary}`;
      if (ready) contentChars += notes.length;
      emit('sources', copyLine([sourceId(), id, plan.id, 'text', position++, 'Notes', createdIso, null, null, null, [], [], notes, createdIso, null]));
    }

    const t = rng();
    const accepted = t < 0.2 ? 0 : t < 0.55 ? 1 : t < 0.85 ? 2 : 3;
    const chosen = new Set<number>();
    for (let k = 0; k < accepted + 5 && chosen.size < accepted; k++) {
      const x = rng();
      chosen.add(Math.max(0, plan.tagWeights.findIndex((c) => x < c)));
    }
    for (const index of chosen) emit('conversation_tags', copyLine([id, plan.tags[index] as string, plan.id, rng() < 0.8 ? 'user' : 'ai', true, createdIso]));

    if (waits.length > 0) {
      await Promise.all(waits);
      waits = [];
    }
  }
  return { counts, transcriptWords, contentChars, visibleReadyForKeyUser, firstCreatedAt, lastCreatedAt };
}

/** The columns each table is copied with. */
export const CORPUS_COLUMNS: Record<CorpusBigTable | CorpusSmallTable, readonly string[]> = TABLE_COLUMNS;
