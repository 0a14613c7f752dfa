import type { DemoLanguage, MeetingInstance, MeetingSeries } from './meeting-series.model';
import { SeededRandom } from './seeded-random';

export interface TranscriptSegment {
  speaker: string;
  startSeconds: number;
  text: string;
}

/** `HH:MM:SS` from whole seconds (hours are not wrapped; a meeting never lasts a day). */
export function formatTimestamp(totalSeconds: number): string {
  const s = Math.floor(totalSeconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The service's transcript contract: one `[HH:MM:SS] Speaker Name: text` line per segment, joined with `\n`. */
export function renderTranscript(segments: readonly TranscriptSegment[]): string {
  return segments.map((s) => `[${formatTimestamp(s.startSeconds)}] ${s.speaker}: ${s.text}`).join('\n');
}

/** Participants are the distinct speakers in the order they first speak. */
export function participantsOf(segments: readonly TranscriptSegment[]): string[] {
  return [...new Set(segments.map((s) => s.speaker))];
}

const PHRASES: Record<DemoLanguage, { opener: (focus: string) => string; closer: string; backchannel: string[] }> = {
  eng: {
    opener: (focus) => `Let's get started, today is mostly about ${focus}.`,
    closer: 'Thanks everyone, I will send the notes around.',
    backchannel: ['Makes sense.', 'Agreed.', 'Can you say a bit more about that?', 'Let me note that down.', 'Good point.', 'Okay, next topic.', 'Right, that matches what I heard.'],
  },
  deu: {
    opener: () => 'Guten Morgen zusammen, fangen wir an.',
    closer: 'Vielen Dank, ich schicke das Protokoll herum.',
    backchannel: ['Verstanden.', 'Einverstanden.', 'Können Sie das genauer erklären?', 'Das notiere ich mir.', 'Guter Punkt.'],
  },
  fra: {
    opener: () => 'Bonjour à tous, on commence.',
    closer: 'Merci beaucoup, je vous envoie le compte rendu.',
    backchannel: ["D'accord.", 'Tout à fait.', 'Vous pouvez préciser ?', 'Je le note.', 'Bonne remarque.'],
  },
};

/**
 * A short meeting transcript from a series' dialogue: the host opens on the occurrence's focus, the
 * scripted lines follow with some backchannel in between, turns never repeat the previous speaker, and
 * segment starts are spread over the recording so timestamps look like a real call.
 */
export function generateMeetingTranscript(series: MeetingSeries, instance: MeetingInstance, durationSeconds: number, random: SeededRandom): TranscriptSegment[] {
  const phrases = PHRASES[series.language ?? 'eng'];
  const host = series.speakers[0];
  if (!host) throw new Error(`series ${series.key} has a transcript but no speakers`);
  const texts = [phrases.opener(instance.focus)];
  for (const line of series.lines) {
    texts.push(line);
    if (random.chance(0.35)) texts.push(random.pick(phrases.backchannel));
  }
  texts.push(phrases.closer);

  const slot = durationSeconds / texts.length;
  let previous = host;
  return texts.map((text, i) => {
    const isFirstOrLast = i === 0 || i === texts.length - 1;
    const speaker = isFirstOrLast ? host : pickOther(series.speakers, previous, random);
    previous = speaker;
    const startSeconds = i === 0 ? random.int(0, 4) : Math.floor(i * slot + random.next() * slot * 0.5);
    return { speaker, startSeconds, text };
  });
}

function pickOther(speakers: readonly string[], previous: string, random: SeededRandom): string {
  const others = speakers.filter((s) => s !== previous);
  return others.length === 0 ? previous : random.pick(others);
}
