import type { Response } from 'express';
import { COPY_SCRIPT_CSP_SOURCE } from '../views/copy-button.partial';

/**
 * Every page: no caching (they carry CSRF tokens and personal data), no framing (consent clickjacking), no script
 * but the Copy buttons' one, allowed by its hash (views/copy-button.partial.ts). form-action is left out on purpose: Chrome applies it to the redirect after the
 * consent form, which must reach the client's redirect URI.
 */
export function sendHtml(res: Response, status: number, body: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': `default-src 'none'; script-src ${COPY_SCRIPT_CSP_SOURCE}; style-src 'unsafe-inline'; img-src https: http://localhost:* http://127.0.0.1:* data:; frame-ancestors 'none'; base-uri 'none'`,
    })
    .send(body);
}
