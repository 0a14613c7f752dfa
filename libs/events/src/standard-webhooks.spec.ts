import { preparedSigningKey, signedHeaders, signPayload, verifySignature } from './standard-webhooks';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('Standard Webhooks signatures', () => {
  it('matches the specification example (id.timestamp.body, HMAC-SHA256, base64)', () => {
    // The example of the Standard Webhooks specification.
    const body = '{"test": 2432232314}';
    expect(signPayload(SECRET, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs the same with a prepared key as with the secret itself', () => {
    const body = '{"test": 2432232314}';
    expect(signPayload(preparedSigningKey(SECRET), 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    const now = new Date('2026-01-01T00:00:00Z');
    expect(signedHeaders([preparedSigningKey(SECRET), 'whsec_b2xk'], 'evt_1', '{"a":1}', now)).toEqual(signedHeaders([SECRET, 'whsec_b2xk'], 'evt_1', '{"a":1}', now));
  });

  it('verifies its own headers, with one signature per secret during a rotation', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const headers = signedHeaders(['whsec_b2xk', SECRET], 'evt_1', '{"a":1}', now);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifySignature(SECRET, headers, '{"a":1}', now)).toBe(true);
    expect(verifySignature('whsec_b2xk', headers, '{"a":1}', now)).toBe(true);
  });

  it('refuses another body, another secret, a stale timestamp and malformed headers', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const headers = signedHeaders([SECRET], 'evt_1', '{"a":1}', now);
    expect(verifySignature(SECRET, headers, '{"a":2}', now)).toBe(false);
    expect(verifySignature('whsec_b3RoZXI=', headers, '{"a":1}', now)).toBe(false);
    expect(verifySignature(SECRET, headers, '{"a":1}', new Date(now.getTime() + 301_000))).toBe(false);
    expect(verifySignature(SECRET, { ...headers, 'webhook-timestamp': 'soon' }, '{"a":1}', now)).toBe(false);
    expect(verifySignature(SECRET, { ...headers, 'webhook-signature': 'v2,abc' }, '{"a":1}', now)).toBe(false);
    expect(verifySignature(SECRET, {}, '{"a":1}', now)).toBe(false);
  });
});
