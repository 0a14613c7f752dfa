import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectLanguage } from './detect-language';

const SAMPLES: Record<string, string> = {
  eng: 'We agreed to ship the new onboarding flow next sprint, provided the analytics dashboard is ready and the security review has been completed.',
  deu: 'Wir haben vereinbart, den neuen Onboarding-Ablauf im nächsten Sprint auszuliefern, sofern das Analyse-Dashboard fertig ist und die Sicherheitsprüfung abgeschlossen wurde.',
  fra: "Nous avons convenu de livrer le nouveau parcours d'accueil au prochain sprint, à condition que le tableau de bord soit prêt et que la revue de sécurité soit terminée.",
  spa: 'Acordamos lanzar el nuevo flujo de bienvenida en el próximo sprint, siempre que el panel de análisis esté listo y la revisión de seguridad haya terminado.',
  ita: 'Abbiamo deciso di rilasciare il nuovo flusso di benvenuto nel prossimo sprint, purché la dashboard sia pronta e la revisione di sicurezza sia conclusa.',
  por: 'Concordamos em lançar o novo fluxo de integração no próximo sprint, desde que o painel de análise esteja pronto e a revisão de segurança tenha sido concluída.',
};

describe('detectLanguage', () => {
  it.each(Object.entries(SAMPLES))('detects %s', (code, text) => {
    expect(detectLanguage(text)).toBe(code);
  });

  it('detects the language of the non-English fixtures', () => {
    const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'fixtures', name), 'utf8');
    expect(detectLanguage(fixture('besprechung-de.txt'))).toBe('deu');
    expect(detectLanguage(fixture('notas-es.md'))).toBe('spa');
  });

  it('ignores the speaker names and timestamps of a rendered transcript', () => {
    const transcript = [
      '[00:00:00] Jean-Baptiste Dupont: Bonjour à tous, nous commençons la réunion par le point sur la sécurité.',
      '[00:00:12] Marie Curie: Merci. La revue est terminée et nous pouvons livrer la semaine prochaine.',
    ].join('\n');
    expect(detectLanguage(transcript)).toBe('fra');
  });

  it('judges a long text by its start, middle and end, not only its opening small talk', () => {
    const text = `${SAMPLES.eng!.concat(" ").repeat(18)} ${SAMPLES.fra!.concat(" ").repeat(60)}`;
    expect(detectLanguage(text)).toBe('fra');
  });

  it('samples a long text and still answers', () => {
    expect(detectLanguage(SAMPLES.deu!.concat(' ').repeat(400))).toBe('deu');
  });

  it.each([
    ['too short', 'Hello there'],
    ['no letters', '12 34 56 78 90 12 34 56 78 90 12 34 56 78 90 12 34 56 78 90'],
    ['empty', ''],
    ['a bag of loan words that fits several languages', 'ok ok yes sprint dashboard ok ok yes sprint dashboard'],
  ])('answers null when the text is %s', (_why, text) => {
    expect(detectLanguage(text)).toBeNull();
  });
});
