import { series } from './meeting-series.builder';
import type { MeetingSeries } from './meeting-series.model';

const ACME_TEAM = ['ada@acme.test', 'grace@acme.test', 'margaret@acme.test', 'katherine@acme.test'];

/** Acme's product cadence: weekly syncs, roadmap reviews, the Q3 offsite, design reviews, incidents, all-hands. */
export const ACME_PRODUCT_MEETINGS: MeetingSeries[] = [
  series({
    key: 'product-sync', workspace: 'acme', owner: 'ada', folder: 'product', visibility: 'workspace',
    tags: ['roadmap', 'action-items'], sources: ['meeting', 'agenda'],
    at: { hourUtc: 9, firstDaysAgo: 58, everyDays: 7 },
    call: {
      minutes: 30, speakers: ['Ada Lovelace', 'Grace Hopper', 'Margaret Hamilton', 'Speaker 4'],
      attendees: ACME_TEAM,
      lines: [
        'Release train is green, the only open item is the export regression.',
        'I reproduced it yesterday, it only happens with more than ten thousand rows.',
        'Can we put a limit in front of it for now and fix the query properly next sprint?',
        'Support has three tickets about it, all from the same two accounts.',
        'Then let us reply to them today and say a fix is scheduled.',
        'Search relevance work is on track, the new ranking is behind a flag for internal users.',
        'The flag is on for us since Monday, I have not heard complaints.',
        'Mobile is waiting on the API change for pagination, that is the main dependency.',
        'I will pair with the mobile team on Thursday so they are not blocked.',
        'Anything else for the release notes?',
        'The settings page got a new layout, we should mention it with a screenshot.',
        'Good, I will write the notes and share the draft in the channel.',
      ],
    },
    sections: {
      'Release status': ['Release train green apart from the export regression.', 'Settings page redesign ships in this release.'],
      Blockers: ['Mobile pagination waits on the API change.', 'Export over 10k rows times out; a temporary limit goes in first.'],
      'Customer signals': ['Three support tickets about exports from two accounts.', 'Internal users see the new search ranking behind a flag.'],
      'Action items': ['Ada writes the release notes.', 'Grace pairs with mobile on Thursday.', 'Support replies to affected accounts today.'],
    },
    instances: [
      ['Weekly product sync', 'the export regression'],
      ['Weekly product sync', 'search relevance'],
      ['Weekly product sync', 'mobile dependencies'],
      ['Weekly product sync', 'release notes'],
      ['Weekly product sync', 'release planning', 'not_admitted'],
      ['Weekly product sync', 'support trends'],
      ['Weekly product sync', 'closing the export fix'],
      ['Weekly product sync', 'sprint scope'],
      ['Weekly product sync', 'the next release', 'pending'],
    ],
  }),
  series({
    key: 'roadmap-review', workspace: 'acme', owner: 'ada', folder: 'roadmap', visibility: 'workspace',
    tags: ['roadmap', 'decision'], sources: ['meeting', 'notes'],
    at: { hourUtc: 14, firstDaysAgo: 80, everyDays: 21 },
    call: {
      minutes: 60, speakers: ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson', 'Speaker 4', 'Speaker 5'],
      attendees: ACME_TEAM,
      lines: [
        'The goal today is to leave with a ranked list for the next six weeks.',
        'Enterprise asks are dominated by audit logs and single sign-on.',
        'Audit logs are smaller than they look, most of the events already exist in the outbox.',
        'Single sign-on is bigger, we need SCIM as well or the big accounts will not use it.',
        'What do we drop if we take both?',
        'The public templates gallery can wait, usage of templates is flat.',
        'I would keep the offline mode spike, it is only one engineer for two weeks.',
        'Fine, audit logs first, then single sign-on, templates move to next quarter.',
        'We should tell the Initech team, they asked for the gallery.',
        'I will write it up and send the decision log after this call.',
      ],
    },
    sections: {
      'Enterprise demand': ['Audit logs and single sign-on lead the requests.', 'SCIM provisioning is needed for single sign-on to be adopted.'],
      'Trade-offs': ['Templates gallery deferred; usage is flat.', 'Offline mode spike kept at one engineer for two weeks.'],
      Decisions: ['Audit logs ship first, then single sign-on with SCIM.', 'Templates gallery moves to next quarter.'],
    },
    instances: [
      ['Roadmap review: enterprise asks', 'enterprise requests'],
      ['Roadmap review: Q2 retrospective', 'what Q2 delivered'],
      ['Roadmap review: packaging', 'plan packaging'],
      ['Roadmap review: offline mode spike', 'the offline mode spike'],
    ],
  }),
  series({
    key: 'planning-offsite', workspace: 'acme', owner: 'ada', folder: 'roadmap', visibility: 'workspace',
    tags: ['roadmap', 'decision', 'action-items'], sources: ['meeting', 'agenda'], transcript: 'planning-offsite',
    at: { hourUtc: 8, firstDaysAgo: 45, everyDays: 0 },
    call: {
      minutes: 120, speakers: ['Ada Lovelace', 'Grace Hopper', 'Margaret Hamilton', 'Speaker 4', 'Katherine Johnson', 'Speaker 6', 'Speaker 7'],
      attendees: ['ada@acme.test', 'grace@acme.test', 'margaret@acme.test', 'katherine@acme.test', 'joan@acme.test', 'frances@acme.test'],
      lines: [
      ],
    },
    sections: {
      'Last quarter': ['Activation improved; weekly active teams grew steadily.', 'Two roadmap items slipped because of hiring delays.'],
      'Customer feedback': ['Enterprise accounts ask for audit logs, SSO and data residency.', 'Smaller teams ask for faster search and better mobile.'],
      'Roadmap candidates': ['Audit logs, SSO with SCIM, search ranking, offline mode, public API v2.', 'Templates gallery explicitly parked.'],
      'Capacity and risks': ['Two open backend roles; platform team at 80 percent on migrations.', 'Risk: SSO scope creep; mitigation is a fixed first milestone.'],
      Decisions: ['Q3 commits to audit logs, SSO and search ranking.', 'Offline mode stays a spike; API v2 design starts in August.'],
    },
    instances: [
      ['Q3 planning offsite', 'the Q3 plan'],
    ],
  }),
  series({
    key: 'design-review', workspace: 'acme', owner: 'grace', folder: 'design-reviews', visibility: 'workspace',
    tags: ['design'], sources: ['meeting', 'deck'],
    at: { hourUtc: 15, firstDaysAgo: 75, everyDays: 15 },
    call: {
      minutes: 45, speakers: ['Grace Hopper', 'Speaker 2', 'Ada Lovelace', 'Joan Clarke'],
      attendees: ['grace@acme.test', 'ada@acme.test', 'joan@acme.test'],
      lines: [
        'I will walk through the flow first and then we can go screen by screen.',
        'The first screen asks for the workspace name and nothing else.',
        'Do we still need the role question? Nobody uses the answer.',
        'Sales uses it for routing, but we could ask later in the product.',
        'The empty state is much better, the sample conversation makes it obvious what to do.',
        'On mobile the import button falls below the fold.',
        'Good catch, we can move it into the header.',
        'Let us test the new version with five users before we build it.',
        'I can recruit from the beta list this week.',
      ],
    },
    sections: {
      Feedback: ['Drop the role question from onboarding; ask later in the product.', 'Sample conversation in the empty state works well.'],
      'Issues found': ['Import button falls below the fold on mobile.', 'Contrast of secondary buttons is too low.'],
      'Next steps': ['Usability test with five beta users.', 'Move the import button into the header.'],
    },
    fileTitle: 'Onboarding flow v3.pdf',
    fileText: 'Onboarding flow v3\n\n1. Welcome: workspace name\n2. Invite teammates (skippable)\n3. Connect calendar\n4. Empty state with a sample conversation\n\nOpen questions: role question, calendar permissions copy, mobile layout.',
    instances: [
      ['Design review: onboarding flow v3', 'the onboarding flow'],
      ['Design review: search results page', 'search results'],
      ['Design review: sharing dialog', 'sharing permissions', 'verification_required'],
      ['Design review: mobile navigation', 'mobile navigation'],
      ['Design review: tag management', 'tag management'],
    ],
  }),
  series({
    key: 'incident-review', workspace: 'acme', owner: 'ada', folder: null, visibility: 'workspace',
    tags: ['incident', 'decision'], sources: ['meeting', 'notes'],
    at: { hourUtc: 16, firstDaysAgo: 77, everyDays: 25 },
    call: {
      minutes: 40, speakers: ['Ada Lovelace', 'Margaret Hamilton', 'Speaker 3'],
      attendees: ['ada@acme.test', 'margaret@acme.test', 'oncall@acme.test'],
      lines: [
        'This is blameless, we are here to understand the system, not to find a person.',
        'The first alert fired at ten past two, the page went to the secondary because the primary was on a flight.',
        'Root cause was a migration that took a lock on the conversations table.',
        'It ran fine in staging because staging has a fraction of the rows.',
        'We should run migrations against a copy of production data before release.',
        'And set a lock timeout so a migration fails instead of blocking traffic.',
        'Customer impact was about twenty minutes of failed writes.',
        'I will publish the status page update and the follow-up list today.',
      ],
    },
    sections: {
      Timeline: ['Alert fired, paged the secondary on call.', 'Mitigated by cancelling the migration after twenty minutes.'],
      'Root cause': ['A migration took a table lock on conversations.', 'Staging did not reproduce it because of its small data set.'],
      'Follow-ups': ['Set lock_timeout for all migrations.', 'Rehearse migrations on a production-sized copy.'],
    },
    instances: [
      ['Incident review: write outage after migration', 'the write outage'],
      ['Incident review: delayed webhooks', 'delayed webhooks'],
      ['Incident review: search index lag', 'search index lag', 'transcription_failed'],
    ],
  }),
  series({
    key: 'all-hands', workspace: 'acme', owner: 'ada', folder: null, visibility: 'workspace',
    tags: [], sources: ['meeting'],
    at: { hourUtc: 17, firstDaysAgo: 87, everyDays: 30 },
    call: {
      minutes: 45, speakers: ['Ada Lovelace', 'Grace Hopper', 'Speaker 3', 'Speaker 4', 'Katherine Johnson'],
      attendees: ['ada@acme.test', 'grace@acme.test', 'margaret@acme.test', 'katherine@acme.test', 'joan@acme.test', 'frances@acme.test', 'team@acme.test'],
      lines: [
        'Welcome everyone, we have three updates and then open questions.',
        'Revenue is ahead of plan for the second month in a row.',
        'We welcomed two new engineers this month, say hi in the channel.',
        'The office move is confirmed for the first week of next month.',
        'Is the hybrid policy changing with the move?',
        'No, two days a week in the office stays the norm.',
        'How are we thinking about hiring for the rest of the year?',
        'Four roles are open, backend is the most urgent.',
      ],
    },
    sections: {
      'Company updates': ['Revenue ahead of plan for the second month.', 'Two engineers joined; four roles open.'],
      'Q&A': ['Hybrid policy unchanged after the office move.', 'Backend hiring is the top priority.'],
    },
    instances: [
      ['All-hands: June', 'company updates'],
      ['All-hands: July', 'the office move'],
      ['All-hands: August', 'the Q3 plan'],
    ],
  }),
];
