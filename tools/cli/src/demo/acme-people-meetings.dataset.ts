import { series } from './meeting-series.builder';
import type { MeetingSeries } from './meeting-series.model';

/**
 * Acme's people and private work. Ada's hiring debriefs, notes and board prep are private to her;
 * Grace's 1:1s, talk drafts and pricing ideas are private to her: each must stay invisible to the other.
 */
export const ACME_PEOPLE_MEETINGS: MeetingSeries[] = [
  series({
    key: 'hiring-debrief', workspace: 'acme', owner: 'ada', folder: 'backend-engineer', visibility: 'private',
    tags: ['hiring'], sources: ['meeting', 'notes'],
    at: { hourUtc: 17, firstDaysAgo: 50, everyDays: 9 },
    call: {
      minutes: 20, speakers: ['Ada Lovelace', 'Margaret Hamilton', 'Speaker 3'],
      attendees: ['ada@acme.test', 'margaret@acme.test', 'recruiting@acme.test'],
      lines: [
        'Let us each give a hire or no hire first, then the reasons.',
        'Hire. The system design answer was the strongest we have seen this round.',
        'Leaning hire, the coding exercise was slow but very careful.',
        'Any concerns about working across time zones?',
        'None, they have worked with a distributed team for three years.',
        'Then we move to references and an offer call this week.',
      ],
    },
    overview: 'Confidential interview debrief for the backend engineer role.',
    sections: {
      Signals: ['Strong system design; careful but slow coding.', 'Experienced with distributed teams.'],
      Decision: ['Proceed to references and an offer call.'],
    },
    principles: ['Votes before discussion, to avoid anchoring.', 'Debrief within a day of the interview.'],
    instances: [
      ['Debrief: backend candidate A', 'Strong system design; moving to references and offer call.', 'candidate A'],
      ['Debrief: backend candidate B', 'No hire: solid coding but weak on data modelling.', 'candidate B'],
      ['Debrief: backend candidate C', 'Hire; start date in six weeks pending references.', 'candidate C'],
      ['Debrief: backend candidate D', 'Split panel; second technical interview scheduled.', 'candidate D'],
    ],
  }),
  series({
    key: 'hiring-sync', workspace: 'acme', owner: 'ada', folder: 'hiring', visibility: 'workspace',
    tags: ['hiring', 'action-items'], sources: ['meeting'],
    at: { hourUtc: 12, firstDaysAgo: 70, everyDays: 20 },
    call: {
      minutes: 30, speakers: ['Ada Lovelace', 'Grace Hopper', 'Speaker 3'],
      attendees: ['ada@acme.test', 'grace@acme.test', 'recruiting@acme.test'],
      lines: [
        'Pipeline first: how many candidates per stage?',
        'Twelve in screening, five in technical, two in final rounds.',
        'Time to first interview is eleven days, that is too slow.',
        'We lose good people in that gap, let us aim for five days.',
        'I can add two interview slots per week from the product side.',
      ],
    },
    overview: 'Hiring pipeline sync across open roles.',
    sections: {
      Pipeline: ['Twelve in screening, five technical, two in finals.'],
      Speed: ['Time to first interview eleven days; target five.', 'Product adds two interview slots per week.'],
    },
    principles: ['Speed is part of the candidate experience.'],
    instances: [
      ['Hiring pipeline sync', 'Time to first interview is 11 days; target is 5.', 'pipeline speed'],
      ['Hiring pipeline sync', 'Two offers out; designer role reopened.', 'offers'],
      ['Hiring pipeline sync', 'Referral bonus raised to widen the backend pipeline.', 'referrals'],
    ],
  }),
  series({
    key: 'one-on-ones', workspace: 'acme', owner: 'grace', folder: 'graces-1on1s', visibility: 'private',
    tags: ['one-on-one'], sources: ['meeting', 'snippet'],
    at: { hourUtc: 10, firstDaysAgo: 86, everyDays: 14 },
    call: {
      minutes: 30, speakers: ['Grace Hopper', 'Ada Lovelace'],
      attendees: ['grace@acme.test', 'ada@acme.test'],
      lines: [
        'How are you feeling about the workload this sprint?',
        'Busy but fine, the customer work is the part I enjoy most.',
        'I would like to take on the Initech relationship fully.',
        'That makes sense, let us plan the handover over two weeks.',
        'I also want to give a talk at the conference in the autumn.',
        'Great, send me the abstract and I will review it.',
      ],
    },
    overview: 'Private 1:1 between Grace and Ada on workload, growth and feedback.',
    sections: {
      Workload: ['Busy sprint but sustainable.'],
      Growth: ['Grace takes over the Initech relationship.', 'Conference talk abstract in progress.'],
    },
    principles: ['The 1:1 is the report’s meeting, not a status update.'],
    snippet: 'Notes to self: ask Ada about conference budget; mention the handover checklist; bring up the on-call rotation.',
    instances: [
      ['1:1 Grace / Ada', 'Grace to own the Initech relationship; handover over two weeks.', 'account ownership'],
      ['1:1 Grace / Ada', 'Conference talk abstract reviewed; budget approved.', 'the conference talk'],
      ['1:1 Grace / Ada', 'Feedback on QBR prep; more data, fewer slides.', 'feedback on the QBR'],
      ['1:1 Grace / Ada', 'On-call rotation concerns raised; proposal due next week.', 'on-call'],
      ['1:1 Grace / Ada', 'Career ladder discussion; staff-level expectations clarified.', 'career growth'],
      ['1:1 Grace / Ada', '', 'quarter goals', 'pending'],
    ],
  }),
  series({
    key: 'talk-drafts', workspace: 'acme', owner: 'grace', folder: 'talk-drafts', visibility: 'private',
    tags: [], sources: ['notes', 'snippet'],
    at: { hourUtc: 20, firstDaysAgo: 58, everyDays: 19 },
    overview: 'Working notes for a conference talk on meeting notes that people actually reread.',
    sections: {
      Outline: ['Why notes die in docs.', 'Digests as a reading interface.', 'Search as memory.'],
      Stories: ['The QBR where the customer quoted our own notes back to us.'],
    },
    principles: ['One idea per slide.', 'Every claim backed by a story or a number.'],
    snippet: 'Opening line idea: "Nobody has ever said: let me reread the meeting notes from March."',
    instances: [
      ['Talk draft: notes nobody reads', 'Outline for a talk on why meeting notes die and how digests help.', 'the outline'],
      ['Talk draft: stories and numbers', 'Collected stories and adoption numbers for the talk.', 'supporting stories'],
    ],
  }),
  series({
    key: 'ada-notes', workspace: 'acme', owner: 'ada', folder: null, visibility: 'private',
    tags: [], sources: ['snippet'],
    at: { hourUtc: 21, firstDaysAgo: 56, everyDays: 26 },
    overview: 'Private working notes.',
    sections: {
      Thoughts: ['Write down what changed my mind this week.'],
    },
    principles: ['Notes are for future me; write them for a stranger.'],
    snippet: 'Pasted from my phone: ideas for the board narrative. 1) retention story first 2) enterprise pipeline 3) why SSO now. Ask finance for the cohort chart.',
    instances: [
      ['Notes: board narrative', 'Board narrative ideas: retention first, then enterprise pipeline.', 'the board narrative'],
      ['Notes: team structure', 'Considering a platform team split once two backend hires land.', 'team structure'],
      ['Notes: pricing thoughts', 'Seat pricing hurts small teams; flat team plan worth testing.', 'pricing'],
    ],
  }),
  series({
    key: 'pricing-brainstorm', workspace: 'acme', owner: 'grace', folder: null, visibility: 'private',
    tags: ['action-items'], suggestedTags: ['pricing', 'roadmap'], acceptedSuggestions: ['decision'], sources: ['meeting', 'snippet'],
    at: { hourUtc: 14, firstDaysAgo: 55, everyDays: 20 },
    call: {
      minutes: 40, speakers: ['Grace Hopper', 'Speaker 2', 'Frances Allen'],
      attendees: ['grace@acme.test', 'frances@acme.test'],
      lines: [
        'This is a brainstorm, no idea is wrong yet.',
        'Small teams keep telling us per-seat pricing feels punitive.',
        'A flat team plan up to ten seats could convert better.',
        'We need to make sure it does not cannibalise the business plan.',
        'Gate the integrations and the admin reports, that keeps the line clear.',
        'Let us model it on last quarter’s signups before proposing it.',
      ],
    },
    overview: 'Exploratory brainstorm on packaging for small teams.',
    sections: {
      Ideas: ['Flat team plan up to ten seats.', 'Gate admin reports to protect the business plan.'],
      'Next steps': ['Model the plan on last quarter’s signups.'],
    },
    principles: ['Price on value delivered, not on cost.', 'Test with real signup data before proposing.'],
    snippet: 'Competitor pricing (public pages, copied today): Team 12/seat, Business 24/seat, Enterprise custom.',
    instances: [
      ['Brainstorm: small team plan', 'Flat team plan up to ten seats proposed; needs modelling.', 'a small team plan'],
      ['Brainstorm: plan limits', 'Admin reports gated to keep plans distinct.', 'plan limits'],
      ['Brainstorm: annual discounts', 'Annual discount of two months free considered for team plan.', 'annual discounts'],
    ],
  }),
  series({
    key: 'board-prep', workspace: 'acme', owner: 'ada', folder: null, visibility: 'private',
    tags: ['decision'], sources: ['agenda', 'deck', 'scan'],
    at: { hourUtc: 19, firstDaysAgo: 62, everyDays: 30 },
    overview: 'Preparation material for the quarterly board meeting.',
    sections: {
      Narrative: ['Retention story first.', 'Enterprise pipeline and the case for SSO now.'],
      Asks: ['Approval for two additional backend hires.'],
    },
    principles: ['No surprises for the board.', 'Bring one clear ask.'],
    fileTitle: 'Q3 board deck.pdf',
    fileText: 'Acme Q3 Board Meeting\n\n1. Highlights: net revenue retention 118%, logo churn 1.4%\n2. Enterprise pipeline: 14 qualified opportunities\n3. Product: audit logs, SSO with SCIM, search ranking\n4. Ask: two additional backend hires',
    scanTitle: 'Signed term sheet (scan).pdf',
    instances: [
      ['Board prep: Q3 meeting', 'Board deck ready: retention first, SSO rationale, one hiring ask.', 'the Q3 board meeting'],
      ['Board prep: follow-up answers', 'Answers to board questions on churn and pipeline drafted.', 'board follow-ups'],
    ],
  }),
];
