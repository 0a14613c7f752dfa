import { openText, sealText } from './sealed-text';

describe('sealed text (secrets that must be read back in clear)', () => {
  it('opens what it sealed with the same secret and purpose, and differs on every sealing', () => {
    const a = sealText('operator-secret', 'webhook-secrets', 'whsec_abc');
    expect(openText('operator-secret', 'webhook-secrets', a)).toBe('whsec_abc');
    expect(sealText('operator-secret', 'webhook-secrets', 'whsec_abc')).not.toBe(a);
  });

  it('refuses another secret, another purpose and a tampered text', () => {
    const sealed = sealText('operator-secret', 'webhook-secrets', 'whsec_abc');
    expect(() => openText('other-secret', 'webhook-secrets', sealed)).toThrow();
    expect(() => openText('operator-secret', 'signing-keys', sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => openText('operator-secret', 'webhook-secrets', parts.join('.'))).toThrow();
  });
});
