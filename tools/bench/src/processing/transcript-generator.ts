import type { TranscriptSegment } from '@cs/processing';
import { seededRandom } from '@cs/testing';

interface Topic {
  nouns: string[];
  people: string[];
}

/** What product meetings talk about; each topic lasts about ten minutes of a recording. */
const TOPICS: Topic[] = [
  { nouns: ['pricing tiers', 'annual plans', 'discount', 'the pricing page', 'enterprise contracts', 'billing'], people: ['finance', 'sales'] },
  { nouns: ['the mobile app', 'the store review', 'crash reports', 'offline sync', 'the staged rollout', 'push notifications'], people: ['the mobile team', 'support'] },
  { nouns: ['hiring', 'the design role', 'engineering candidates', 'the salary band', 'onboarding', 'the interview loop'], people: ['the hiring committee', 'recruiting'] },
  { nouns: ['the search relaunch', 'ranking quality', 'the search index', 'query latency', 'relevance tests', 'synonyms'], people: ['the search team', 'data science'] },
  { nouns: ['the database migration', 'the queue', 'backups', 'the failover drill', 'read replicas', 'disk usage'], people: ['the platform team', 'on-call'] },
  { nouns: ['the security audit', 'the login flow', 'password resets', 'access reviews', 'the pen test', 'compliance'], people: ['security', 'legal'] },
  { nouns: ['the quarterly roadmap', 'customer interviews', 'the feature backlog', 'usage analytics', 'churn', 'the NPS survey'], people: ['product', 'customer success'] },
  { nouns: ['the marketing launch', 'the webinar', 'the blog post', 'the press release', 'the landing page', 'the newsletter'], people: ['marketing', 'design'] },
];

const TEMPLATES: Array<(n: () => string, p: () => string, num: () => string, day: () => string) => string> = [
  (n, p) => `I think ${n()} is the biggest risk for ${p()} right now.`,
  (n, _p, num) => `We saw ${num()} percent fewer problems with ${n()} after the last change.`,
  (n, p, _num, day) => `${cap(p())} will send an update on ${n()} by ${day()}.`,
  (n) => `Can we agree that ${n()} comes first this quarter?`,
  (n, p) => `The feedback from ${p()} on ${n()} was mostly positive.`,
  (n, _p, num) => `We need about ${num()} more days before ${n()} is ready.`,
  (n, p) => `Let us ask ${p()} to own ${n()} going forward.`,
  (n, _p, _num, day) => `We decided to ship ${n()} on ${day()} if the tests stay green.`,
  (n) => `Yeah, okay, so ${n()} is basically done.`,
  (n, p) => `I am worried that ${n()} slows down ${p()}.`,
  () => `Sounds good to me.`,
  () => `Right, makes sense.`,
  (n, _p, num) => `The numbers for ${n()} improved by ${num()} percent last month.`,
  (n, p) => `${cap(p())} asked whether ${n()} can wait until the next release.`,
  (n) => `The main principle is to keep ${n()} simple and measurable.`,
  (n, _p, _num, day) => `Let us review ${n()} again on ${day()}.`,
];

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface GeneratedTranscript {
  segments: TranscriptSegment[];
  speakerNames: Record<string, string>;
  words: number;
}

/**
 * A realistic meeting transcript of `durationSeconds`: five speakers (three of them named by the user),
 * topics of about ten minutes each, turns of one or two sentences (about 13 words) at about 190 words per minute with short pauses.
 * Two hours give about 1,500 segments and 20,000 words, as a real two-hour meeting does.
 */
export function generateTranscript(durationSeconds: number, seed: number): GeneratedTranscript {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const speakers = ['Speaker 1', 'Speaker 2', 'Speaker 3', 'Speaker 4', 'Speaker 5'];
  const segments: TranscriptSegment[] = [];
  let words = 0;
  let clock = 0;
  let speaker = pick(speakers);
  const topicOrder = [...TOPICS].sort(() => random() - 0.5);
  while (clock < durationSeconds) {
    const topic = topicOrder[Math.floor(clock / 600) % topicOrder.length] as Topic;
    const target = 3 + Math.floor(random() * 10);
    const sentences: string[] = [];
    let count = 0;
    while (count < target) {
      const sentence = pick(TEMPLATES)(
        () => pick(topic.nouns),
        () => pick(topic.people),
        () => String(2 + Math.floor(random() * 40)),
        () => pick(DAYS),
      );
      sentences.push(sentence);
      count += sentence.split(' ').length;
    }
    const text = sentences.join(' ');
    const spoken = count / 3.2;
    segments.push({ speaker, start_seconds: round(clock), end_seconds: round(Math.min(durationSeconds, clock + spoken)), text });
    words += count;
    clock += spoken + 0.2 + random() * 0.8;
    // Two people go back and forth most of the time; sometimes someone else joins in.
    if (random() < 0.7) speaker = pick(speakers.filter((s) => s !== speaker));
  }
  return { segments, speakerNames: { 'Speaker 1': 'Ada Lovelace', 'Speaker 2': 'Grace Hopper', 'Speaker 4': 'Alan Turing' }, words };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The tags of a typical workspace, some of which fit the generated meetings and some of which do not. */
export const BENCH_TAGS = [
  { id: 'tag_pricing', name: 'Pricing', description: 'Prices, plans, discounts and billing' },
  { id: 'tag_mobile', name: 'Mobile', description: 'The iOS and Android apps, store reviews and rollouts' },
  { id: 'tag_hiring', name: 'Hiring', description: 'Recruiting, interviews, candidates and onboarding' },
  { id: 'tag_search', name: 'Search', description: 'Ranking, relevance, the index and query latency' },
  { id: 'tag_infra', name: 'Infrastructure', description: 'Databases, queues, backups and failover' },
  { id: 'tag_security', name: 'Security', description: 'Audits, login, access reviews and compliance' },
  { id: 'tag_roadmap', name: 'Roadmap', description: 'Quarterly plans, backlog and customer interviews' },
  { id: 'tag_marketing', name: 'Marketing', description: 'Launches, webinars, blog posts and press' },
  { id: 'tag_legal', name: 'Legal', description: 'Contracts, lawyers and terms of service' },
  { id: 'tag_finance', name: 'Finance', description: 'Budgets, forecasts and invoices' },
  { id: 'tag_design', name: 'Design system', description: 'Components, colours and typography' },
  { id: 'tag_offsite', name: 'Offsite', description: 'Team events, travel and venues' },
];
