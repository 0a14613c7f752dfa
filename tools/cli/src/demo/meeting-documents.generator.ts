import type { MeetingInstance, MeetingSeries, SummarySection } from './meeting-series.model';

const bullets = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

/**
 * The sections one occurrence talks about: series with three or more sections leave one out in turn,
 * so consecutive summaries of the same meeting differ the way real ones do.
 */
function sectionsFor(series: MeetingSeries, occurrence: number): SummarySection[] {
  if (series.sections.length < 3) return series.sections;
  const skipped = occurrence % series.sections.length;
  return series.sections.filter((_, i) => i !== skipped);
}

/** A markdown agenda written before the meeting, from the headings it went on to cover. */
export function buildAgenda(series: MeetingSeries, instance: MeetingInstance, occurrence: number): string {
  const items = sectionsFor(series, occurrence).map((s, i) => `${i + 1}. ${s.heading}`);
  return [`# Agenda: ${instance.title}`, `Focus: ${instance.focus}.`, items.join('\n'), '_Please add topics before the meeting._'].join('\n\n');
}

/** Markdown notes taken by a person (document sources): headings, bullets and an owner line. */
export function buildNotes(series: MeetingSeries, instance: MeetingInstance, occurrence: number): string {
  const sections = sectionsFor(series, occurrence).map((s) => `## ${s.heading}\n\n${bullets(s.bullets)}`);
  return [`# Notes: ${instance.title}`, ...sections].join('\n\n');
}
