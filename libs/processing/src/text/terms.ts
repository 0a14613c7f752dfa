import { STOPWORDS } from './stopwords';

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/**
 * The content terms of a text, in order: lower-cased words of three or more characters that are not
 * stopwords or numbers, with a light plural fold ("dashboards" → "dashboard", "priorities" → "priority",
 * "successes" → "success") so that singular and plural count as one term. Deterministic and cheap: no
 * stemming dictionary, no model.
 */
export function terms(text: string): string[] {
  const found: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/’/g, "'");
    if (word.length < 3 || STOPWORDS.has(word) || /^\p{N}+$/u.test(word)) continue;
    found.push(foldPlural(word));
  }
  return found;
}

export function foldPlural(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  // "classes", "boxes", "batches", "wishes": the plural added "es", not "s".
  if (word.length > 4 && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('s') && !/(ss|us|is|ys|'s)$/.test(word)) return word.slice(0, -1);
  if (word.endsWith("'s")) return word.slice(0, -2);
  return word;
}
