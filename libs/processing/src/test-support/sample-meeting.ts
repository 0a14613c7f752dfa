import { renderTranscript, type TranscriptSegment } from '../transcript/render-transcript';

/** A product meeting in three topics (pricing, hiring, the mobile launch), as a recorder would deliver it. */
const TURNS: Array<[string, string]> = [
  ['Speaker 1', 'Good morning everyone, thanks for joining.'],
  ['Speaker 1', 'We have three topics today: the pricing change, hiring for the platform team, and the mobile launch.'],
  ['Speaker 2', 'Let us start with pricing.'],
  ['Speaker 2', 'The new pricing tiers go live on the first of March for all new customers.'],
  ['Speaker 3', 'Existing customers keep their current pricing for twelve months before moving to the new tiers.'],
  ['Speaker 2', 'Sales asked for a discount for annual pricing plans, and finance agreed to fifteen percent.'],
  ['Speaker 1', 'Sounds good.'],
  ['Speaker 3', 'The pricing page needs new copy and a comparison table of the tiers before March.'],
  ['Speaker 2', 'Marketing will draft the pricing page copy this week.'],
  ['Speaker 1', 'Okay.'],
  ['Speaker 1', 'Next topic is hiring.'],
  ['Speaker 3', 'The platform team has two open engineering roles and one design role.'],
  ['Speaker 1', 'We interviewed six engineering candidates last week and two reached the final round.'],
  ['Speaker 3', 'Hiring for the design role is slower because the salary band is below the market.'],
  ['Speaker 1', 'We agreed to raise the design salary band by ten percent to speed up hiring.'],
  ['Speaker 2', 'Right.'],
  ['Speaker 3', 'The hiring committee meets on Thursday to decide on the two engineering candidates.'],
  ['Speaker 2', 'Last topic, the mobile launch.'],
  ['Speaker 2', 'The mobile app passed the store review on Monday, so the mobile launch can happen next week.'],
  ['Speaker 1', 'Crash reports from the mobile beta dropped below one percent after the offline sync fix.'],
  ['Speaker 3', 'Support needs a mobile help centre article about offline sync before the launch.'],
  ['Speaker 2', 'We decided to launch the mobile app on Tuesday with a staged rollout to ten percent of users.'],
  ['Speaker 1', 'The staged rollout reaches all users by Friday if crash rates stay low.'],
  ['Speaker 1', 'Thanks everyone, see you next week.'],
];

export function sampleMeetingSegments(): TranscriptSegment[] {
  return TURNS.map(([speaker, text], i) => ({ speaker, text, start_seconds: i * 20, end_seconds: i * 20 + 18 }));
}

export function sampleMeetingContent(): string {
  return renderTranscript(sampleMeetingSegments(), { speakerNames: { 'Speaker 1': 'Ada Lovelace', 'Speaker 2': 'Grace Hopper' } }).content;
}

/**
 * The planning meeting of issue 18: two speakers, six turns; the mobile launch moves to August 15, billing
 * migrates in September, and Tom is asked to write the migration plan by Friday.
 */
const PLANNING_TURNS: Array<[string, string]> = [
  ['Anna', 'Thanks for joining, Tom. We need to settle the launch dates for the mobile app and the billing migration today.'],
  ['Tom', 'The app store review takes longer than we planned, so the mobile launch moves to August 15.'],
  ['Anna', 'Agreed. Billing migrates in September, once the mobile launch is stable. We should never migrate billing during a launch week.'],
  ['Tom', "I'll also ask Priya to review the billing data model before the migration."],
  ['Anna', 'Tom, please write the migration plan by Friday.'],
  ['Tom', "Will do. I'll share the plan with the support team next week."],
];

export function planningMeetingSegments(): TranscriptSegment[] {
  return PLANNING_TURNS.map(([speaker, text], i) => ({ speaker, text, start_seconds: i * 15, end_seconds: i * 15 + 12 }));
}

export function planningMeetingContent(): string {
  return renderTranscript(planningMeetingSegments()).content;
}
