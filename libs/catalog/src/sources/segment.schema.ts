import { listEnvelope } from '@cs/paging';
import { z } from 'zod/v4';

/** How many segments a page holds (default, most) and how many speakers one request may name. */
export const SEGMENT_LIMITS = { defaultLimit: 100, maxLimit: 1000, speakerFilters: 20 } as const;

const wholeSeconds = (description: string) => z.int().min(0).meta({ description });

export const SegmentSchema = z
  .strictObject({
    index: z.int().min(0).meta({ description: 'The turn\'s place among all the turns of the transcript, from 0; the same whatever the filters.' }),
    speaker: z.string().meta({
      description: 'Who spoke: the name the user gave the speaker, otherwise the raw label (e.g. `Speaker 1`); the same names as `participants`.',
    }),
    start_seconds: wholeSeconds('The second the turn starts at (its first segment\'s start, rounded down), as the content\'s `[HH:MM:SS]` shows it.'),
    end_seconds: wholeSeconds('The second the turn ends at (its last segment\'s end, rounded up).'),
    text: z.string().meta({ description: 'What was said in the turn, its segments joined by one space.' }),
  })
  .meta({
    description:
      'One speaker turn of a transcript: consecutive segments of one speaker, exactly one line of the source\'s content ' +
      '(`[HH:MM:SS] Speaker: text`).',
  });

export type Segment = z.output<typeof SegmentSchema>;

export const SegmentPageSchema = listEnvelope(SegmentSchema, 'A page of a transcript\'s speaker turns, in the order they were spoken.');
