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
    sections: {
      Signals: ['Strong system design; careful but slow coding.', 'Experienced with distributed teams.'],
      Decision: ['Proceed to references and an offer call.'],
    },
    instances: [
      ['Debrief: backend candidate A', 'candidate A'],
      ['Debrief: backend candidate B', 'candidate B'],
      ['Debrief: backend candidate C', 'candidate C'],
      ['Debrief: backend candidate D', 'candidate D'],
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
    sections: {
      Pipeline: ['Twelve in screening, five technical, two in finals.'],
      Speed: ['Time to first interview eleven days; target five.', 'Product adds two interview slots per week.'],
    },
    instances: [
      ['Hiring pipeline sync', 'pipeline speed'],
      ['Hiring pipeline sync', 'offers'],
      ['Hiring pipeline sync', 'referrals'],
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
    sections: {
      Workload: ['Busy sprint but sustainable.'],
      Growth: ['Grace takes over the Initech relationship.', 'Conference talk abstract in progress.'],
    },
    snippet: 'Notes to self: ask Ada about conference budget; mention the handover checklist; bring up the on-call rotation.',
    instances: [
      ['1:1 Grace / Ada', 'account ownership'],
      ['1:1 Grace / Ada', 'the conference talk'],
      ['1:1 Grace / Ada', 'feedback on the QBR'],
      ['1:1 Grace / Ada', 'on-call'],
      ['1:1 Grace / Ada', 'career growth'],
      ['1:1 Grace / Ada', 'quarter goals', 'pending'],
    ],
  }),
  series({
    key: 'talk-drafts', workspace: 'acme', owner: 'grace', folder: 'talk-drafts', visibility: 'private',
    tags: [], sources: ['notes', 'snippet'],
    at: { hourUtc: 20, firstDaysAgo: 58, everyDays: 19 },
    sections: {
      Outline: ['Why notes die in docs.', 'Digests as a reading interface.', 'Search as memory.'],
      Stories: ['The QBR where the customer quoted our own notes back to us.'],
    },
    snippet: 'Opening line idea: "Nobody has ever said: let me reread the meeting notes from March."',
    instances: [
      ['Talk draft: notes nobody reads', 'the outline'],
      ['Talk draft: stories and numbers', 'supporting stories'],
    ],
  }),
  series({
    key: 'ada-notes', workspace: 'acme', owner: 'ada', folder: null, visibility: 'private',
    tags: [], sources: ['snippet'],
    at: { hourUtc: 21, firstDaysAgo: 56, everyDays: 26 },
    sections: {
      Thoughts: ['Write down what changed my mind this week.'],
    },
    snippet: 'Pasted from my phone: ideas for the board narrative. 1) retention story first 2) enterprise pipeline 3) why SSO now. Ask finance for the cohort chart.',
    instances: [
      ['Notes: board narrative', 'the board narrative'],
      ['Notes: team structure', 'team structure'],
      ['Notes: pricing thoughts', 'pricing'],
    ],
  }),
  series({
    key: 'pricing-brainstorm', workspace: 'acme', owner: 'grace', folder: null, visibility: 'private',
    tags: ['action-items'], sources: ['meeting', 'snippet'],
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
    sections: {
      Ideas: ['Flat team plan up to ten seats.', 'Gate admin reports to protect the business plan.'],
      'Next steps': ['Model the plan on last quarter’s signups.'],
    },
    snippet: 'Competitor pricing (public pages, copied today): Team 12/seat, Business 24/seat, Enterprise custom.',
    instances: [
      ['Brainstorm: small team plan', 'a small team plan'],
      ['Brainstorm: plan limits', 'plan limits'],
      ['Brainstorm: annual discounts', 'annual discounts'],
    ],
  }),
  series({
    key: 'board-prep', workspace: 'acme', owner: 'ada', folder: null, visibility: 'private',
    tags: ['decision'], sources: ['agenda', 'deck', 'scan'],
    at: { hourUtc: 19, firstDaysAgo: 62, everyDays: 30 },
    sections: {
      Narrative: ['Retention story first.', 'Enterprise pipeline and the case for SSO now.'],
      Asks: ['Approval for two additional backend hires.'],
    },
    fileTitle: 'Q3 board deck.pdf',
    fileText: 'Acme Q3 Board Meeting\n\n1. Highlights: net revenue retention 118%, logo churn 1.4%\n2. Enterprise pipeline: 14 qualified opportunities\n3. Product: audit logs, SSO with SCIM, search ranking\n4. Ask: two additional backend hires',
    scanTitle: 'Signed term sheet (scan).pdf',
    instances: [
      ['Board prep: Q3 meeting', 'the Q3 board meeting'],
      ['Board prep: follow-up answers', 'board follow-ups'],
    ],
  }),
];
