import { PLANNING_INTERJECTIONS, PLANNING_PHASES, PLANNING_SLOTS } from './planning-meeting.templates';
import type { SeededRandom } from './seeded-random';
import type { TranscriptSegment } from './transcript.generator';

export const PLANNING_MEETING_SECONDS = 7200;
const TARGET_SEGMENTS = 1600;
// Raw timing is estimated from words, then scaled so the last segment starts just before the end.
const LAST_START_SECONDS = PLANNING_MEETING_SECONDS - 8;
const BREAK_SECONDS = 600;

/**
 * Draws templates without replacement and reshuffles when empty (never repeating the last one across
 * the seam), so a sentence does not come back until all its siblings have been used.
 */
class TemplateDeck {
  private remaining: string[] = [];
  private last: string | undefined;

  constructor(
    private readonly templates: readonly string[],
    private readonly random: SeededRandom,
  ) {}

  draw(): string {
    if (this.remaining.length === 0) {
      this.remaining = [...this.templates];
      for (let i = this.remaining.length - 1; i > 0; i--) {
        const j = this.random.int(0, i);
        [this.remaining[i], this.remaining[j]] = [this.remaining[j]!, this.remaining[i]!];
      }
      if (this.remaining.length > 1 && this.remaining[this.remaining.length - 1] === this.last) this.remaining.reverse();
    }
    this.last = this.remaining.pop()!;
    return this.last;
  }
}

/**
 * The two-hour planning offsite: each phase opens with its lead's script, then the lead speaks in runs
 * of segments while the others interject, ask and push back; a ten-minute break sits after the
 * candidates phase. Sentences come from templates with slots, so 1,500+ segments read like a meeting
 * rather than a loop.
 */
export function generatePlanningMeeting(speakers: readonly string[], random: SeededRandom): TranscriptSegment[] {
  const raw: Array<{ speaker: string; text: string; at: number }> = [];
  let clock = 0;
  const say = (speaker: string, text: string) => {
    raw.push({ speaker, text, at: clock });
    clock += 1.2 + text.split(' ').length * 0.38 + random.next();
  };
  const interjections = new TemplateDeck(PLANNING_INTERJECTIONS, random);

  for (const phase of PLANNING_PHASES) {
    const lead = speakers[phase.lead] ?? speakers[0]!;
    const others = speakers.filter((s) => s !== lead);
    const deck = new TemplateDeck(phase.templates, random);
    const target = Math.round(phase.share * TARGET_SEGMENTS);
    const start = raw.length;
    for (const line of phase.script) say(lead, line);
    while (raw.length - start < target) {
      const speaker = phase.roundTable ? random.pick(others) : lead;
      for (let run = random.int(1, 3); run > 0; run--) say(speaker, fill(deck.draw(), speaker, random));
      for (let turns = random.int(1, 3); turns > 0; turns--) {
        const other = random.pick(others);
        say(other, fill(random.chance(0.35) ? deck.draw() : interjections.draw(), other, random));
      }
    }
    if (phase.name === 'candidates') {
      say(lead, 'Let us take a ten minute break and continue with capacity.');
      clock += BREAK_SECONDS;
      say(lead, 'Welcome back, Margaret, over to you for capacity.');
    }
  }
  say(speakers[0]!, 'Thanks everyone, this was a really good session.');

  const last = raw[raw.length - 1]!;
  const scale = LAST_START_SECONDS / last.at;
  return raw.map((r) => ({ speaker: r.speaker, text: r.text, startSeconds: Math.floor(r.at * scale) }));
}

/** Fills the slots; `{person}` is never the speaker (nobody assigns work to themselves by first name). */
function fill(template: string, speaker: string, random: SeededRandom): string {
  let feature = '';
  const sentence = template.replace(/\{(\w+)\}/g, (_match, slot: string) => {
    switch (slot) {
      case 'percent':
        return String(random.int(2, 40));
      case 'weeks':
        return String(random.int(2, 10));
      case 'count':
        return String(random.int(2, 15));
      case 'feature2':
        return random.pick(PLANNING_SLOTS['feature']!.filter((f) => f !== feature));
      case 'person':
        return random.pick(PLANNING_SLOTS['person']!.filter((p) => !speaker.startsWith(`${p} `)));
      default: {
        const value = random.pick(PLANNING_SLOTS[slot] ?? [slot]);
        if (slot === 'feature') feature = value;
        return value;
      }
    }
  });
  // Templates may open on a slot ("{feature} is about…"); a sentence still starts with a capital.
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
