import { SafeHtml, html } from './html';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface TimeFormat {
  /** "14:05:09" rather than "14:05": where events seconds apart must read apart (the delivery log, issue 19). */
  seconds?: boolean;
}

/** "22 Nov 2026, 14:05 UTC": readable, and the same for every viewer whatever the server's locale. */
export function formatUtcDateTime(date: Date, format: TimeFormat = {}): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const month = MONTHS[date.getUTCMonth()] ?? '';
  const seconds = format.seconds ? `:${pad(date.getUTCSeconds())}` : '';
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}${seconds} UTC`;
}

/** A <time> element carrying the machine-readable instant alongside the readable text. */
export function timeTag(date: Date, format: TimeFormat = {}): SafeHtml {
  // Two unbreakable halves, so a narrow column wraps between the date and the time, never inside either.
  const [day = '', time = ''] = formatUtcDateTime(date, format).split(', ');
  return html`<time datetime="${date.toISOString()}"><span class="nw">${day},</span> <span class="nw">${time}</span></time>`;
}

/** A date alone ("22 Nov 2026") where space is short; the full instant stays in the title and datetime. */
export function dateTag(date: Date): SafeHtml {
  const full = formatUtcDateTime(date);
  return html`<time datetime="${date.toISOString()}" title="${full}">${full.split(', ')[0] ?? full}</time>`;
}
