import type { SignedInUser } from '@cs/accounts';
import type { ConfirmationOrigin } from '../web/confirm-page';
import type { FlashMessage } from '../views/layout.view';

const FLASHES: Record<string, string> = {
  revoked: 'Access revoked. The app can no longer reach your data.',
  key_created: 'The API key was created.',
  key_revoked: 'The API key was revoked.',
};

/** The account page after an action: `done` names its flash message, `revealed` a secret kept for one view. */
export const accountPage = (done?: string, revealed?: string): string => {
  const query = [done ? `done=${done}` : '', revealed ? `revealed=${revealed}` : ''].filter(Boolean).join('&');
  return query ? `/account?${query}` : '/account';
};

export function accountFlash(done: unknown): FlashMessage | undefined {
  return typeof done === 'string' && FLASHES[done] ? { kind: 'success', message: FLASHES[done] } : undefined;
}

/** The account page: a confirmation started there returns to it. */
export const fromAccountPage = (user: SignedInUser): ConfirmationOrigin => ({ user, cancelHref: accountPage(), current: 'account' });
