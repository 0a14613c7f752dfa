import { sleep, useBrowser } from '@cs/testing';
import { KEY_ACTIVATION_LEAD_SECONDS, rotateSigningKey } from '@cs/oauth';
import { TEST_SIGNING_KEY_SECRET, useAuthStack } from './support/auth-stack';
import { connectApp } from './support/connect-app';
import { getWithToken } from './support/resource-server';
import { decodeJwt, ThirdPartyApp } from './support/third-party-app';

/**
 * Issue 3, key rotation: `rotateSigningKey` (what `npm run cli -- keys:rotate` does) against the running stack. The
 * auth app is not restarted: this waits for its ProviderHolder, which checks for keys every 30 s, and for the new
 * key's activation lead (60 s), so the test proves the live pick-up (about 90 s of waiting at most).
 */
const stack = useAuthStack();
const browser = useBrowser();


const KEY_CHECK_INTERVAL_MS = 30_000;

async function publishedKids(): Promise<string[]> {
  const response = await fetch(`${stack.authUrl}/api/auth/oauth2/jwks`);
  expect(response.status).toBe(200);
  const { keys } = (await response.json()) as { keys: { kid: string; kty: string; alg: string; use: string; d?: string }[] };
  for (const key of keys) {
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(key.d).toBeUndefined();
  }
  return keys.map((k) => k.kid);
}

describe('signing key rotation', () => {
  it('publishes a rotated key before it signs, switches to it after the activation lead, and keeps accepting the old key’s tokens', async () => {
    const workspace = await stack.workspace();
    const admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'rotation-admin' });
    const app = await ThirdPartyApp.discover(stack.authUrl, await stack.client(admin));
    const before = await connectApp(browser(), stack, app, admin, { scope: 'conversations:read' });
    const oldKid = String(decodeJwt(before.tokens.access_token).header['kid']);
    expect(await publishedKids()).toEqual([oldKid]);
    // The API fetches the JWKS for the first time here.
    expect(await getWithToken(stack.apiUrl, '/api/v1/conversations', before.tokens.access_token)).toMatchObject({ status: 200 });
    const apiFetchedKeysAt = Date.now();

    const { kid: newKid, retired } = await rotateSigningKey(stack.db.dataSource, TEST_SIGNING_KEY_SECRET);
    expect(retired).toEqual([oldKid]);
    const rotatedAt = Date.now();
    let kids = await publishedKids();
    while (!kids.includes(newKid) && Date.now() - rotatedAt < KEY_CHECK_INTERVAL_MS + 5_000) {
      await sleep(500);
      kids = await publishedKids();
    }
    // Published before it signs: resource servers can know the new key before any token carries it.
    expect(kids.sort()).toEqual([oldKid, newKid].sort());

    // The old key keeps signing through the activation lead; then the new one takes over.
    let refreshed = await app.refresh(before.tokens.refresh_token!);
    while (decodeJwt(refreshed.access_token).header['kid'] !== newKid && Date.now() - rotatedAt < (KEY_ACTIVATION_LEAD_SECONDS * 1000 + KEY_CHECK_INTERVAL_MS + 10_000)) {
      expect(decodeJwt(refreshed.access_token).header['kid']).toBe(oldKid);
      expect(await getWithToken(stack.apiUrl, '/api/v1/conversations', refreshed.access_token)).toMatchObject({ status: 200 });
      await sleep(2_000);
      refreshed = await app.refresh(refreshed.refresh_token!);
    }
    expect(decodeJwt(refreshed.access_token).header['kid']).toBe(newKid);
    expect(decodeJwt(refreshed.id_token!).header['kid']).toBe(newKid);
    // The very first token of the new key is accepted, although the API fetched its keys before the rotation.
    expect(apiFetchedKeysAt).toBeLessThan(rotatedAt);
    expect(await getWithToken(stack.apiUrl, '/api/v1/conversations', refreshed.access_token)).toMatchObject({ status: 200 });
    // Signed with the retired key an instant before rotation, still within its hour.
    expect(await getWithToken(stack.apiUrl, '/api/v1/conversations', before.tokens.access_token)).toMatchObject({ status: 200 });

    const after = await connectApp(browser(), stack, app, await stack.person(workspace), { scope: 'conversations:read' });
    expect(decodeJwt(after.tokens.access_token).header['kid']).toBe(newKid);
    expect(await getWithToken(stack.apiUrl, '/api/v1/conversations', after.tokens.access_token)).toMatchObject({ status: 200 });
  }, 180_000);
});
