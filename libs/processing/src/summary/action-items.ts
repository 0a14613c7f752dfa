/**
 * Recognises action items, decisions and stated principles in English sentences by the way people say them.
 * Rules, not a model: what they do not recognise is left to the summary's sections, and a sentence they
 * recognise is quoted, never rewritten beyond dropping the address ("Tom, please …") and the due phrase.
 */

export interface SpokenSentence {
  text: string;
  /** Who said it (a transcript line's speaker), null for documents and notes. */
  speaker: string | null;
}

export interface RecognisedActionItem {
  text: string;
  owner: string | null;
  due: string | null;
}

const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
const DAY_OF_MONTH = `(?:\\d{1,2}(?:st|nd|rd|th)?|first|second|third|fifteenth|twentieth|thirtieth|\\w+(?:st|nd|rd|th))`;
const WHEN = `(?:the end of (?:the |this |next )?(?:day|week|month|quarter|year|sprint)|(?:next|this) (?:week|month|quarter|${WEEKDAY})|tomorrow|tonight|today|end of day|eod|${WEEKDAY}(?: morning| afternoon| evening)?|${MONTH}(?: ${DAY_OF_MONTH})?|(?:the )?${DAY_OF_MONTH} of ${MONTH}|the next meeting|our next meeting)`;

/** "by Friday", "before the next meeting", "next week", "tomorrow": the due phrase as said. */
const DUE = new RegExp(`\\b(?:(?:by|before|until|no later than|on|in)\\s+${WHEN}|(?:next|this) (?:week|month|quarter)|tomorrow|tonight|end of day)\\b`, 'i');

/** Verbs of work someone takes on ("I'll send …"); "I'll think", "I'll say" commit to nothing. */
const WORK_VERB =
  '(?:ask|send|write|draft|prepare|check|look into|look at|follow up|set up|schedule|review|update|share|email|mail|call|make|do|take care of|get|put together|book|organi[sz]e|create|fix|talk to|contact|find|bring|circulate|finish|start|handle|test|investigate|run|build|design|present|report|collect|compile|order|arrange|sort out|work on|come up with|figure out|implement|document|plan|research|send out|reach out)';

/** "Tom, please …", "Tom, could you …": a request addressed by name (the name is matched separately). */
const ADDRESSED = /^(?<name>[\p{Lu}][\p{L}'-]*(?: [\p{Lu}][\p{L}'-]*)?),\s+(?:please\s+|could you(?: please)?\s+|can you(?: please)?\s+|would you(?: please)?\s+|will you(?: please)?\s+)(?<task>.+)$/u;
/** "Please ask Tom …" has no addressee; "Tom will …", "Tom is going to …": a named commitment. */
const NAMED_COMMITMENT = /\b(?<name>[\p{Lu}][\p{L}'-]*(?: [\p{Lu}][\p{L}'-]*)?) (?:will|is going to|is to|needs to|has to|agreed to|'ll|is responsible for)\s+(?<task>.+)$/u;
const FIRST_PERSON = new RegExp(`^(?:(?:ok(?:ay)?|so|and|then|also),?\\s+)*(?:i'll|i will|i'm going to|i am going to|i can|let me)\\s+(?:also\\s+)?(?<task>${WORK_VERB}\\b.*)$`, 'i');
const ACTION_LABEL = /^(?:action(?: item)?|todo|to do|to-do)\s*[:-]\s*(?<task>.+)$/i;
const TEAM_DUE = new RegExp(`^(?:we|someone|somebody)(?: still)? (?:need to|needs to|have to|has to|must|should|will|'ll)\\s+(?<task>${WORK_VERB}\\b.*)$`, 'i');

/**
 * An action item in one sentence, or null. The owner is a participant: the named addressee or subject when the
 * name is a participant's (full name or first name), or the speaker for "I'll …"; otherwise null. A team
 * task ("we need to send …") counts only when it has a due phrase, as "we should" is mostly opinion.
 */
export function recogniseActionItem(sentence: SpokenSentence, participants: readonly string[]): RecognisedActionItem | null {
  const text = sentence.text.trim().replace(/^[-*]\s+/, '');
  if (text.endsWith('?') && !ADDRESSED.test(text)) return null;
  const addressed = ADDRESSED.exec(text);
  if (addressed?.groups) {
    const owner = participantNamed(addressed.groups['name'] as string, participants);
    if (owner) return item(addressed.groups['task'] as string, owner);
  }
  const label = ACTION_LABEL.exec(text);
  if (label?.groups) return item(label.groups['task'] as string, null, participants);
  const named = NAMED_COMMITMENT.exec(text);
  if (named?.groups) {
    const owner = participantNamed(named.groups['name'] as string, participants);
    if (owner && new RegExp(`^${WORK_VERB}\\b`, 'i').test(named.groups['task'] as string)) return item(named.groups['task'] as string, owner);
  }
  const mine = FIRST_PERSON.exec(text);
  if (mine?.groups) return item(mine.groups['task'] as string, sentence.speaker && participants.includes(sentence.speaker) ? sentence.speaker : null);
  const team = TEAM_DUE.exec(text);
  if (team?.groups && DUE.test(text)) return item(team.groups['task'] as string, null);
  return null;
}

function item(task: string, owner: string | null, participants: readonly string[] = []): RecognisedActionItem {
  const due = DUE.exec(task);
  let text = due ? `${task.slice(0, due.index)}${task.slice(due.index + due[0].length)}` : task;
  // "Write the plan — Tom" in a written action list names its owner at the end.
  let named = owner;
  if (!named) {
    const trailing = /\s*(?:[-–—]|,)\s*(?<name>[\p{Lu}][\p{L}'-]*(?: [\p{Lu}][\p{L}'-]*)?)\s*[.!]?$/u.exec(text);
    const participant = trailing?.groups ? participantNamed(trailing.groups['name'] as string, participants) : null;
    if (participant && trailing) {
      named = participant;
      text = text.slice(0, trailing.index);
    }
  }
  text = text.replace(/\s+/g, ' ').replace(/\s+([,.;:!?])/g, '$1').replace(/[\s,;:.!?]+$/u, '').trim();
  return { text, owner: named, due: due ? due[0] : null };
}

