import 'reflect-metadata';
import { WebSessionStore } from '@cs/accounts';
import { hashPassword } from '@cs/domain';
import { poolQueryable, postgresPool } from '@cs/persistence';
import { createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import type { INestApplication } from '@nestjs/common';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { AppModule } from '../app.module';
import { loadAuthConfig } from '../config/auth-config';
import { PROVIDER_HOLDER, type ProviderHolder } from '../oidc/provider-holder';
import { csrfToken } from './csrf';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/**
 * What each page check answers when it fails, and in which order the checks run (signed in, then admin, then the
 * interaction, then CSRF), over HTTP against the real app on a database of its own.
 */
describe('page guards', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;
  let f: Fixtures;
  let admin: Member;
  let member: Member;
  let config: ReturnType<typeof loadAuthConfig>;

  beforeAll(async () => {
    db = await createTestDatabase();
    config = loadAuthConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, REDIS_URL, LOG_LEVEL: 'silent' });
    app = await NestFactory.create(AppModule.register(config), { logger: false });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    f = new Fixtures(db.dataSource);
    admin = await f.member(await f.workspace(), { role: 'admin', passwordHash: await hashPassword('admin password') });
    member = await f.member(admin.workspace, { role: 'member' });
  });

  // Dropping the database checkpoints, which takes seconds on a busy machine.
  afterAll(async () => {
    app.get<ProviderHolder>(PROVIDER_HOLDER).stop();
    await app.close();
    await db.drop();
  }, 30_000);

  const sessionOf = async (m: Member) => `cs_session=${await new WebSessionStore(poolQueryable(postgresPool(db.dataSource))).start(m.user.id)}`;

  /** The CSRF token a page shows the browser with these cookies (bound to its session). */
  const csrfOf = (cookies: string[]) => csrfToken({ headers: { cookie: cookies.join('; ') } } as ExpressRequest, {} as ExpressResponse, config);

  function request(path: string, options: { cookies?: string[]; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (options.cookies?.length) headers['cookie'] = options.cookies.join('; ');
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    return fetch(`${base}${path}`, {
      method: options.form ? 'POST' : 'GET',
      headers,
      redirect: 'manual',
      ...(options.form ? { body: new URLSearchParams(options.form).toString() } : {}),
    });
  }

  it('sends a visitor to sign in, returning to the account page or to developer settings', async () => {
    for (const [path, returnTo] of [
      ['/account', '/account'],
      ['/developer', '/developer'],
      ['/developer/webhooks/new', '/developer'],
    ]) {
      const res = await request(path!);
      expect([path, res.status, res.headers.get('location')]).toEqual([path, 303, `/sign-in?return_to=${returnTo}`]);
    }
  });

  it('checks the session before the CSRF token: a visitor posting a stale form is sent to sign in', async () => {
    const res = await request('/account/apps/ext_x/revoke', { form: {} });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sign-in?return_to=/account');
  });

  it('checks admin rights before the CSRF token: a member gets the admin 403 page, with the navigation and a sign-out', async () => {
    const res = await request('/developer/clients', { cookies: [await sessionOf(member)], form: { workspace_id: admin.workspace.id } });
    expect(res.status).toBe(403);
    const page = await res.text();
    expect(page).toContain('Developer settings are for workspace admins');
    expect(page).toContain('<form class="topbar-signout" method="post" action="/sign-out">');
    expect(page).toContain('<a href="/account">Account</a>');
    expect(page).not.toContain('<a href="/developer"');
  });

  it('keeps the navigation on the 404 page of a signed-in user', async () => {
    const res = await request('/no/such/page', { cookies: [await sessionOf(admin)] });
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).toContain('<a href="/developer">Developer settings</a>');
    expect(page).toContain('<form class="topbar-signout" method="post" action="/sign-out">');
  });

  it('refuses a signed-in form without a matching CSRF token with the 403 page that names the user', async () => {
    const res = await request('/account/api-keys', {
      cookies: [await sessionOf(admin)],
      form: { workspace_id: admin.workspace.id, _csrf: csrfOf([await sessionOf(admin)]), name: 'Key' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('This form has expired');
    expect(page).toContain('Reload the page and try again.');
    expect(page).toContain(admin.user.email);
  });

  it('runs the handler once every check passes: the API key name rule answers 400, a good name 303 to the key shown once', async () => {
    const cookies = [await sessionOf(member)];
    const CSRF = csrfOf(cookies);
    const tooLong = await request('/account/api-keys', { cookies, form: { workspace_id: member.workspace.id, _csrf: CSRF, name: 'k'.repeat(101) } });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('Key names are at most 100 characters.');
    const created = await request('/account/api-keys', { cookies, form: { workspace_id: member.workspace.id, _csrf: CSRF, name: 'Zapier' } });
    expect(created.status).toBe(303);
    const shown = await request(created.headers.get('location') ?? '', { cookies });
    expect(await shown.text()).toMatch(/sk_[A-Za-z0-9_-]{43}/);
  });

  it('refuses a key for a workspace the user is not a member of', async () => {
    const other = await f.workspace();
    const cookies = [await sessionOf(member)];
    const res = await request('/account/api-keys', { cookies, form: { workspace_id: other.id, _csrf: csrfOf(cookies), name: 'Intruder' } });
    expect(res.status).toBe(403);
    expect(await db.dataSource.query(`SELECT 1 FROM api_keys WHERE name = 'Intruder'`)).toEqual([]);
  });

  it("answers 404 for an app the user has not connected, and for another user's key", async () => {
    const cookies = [await sessionOf(admin)];
    const res = await request('/account/apps/ext_unknown/revoke', { cookies, form: { _csrf: csrfOf(cookies) } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('App not connected');
    const [memberKey] = await db.dataSource.query<{ id: string }[]>(`SELECT id FROM api_keys WHERE user_id = $1 LIMIT 1`, [member.user.id]);
    const foreign = await request(`/account/api-keys/${memberKey?.id}/revoke`, { cookies, form: { _csrf: csrfOf(cookies) } });
    expect(foreign.status).toBe(404);
    expect(await db.dataSource.query(`SELECT revoked_at FROM api_keys WHERE id = $1`, [memberKey?.id])).toEqual([{ revoked_at: null }]);
  });

  it('answers 404 on developer pages for an id that is not of the workspace, and for a client of another workspace', async () => {
    const cookies = [await sessionOf(admin)];
    const CSRF = csrfOf(cookies);
    for (const res of [
      await request('/developer/webhooks/wh_00000000000000000000000000', { cookies }),
      await request('/developer/webhooks/wh_00000000000000000000000000/enable', { cookies, form: { workspace_id: admin.workspace.id, _csrf: CSRF } }),
      await request('/developer/clients/cl_unknown', { cookies }),
    ]) {
      expect(res.status).toBe(404);
      const page = await res.text();
      expect(page).toContain('It does not exist in this workspace, or it was already removed.');
      expect(page).toContain(admin.user.email);
    }
  });

  it('refuses the sign-in form without its CSRF token (403, no user)', async () => {
    const res = await request('/sign-in', { form: { email: admin.user.email, password: 'admin password' } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Reload the page and try again.');
    expect(res.headers.get('set-cookie') ?? '').not.toContain('cs_session=');
  });

  it('says an unknown interaction has expired before looking at its CSRF token', async () => {
    const res = await request('/interaction/unknown-uid/consent', { form: { action: 'approve' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in has expired');
  });
});
