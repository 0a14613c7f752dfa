import { Webhook } from 'standardwebhooks';
import { signedHeaders } from '@cs/events';
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from './webhook-secret';

describe('webhook signing secrets', () => {
  it('are whsec_ + standard base64 that the reference Standard Webhooks library accepts for our signatures', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ id: 'evt_1', type: 'conversation.ready' });
    const headers = signedHeaders([secret], 'evt_1', body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual({ id: 'evt_1', type: 'conversation.ready' });
  });

  it('are stored sealed and opened with the same key only', () => {
    const secret = newWebhookSecret();
    const sealed = sealWebhookSecret('operator-key-0123456789abcdefghijklmnop', secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openWebhookSecret('operator-key-0123456789abcdefghijklmnop', sealed)).toBe(secret);
    expect(() => openWebhookSecret('another-key-0123456789abcdefghijklmnopq', sealed)).toThrow();
  });
});
