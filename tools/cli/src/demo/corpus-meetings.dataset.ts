import { CORPUS_ATTRIBUTION, type CorpusMeeting, type CorpusName, loadMeetings, timedTurns } from '@cs/meeting-corpus';
import type { PlannedConversation } from './planned-conversation.model';
import type { FolderKey, UserKey, WorkspaceKey } from './demo-organisation.dataset';

/**
 * Real meetings in the demo: QMSum's validation meetings from the three public corpora, seeded as transcripts and
 * processed by the real processor, so what a newcomer reads (summary, digest, language, participants, suggested tags)
 * is the product's own work on a real conversation. Shown with the corpora's attribution (CORPUS_ATTRIBUTION, in
 * tools/cli/README.md and the repository README).
 */
export const DEMO_CORPUS_ATTRIBUTION = CORPUS_ATTRIBUTION;

/** How many of each corpus, and where they go: design meetings with Acme's product team, research with Globex. */
const PLACEMENT: Record<CorpusName, { count: number; workspace: WorkspaceKey; owner: UserKey; folder: FolderKey | null; kind: string }> = {
  ami: { count: 12, workspace: 'acme', owner: 'grace', folder: 'design-reviews', kind: 'Product design meeting' },
  icsi: { count: 7, workspace: 'globex', owner: 'linus', folder: 'research', kind: 'Research group meeting' },
  committee: { count: 5, workspace: 'acme', owner: 'ada', folder: null, kind: 'Committee session' },
};

const DAY = 86_400_000;
const TITLE_MAX = 120;

/** The meetings the demo seeds: the first of each corpus in the validation split, in file-name order. */
export function demoCorpusMeetings(): CorpusMeeting[] {
  const meetings = loadMeetings('val');
  return (Object.keys(PLACEMENT) as CorpusName[]).flatMap((corpus) => meetings.filter((m) => m.corpus === corpus).slice(0, PLACEMENT[corpus].count));
}

/**
 * The corpus meetings as pending transcript conversations, one a day going back from yesterday, with a processing
 * job each. The title is the corpus's kind of meeting, its id and its first human topic label (a label, not a
 * summary: the summary is the processor's).
 */
export function planCorpusConversations(now: Date, firstUniqueMs: number): PlannedConversation[] {
  return demoCorpusMeetings().map((meeting, i) => {
    const place = PLACEMENT[meeting.corpus];
    const turns = timedTurns(meeting);
    const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (i + 1) * DAY;
    const createdAt = new Date(day + 14 * 3_600_000 + firstUniqueMs + i);
    const duration = Math.ceil(turns.at(-1)?.end_seconds ?? 0);
    return {
      key: `corpus:${meeting.id}`,
      workspace: place.workspace,
      owner: place.owner,
      folder: place.folder,
      title: titleOf(place.kind, meeting),
      visibility: 'workspace',
      status: 'pending',
      terminationReason: null,
      errorReason: null,
      process: true,
      createdAt,
      updatedAt: createdAt,
      sources: [
        {
          type: 'transcript',
          title: `${meeting.id} recording (${DEMO_CORPUS_ATTRIBUTION})`.slice(0, 200),
          durationSeconds: duration,
          language: null,
          meetingUrl: null,
          attendees: [],
          participants: [],
          content: null,
          input: { segments: turns.map(({ speaker, start_seconds, end_seconds, text }) => ({ speaker, start_seconds, end_seconds, text })) },
          upload: null,
          uploadKind: null,
        },
      ],
      tags: [],
    };
  });
}

function titleOf(kind: string, meeting: CorpusMeeting): string {
  const topic = meeting.topics[0]?.topic;
  const title = topic ? `${kind} ${meeting.id}: ${topic}` : `${kind} ${meeting.id}`;
  if (title.length <= TITLE_MAX) return title;
  const cut = title.slice(0, TITLE_MAX);
  return cut.slice(0, cut.lastIndexOf(' '));
}