/** The participant a name in speech refers to: the full name, or the first name of exactly one participant. */
export function participantNamed(name: string, participants: readonly string[]): string | null {
  const exact = participants.find((p) => p.toLowerCase() === name.toLowerCase());
  if (exact) return exact;
  const byFirst = participants.filter((p) => p.split(/\s+/)[0]?.toLowerCase() === name.toLowerCase());
  return byFirst.length === 1 ? (byFirst[0] as string) : null;
}

const DECISION =
  /\b(?:we(?:'ve| have)? (?:decided|agreed)|(?:it was|it's|it is|that's|that is) (?:decided|agreed|settled)|(?:the )?decision (?:is|was)|decided to|agreed (?:to|that|on)|let's go with|we(?:'ll| will| are going to) go with|we(?:'re| are) going with|(?:is|are|was|were|gets|get) (?:moved|moving|postponed|pushed|delayed|brought forward) to|\b(?:moves|moved) to (?:the )?(?:\d|mid|early|late|next|[\p{Lu}])|(?:migrates?|launch(?:es)?|ships?|goes live|go live) (?:in|on|by) (?:the )?(?:\d|mid|early|late|next|[\p{Lu}]))/iu;
const DECISION_LABEL = /^(?:decision|decided|agreed)\s*[:-]\s*/i;

/** Whether a sentence states a decision ("we decided …", "the launch moves to August 15", "Decision: …"). */
export function isDecision(text: string): boolean {
  if (text.trim().endsWith('?')) return false;
  if (/\b(?:if|whether|should we|do we|did we|maybe|not sure|haven't|have not)\b/i.test(text)) return false;
  return DECISION_LABEL.test(text) || DECISION.test(text);
}

/** A decision as a bullet: its "Decision:" label dropped. */
export function decisionText(text: string): string {
  const stripped = text.replace(DECISION_LABEL, '').trim();
  return stripped.charAt(0).toLocaleUpperCase() + stripped.slice(1);
}

const PRINCIPLE =
  /\b(?:(?:should|must|will) (?:always|never)|(?:the )?(?:rule|principle|priority) (?:is|should be)|(?:our|the) (?:main |first |top )?(?:goal|priority|principle) is|it's (?:important|essential|crucial|key) (?:to|that)|it is (?:important|essential|crucial) (?:to|that)|(?:we|you) (?:must|should) (?:not )?(?:always|never|keep|make sure|avoid|focus)|the most important (?:thing|point|aspect) is|(?:should|must) be (?:kept )?(?:simple|easy|cheap|consistent|fast|secure))\b/i;

/** Whether a sentence states a rule or principle ("we should always …", "the priority is …"). */
export function isPrinciple(text: string): boolean {
  return !text.trim().endsWith('?') && PRINCIPLE.test(text);
}
