import { type Conversation, type Source, transcriptLine } from '@cs/domain';
import type { Segment } from '../sources/segment.schema';
import { segmentMatches, type SegmentFilters } from '../sources/list-segments.query';
import { boundedPage, type ContentPage, type ContentRun } from './content-page';

/**
 * get-transcript with a window or speakers: the content's pages (same offsets, same bound, same cut between turns),
 * showing only the turns that match, each the line the content has for it. A search hit's start_seconds as
 * from_seconds reads the meeting from that moment.
 */
export function transcriptWindowPage(conversation: Conversation, source: Source, segments: readonly Segment[], offset: number, filters: SegmentFilters): ContentPage {
  const lines = segments.map((segment) => transcriptLine(segment));
  const runs: ContentRun[] = [];
  let from = 0;
  lines.forEach((line, index) => {
    // Every line but the last carries its line break, as in the content.
    const to = from + line.length + (index < lines.length - 1 ? 1 : 0);
    if (segmentMatches(segments[index]!, filters)) runs.push({ from, to });
    from = to;
  });
  return boundedPage(conversation, source, lines.join('\n'), offset, runs);
}
