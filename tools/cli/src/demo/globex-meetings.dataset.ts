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
    overview: 'Weekly lab sync reviewing experiment results and the next runs.',
    sections: {
      Results: ['Four percent yield gain, within noise for now.'],
      'Next runs': ['Three repeats before any write-up.', 'Reactor booked for Tuesday and Wednesday.'],
    },
    principles: ['Repeat before you report.'],
    instances: [
      ['Lab sync: catalyst trial', 'Catalyst trial shows 4% yield gain; three repeats planned.', 'the catalyst trial'],
      ['Lab sync: repeat runs', 'Repeats confirm a 3–4% gain; write-up can start.', 'the repeat runs'],
      ['Lab sync: equipment', '', 'equipment downtime', 'not_admitted'],
      ['Lab sync: next quarter', 'Next quarter focuses on scale-up from bench to pilot reactor.', 'scale-up'],
    ],
  }),
  series({
    key: 'paper-reading', workspace: 'globex', owner: 'linus', folder: 'lab-notes', visibility: 'workspace',
    tags: ['paper'], sources: ['deck', 'notes'],
    at: { hourUtc: 18, firstDaysAgo: 66, everyDays: 22 },
    overview: 'Reading group notes on a paper relevant to current experiments.',
    sections: {
      Claims: ['Method improves selectivity under mild conditions.'],
      Relevance: ['Could replace our second purification step.'],
    },
    principles: ['Read the methods section before the abstract.'],
    fileTitle: 'Selective catalysis under mild conditions.pdf',
    fileText: 'Selective catalysis under mild conditions\n\nAbstract. We report a catalyst family that improves selectivity at room temperature...\n\nMethods. Reactions were run in triplicate at 25 °C...',
    instances: [
      ['Reading group: selective catalysis', 'Paper suggests replacing the second purification step.', 'selective catalysis'],
      ['Reading group: reactor scale-up', 'Scale-up paper flags heat transfer as the main risk.', 'scale-up risks'],
      ['Reading group: measurement error', 'Notes on estimating measurement error across runs.', 'measurement error'],
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
    overview: 'Partner call (in German) with a research institute about shared measurement series.',
    sections: {
      Ergebnisse: ['Ausbeute stabil, Reinheit schwankt.'],
      'Nächste Schritte': ['Proben nächste Woche austauschen.', 'Unterlagen bis Freitag.'],
    },
    principles: ['Share raw data with partners, not only conclusions.'],
    instances: [
      ['Partnergespräch: Messreihen', 'Ausbeute stabil, Reinheit schwankt; Probentausch nächste Woche.', 'the measurement series'],
      ['Partnergespräch: Probentausch', 'Proben getauscht; gemeinsame Auswertung bis Monatsende.', 'the sample exchange'],
    ],
  }),
  series({
    key: 'linus-notes', workspace: 'globex', owner: 'linus', folder: null, visibility: 'private',
    tags: [], sources: ['snippet'],
    at: { hourUtc: 22, firstDaysAgo: 33, everyDays: 14 },
    overview: 'Private notes.',
    sections: {
      Ideas: ['Automate the reactor booking sheet.'],
    },
    principles: ['Write it down before it is lost.'],
    snippet: 'Idea: log every reactor run with its parameters in one table so we can finally compare runs properly.',
    instances: [
      ['Notes: run logging', 'Idea to log every reactor run with parameters in one table.', 'run logging'],
      ['Notes: grant proposal', 'Grant proposal outline; deadline in six weeks.', 'the grant proposal'],
    ],
  }),
];
