import { series } from './meeting-series.builder';
import type { MeetingSeries } from './meeting-series.model';

/** Acme's customer work: the Initech account (nested three folders deep), Umbrella onboarding, startup interviews. */
export const ACME_CUSTOMER_MEETINGS: MeetingSeries[] = [
  series({
    key: 'initech-qbr-prep', workspace: 'acme', owner: 'grace', folder: 'qbr-2026', visibility: 'workspace',
    tags: ['customer', 'enterprise'], sources: ['meeting', 'deck'],
    at: { hourUtc: 13, firstDaysAgo: 24, everyDays: 6 },
    call: {
      minutes: 50, speakers: ['Grace Hopper', 'Ada Lovelace', 'Peter Gibbons', 'Speaker 4'],
      attendees: ['grace@acme.test', 'ada@acme.test', 'peter.gibbons@initech.test', 'bill.lumbergh@initech.test'],
      lines: [
        'Thanks for making time, we want the QBR to be about your goals, not our slides.',
        'Adoption is strongest in the support team, sales barely uses it.',
        'Sales says the summaries are too long for a quick glance before a call.',
        'The digest field is exactly for that, we can show it in the CRM sidebar.',
        'Renewal is in March, procurement will want the security review done before.',
        'We can send the updated SOC 2 report and the pen test summary next week.',
        'What would make this a clear success for you by the next review?',
        'Half of the sales team using it weekly, and the CRM sidebar live.',
      ],
    },
    sections: {
      Adoption: ['Support team adoption is high; sales adoption is low.', 'Sales finds summaries too long before calls.'],
      Renewal: ['Renewal in March; security review must close first.', 'Send SOC 2 report and pen test summary next week.'],
      'Success criteria': ['Half of sales using it weekly.', 'CRM sidebar showing digests is live.'],
    },
    fileTitle: 'Initech QBR 2026 deck.pdf',
    fileText: 'Initech x Acme Quarterly Business Review 2026\n\nAgenda\n- Adoption by team\n- Outcomes since last review\n- Roadmap preview: audit logs, SSO\n- Renewal timeline\n\nAdoption: Support 86% weekly active, Sales 22% weekly active.',
    instances: [
      ['Initech QBR prep: adoption numbers', 'adoption by team'],
      ['Initech QBR prep: security review', 'the security review'],
      ['Initech QBR prep: success criteria', 'success criteria'],
      ['Initech QBR dry run', 'the dry run'],
    ],
  }),
  series({
    key: 'initech-checkin', workspace: 'acme', owner: 'grace', folder: 'initech', visibility: 'workspace',
    tags: ['customer', 'enterprise'], sources: ['meeting'],
    at: { hourUtc: 10, firstDaysAgo: 84, everyDays: 14 },
    call: {
      minutes: 25, speakers: ['Grace Hopper', 'Peter Gibbons', 'Speaker 3'],
      attendees: ['grace@acme.test', 'peter.gibbons@initech.test', 'milton.waddams@initech.test'],
      lines: [
        'Quick check-in, anything new since last time?',
        'We rolled it out to the second support region on Monday.',
        'Any problems with the calendar connection for that region?',
        'A few people had to reconnect, the permission screen confused them.',
        'We are rewriting that screen, I can send you the new copy for review.',
        'Also, someone asked whether we can export everything to our data lake.',
        'The API covers that, I will send you the incremental sync guide.',
      ],
    },
    sections: {
      Rollout: ['Second support region live.', 'Calendar reconnect confusion caused by the permission screen.'],
      Requests: ['Export to their data lake via the API incremental sync.'],
      'Follow-ups': ['Send new permission screen copy for review.', 'Share the incremental sync guide.'],
    },
    instances: [
      ['Initech check-in', 'the regional rollout'],
      ['Initech check-in', 'data exports'],
      ['Initech check-in', 'admin reporting'],
      ['Initech check-in', 'renewal timing', 'captcha_required'],
      ['Initech check-in', 'calendar permissions'],
    ],
  }),
  series({
    key: 'umbrella-onboarding', workspace: 'acme', owner: 'ada', folder: 'umbrella', visibility: 'workspace',
    tags: ['customer', 'enterprise', 'action-items'], sources: ['meeting', 'snippet'],
    at: { hourUtc: 11, firstDaysAgo: 60, everyDays: 12 },
    call: {
      minutes: 35, speakers: ['Ada Lovelace', 'Speaker 2', 'Alice Abernathy'],
      attendees: ['ada@acme.test', 'alice.abernathy@umbrella.test', 'it-admin@umbrella.test'],
      lines: [
        'Welcome aboard, today we set up the workspace and the first integrations.',
        'Our IT team needs single sign-on before we invite everyone.',
        'Until then we can invite a pilot group of twenty with email sign-in.',
        'Which calendar do you use, Google or Microsoft?',
        'Microsoft, and the bot has to be allowed by our Teams admin.',
        'I will send the admin consent instructions right after this call.',
      ],
    },
    sections: {
      Setup: ['Pilot group of twenty with email sign-in.', 'Single sign-on required before company-wide invite.'],
      Integrations: ['Microsoft calendar and Teams bot need admin consent.'],
    },
    snippet: 'From Alice (Slack): our Teams tenant blocks third-party bots by default. The admin needs the app id and the consent URL; please send both to it-admin@umbrella.test.',
    instances: [
      ['Umbrella Corp onboarding: kickoff', 'the kickoff'],
      ['Umbrella Corp onboarding: Teams bot', 'the Teams bot', 'transcription_failed'],
      ['Umbrella Corp onboarding: pilot review', 'the pilot results'],
    ],
  }),
  series({
    key: 'startup-interviews', workspace: 'acme', owner: 'grace', folder: 'startups', visibility: 'workspace',
    tags: ['customer'], sources: ['recording'],
    at: { hourUtc: 16, firstDaysAgo: 85, everyDays: 18 },
    call: {
      minutes: 30, speakers: ['Grace Hopper', 'Speaker 2'],
      lines: [
        'Thanks for agreeing to record this, it helps the whole team hear you directly.',
        'How do you take notes in customer calls today?',
        'Honestly in a doc that nobody reads afterwards.',
        'What would make you open the notes again a week later?',
        'If I could search across all calls for a customer name, I would use it daily.',
        'Price matters, we are six people and every seat adds up.',
        'Would a team plan with a flat price work better for you?',
        'Yes, as long as it includes the integrations.',
      ],
    },
    sections: {
      'Current workflow': ['Notes live in a shared doc nobody rereads.'],
      Needs: ['Search across calls by customer name.', 'Flat team pricing including integrations.'],
    },
    instances: [
      ['Customer interview: Hooli Labs', 'note-taking habits'],
      ['Customer interview: Pied Piper', 'search needs'],
      ['Customer interview: Aviato', 'CRM workflows'],
      ['Customer interview: Raviga', 'privacy expectations'],
    ],
  }),
  series({
    key: 'startup-interview-fr', workspace: 'acme', owner: 'grace', folder: 'startups', visibility: 'workspace',
    tags: ['customer'], sources: ['recording'], language: 'fra',
    at: { hourUtc: 9, firstDaysAgo: 41, everyDays: 0 },
    call: {
      minutes: 25, speakers: ['Grace Hopper', 'Camille Dubois'],
      lines: [
        'Merci de prendre le temps, on parle de vos réunions clients.',
        'Nous avons une dizaine de réunions par semaine, surtout en français.',
        'Est-ce que les résumés en français sont assez précis ?',
        'Oui, mais les noms propres sont parfois mal transcrits.',
        'Nous pouvons ajouter un vocabulaire personnalisé par espace de travail.',
        'Ce serait parfait, surtout pour les noms de nos produits.',
      ],
    },
    sections: {
      Findings: ['About ten customer meetings a week, mostly in French.', 'Proper nouns are sometimes mistranscribed.'],
      Ideas: ['Custom vocabulary per workspace.'],
    },
    instances: [
      ['Entretien client : Petit Nuage', 'multilingual meetings'],
    ],
  }),
];
