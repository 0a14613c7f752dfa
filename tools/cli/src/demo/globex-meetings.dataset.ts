import { series } from './meeting-series.builder';
import type { MeetingSeries } from './meeting-series.model';

/** Globex: a smaller research workspace, so multi-workspace isolation has something to isolate. */
export const GLOBEX_MEETINGS: MeetingSeries[] = [
  series({
    key: 'lab-sync', workspace: 'globex', owner: 'linus', folder: 'experiments', visibility: 'workspace',
    tags: ['experiment'], sources: ['meeting'],
    at: { hourUtc: 15, firstDaysAgo: 80, everyDays: 20 },
    call: {
      minutes: 40, speakers: ['Linus Torvalds', 'Speaker 2', 'Speaker 3'],
      attendees: ['linus@globex.test', 'hank.scorpio@globex.test', 'lab@globex.test'],
      lines: [
        'Results first, then what we change for the next run.',
        'The new catalyst raised yield by four percent over the baseline.',
        'Is that outside the noise of the last ten runs?',
        'Just barely, I would not call it significant yet.',
        'Then we repeat it three times before anyone writes it up.',
        'I will book the reactor for next Tuesday and Wednesday.',
      ],
    },
    sections: {
      Results: ['Four percent yield gain, within noise for now.'],
      'Next runs': ['Three repeats before any write-up.', 'Reactor booked for Tuesday and Wednesday.'],
    },
    instances: [
      ['Lab sync: catalyst trial', 'the catalyst trial'],
      ['Lab sync: repeat runs', 'the repeat runs'],
      ['Lab sync: equipment', 'equipment downtime', 'not_admitted'],
      ['Lab sync: next quarter', 'scale-up'],
    ],
  }),
  series({
    key: 'paper-reading', workspace: 'globex', owner: 'linus', folder: 'lab-notes', visibility: 'workspace',
    tags: ['paper'], sources: ['deck', 'notes'],
    at: { hourUtc: 18, firstDaysAgo: 66, everyDays: 22 },
    sections: {
      Claims: ['Method improves selectivity under mild conditions.'],
      Relevance: ['Could replace our second purification step.'],
    },
    fileTitle: 'Selective catalysis under mild conditions.pdf',
    fileText: 'Selective catalysis under mild conditions\n\nAbstract. We report a catalyst family that improves selectivity at room temperature...\n\nMethods. Reactions were run in triplicate at 25 °C...',
    instances: [
      ['Reading group: selective catalysis', 'selective catalysis'],
      ['Reading group: reactor scale-up', 'scale-up risks'],
      ['Reading group: measurement error', 'measurement error'],
    ],
  }),
  series({
    key: 'partner-call-de', workspace: 'globex', owner: 'linus', folder: 'partnerships', visibility: 'workspace',
    tags: ['partner'], sources: ['meeting'], language: 'deu',
    at: { hourUtc: 8, firstDaysAgo: 52, everyDays: 21 },
    call: {
      minutes: 35, speakers: ['Linus Torvalds', 'Dr. Anna Schmidt', 'Sprecher 3'],
      attendees: ['linus@globex.test', 'anna.schmidt@institut.test'],
      lines: [
        'Danke, dass Sie sich die Zeit nehmen.',
        'Wir haben die Messreihen aus dem letzten Monat ausgewertet.',
        'Die Ausbeute ist stabil, aber die Reinheit schwankt noch.',
        'Können wir die Proben nächste Woche austauschen?',
        'Ja, ich schicke Ihnen die Unterlagen bis Freitag.',
        'Dann planen wir das nächste Gespräch in drei Wochen.',
      ],
    },
    sections: {
      Ergebnisse: ['Ausbeute stabil, Reinheit schwankt.'],
      'Nächste Schritte': ['Proben nächste Woche austauschen.', 'Unterlagen bis Freitag.'],
    },
    instances: [
      ['Partnergespräch: Messreihen', 'the measurement series'],
      ['Partnergespräch: Probentausch', 'the sample exchange'],
    ],
  }),
  series({
    key: 'linus-notes', workspace: 'globex', owner: 'linus', folder: null, visibility: 'private',
    tags: [], sources: ['snippet'],
    at: { hourUtc: 22, firstDaysAgo: 33, everyDays: 14 },
    sections: {
      Ideas: ['Automate the reactor booking sheet.'],
    },
    snippet: 'Idea: log every reactor run with its parameters in one table so we can finally compare runs properly.',
    instances: [
      ['Notes: run logging', 'run logging'],
      ['Notes: grant proposal', 'the grant proposal'],
    ],
  }),
];
