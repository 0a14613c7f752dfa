import { AccountViewInput, renderAccount } from './account.view';
import { type AccountApiKey, apiKeysSection } from './api-keys.section';
import { breakableUri } from './breakable-uri.partial';
import { COPY_SCRIPT, COPY_SCRIPT_CSP_SOURCE } from './copy-button.partial';
import { ClientFormViewInput, renderClientForm } from './client-form.view';
import { ConsentViewInput, SCOPE_DESCRIPTIONS, renderConsent } from './consent.view';
import { assistantConnectionsSection } from './assistant-connections.section';
import { renderConnectionPending } from './connection-pending.view';
import { DeveloperSettingsViewInput, renderDeveloperSettings } from './developer-settings.view';
import { renderError } from './error.view';
import { renderHome } from './home.view';
import { SignInViewInput, renderSignIn, throttleMessage } from './sign-in.view';

// Our markup always double-quotes attribute values and escapes `"`, `<` and `>` inside them, so a tag is
// exactly `<name attr="value" ...>` and this tokenizer sees the same elements a browser would.
interface Tag {
  name: string;
  attrs: Record<string, string>;
}
function tagsOf(doc: string): Tag[] {
  return [...doc.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => ({
    name: (m[1] ?? '').toLowerCase(),
    attrs: Object.fromEntries([...(m[2] ?? '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', a[2] ?? ''])),
  }));
}
/** The text of every <script> element. */
const scriptsOf = (doc: string): string[] => [...doc.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] ?? '');
const find = (doc: string, predicate: (tag: Tag) => boolean): Tag[] => tagsOf(doc).filter(predicate);
const inputsNamed = (doc: string, name: string): Tag[] => find(doc, (t) => ['input', 'textarea', 'button'].includes(t.name) && t.attrs['name'] === name);
const buttonWithAction = (doc: string, value: string): Tag | undefined =>
  find(doc, (t) => t.name === 'button' && t.attrs['name'] === 'action' && t.attrs['value'] === value)[0];
const formActions = (doc: string): string[] => find(doc, (t) => t.name === 'form').map((t) => t.attrs['action'] ?? '');

const CSRF = 'csrf-token-123';
const HOSTILE = `<script>alert(1)</script>"'><img src=x onerror=alert(1)>`;
const user = { email: 'ada@example.com' };
const at = new Date('2026-11-22T14:05:09Z');

const aSignIn = (o: Partial<SignInViewInput> = {}): SignInViewInput => ({ action: '/sign-in', csrfToken: CSRF, ...o });
const aConsent = (o: Partial<ConsentViewInput> = {}): ConsentViewInput => ({
  action: '/interaction/i1/consent', csrfToken: CSRF, user,
  client: { name: 'Notes Sync', logoUri: 'https://cdn.example.com/logo.png', clientId: 'ext_1' },
  scopes: [{ scope: 'email', description: SCOPE_DESCRIPTIONS['email'] ?? '' }],
  workspaces: [{ id: 'ws_1', name: 'Research' }], ...o,
});
const anAccount = (o: Partial<AccountViewInput> = {}): AccountViewInput => ({
  csrfToken: CSRF, user, ...o,
  apps: o.apps ?? [{ clientId: 'ext_1', clientName: 'Notes Sync', selfRegistered: false, logoUri: null, workspaceNames: ['Research', 'Sales'], scopes: ['conversations:read', 'email', 'offline_access'], connectedAt: at, lastUsedAt: null, connectionCount: 3 }],
});
const aDeveloperSettings = (o: Partial<DeveloperSettingsViewInput> = {}): DeveloperSettingsViewInput => ({
  csrfToken: CSRF, user, workspace: { id: 'ws_1', name: 'Research' },
  workspaces: [{ id: 'ws_1', name: 'Research', isAdmin: true }, { id: 'ws_2', name: 'Sales', isAdmin: false }],
  oauthEnabled: true,
  clients: [{ clientId: 'ext_1', name: 'Notes Sync', logoUri: null, redirectUris: ['https://notes.example.com/cb'], scopes: ['email'], createdAt: at, secretHint: 'cs_…a1b2', previousSecret: null }],
  ...o,
});
const KEYS: AccountApiKey[] = [
  { id: 'key_1', name: 'Import', hint: 'sk_…c3d4', createdAt: at, lastUsedAt: null, revokedAt: null, workspaceId: 'ws_1', workspaceName: 'Research' },
  { id: 'key_2', name: 'Old', hint: 'sk_…e5f6', createdAt: at, lastUsedAt: at, revokedAt: new Date('2026-12-01T09:30:00Z'), workspaceId: 'ws_2', workspaceName: 'Sales' },
];
const keysSection = (workspaces = [{ id: 'ws_1', name: 'Research' }, { id: 'ws_2', name: 'Sales' }]) => apiKeysSection({ csrfToken: CSRF, workspaces, apiKeys: KEYS });
const aClientForm = (o: Partial<ClientFormViewInput> = {}): ClientFormViewInput => ({
  mode: 'create', action: '/developer/clients', csrfToken: CSRF, user, workspace: { id: 'ws_1', name: 'Research' },
  values: { name: 'Notes Sync', logoUri: '', redirectUris: 'https://a.example/cb\nhttp://localhost:8080/cb', scopes: ['email'] },
  availableScopes: ['email', 'folders:read', 'conversations:read', 'offline_access'].map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] ?? '' })),
  ...o,
});

const aPending = () => ({ action: '/interaction/i1/consent', csrfToken: CSRF, client: { name: 'Claude', logoUri: null }, workspace: { id: 'ws_1', name: 'Research' } });
const assistantSection = (policy: 'on' | 'off' | 'ask_admin' = 'ask_admin') =>
  assistantConnectionsSection({
    csrfToken: CSRF,
    workspaceId: 'ws_1',
    policy,
    pending: [
      { clientId: 'https://assistant.example/client.json', clientName: 'Doc Assistant', clientKind: 'metadata_document', redirectUris: ['https://assistant.example/cb'], userId: 'usr_1', userEmail: 'ada@example.com', requestedAt: at },
      { clientId: 'ext_2', clientName: 'Registered Assistant', clientKind: 'dynamic', redirectUris: ['http://127.0.0.1:3000/cb'], userId: 'usr_2', userEmail: 'bob@example.com', requestedAt: at },
    ],
  });

const everyPage = (): [string, string][] => [
  ['sign-in', renderSignIn(aSignIn({ error: 'Wrong password', clientName: 'Notes Sync', email: 'a@b.c' }))],
  ['consent (one workspace)', renderConsent(aConsent())],
  ['consent (several workspaces)', renderConsent(aConsent({ workspaces: [{ id: 'ws_1', name: 'A' }, { id: 'ws_2', name: 'B' }], error: 'Pick one' }))],
  ['consent (unverified app)', renderConsent(aConsent({ unverified: { host: 'assistant.example', hostKind: 'metadata_document' } }))],
  ['connection waiting for an admin', renderConnectionPending(aPending())],
  ['developer settings (AI assistant requests)', renderDeveloperSettings(aDeveloperSettings(), [assistantSection().toString()])],
  ['account', renderAccount(anAccount({ flash: { kind: 'success', message: 'Revoked.' }, sections: [keysSection()] }))],
  ['account (empty)', renderAccount(anAccount({ apps: [] }))],
  ['developer settings', renderDeveloperSettings(aDeveloperSettings({ revealed: { label: 'API key', value: 'sk_x' } }))],
  ['developer settings (OAuth disabled)', renderDeveloperSettings(aDeveloperSettings({ oauthEnabled: false }))],
  ['client form', renderClientForm(aClientForm({ errors: { name: 'Required', scopes: 'Pick one' } }))],
  ['client form (edit)', renderClientForm(aClientForm({ mode: 'edit', clientId: 'ext_1', action: '/developer/clients/ext_1' }))],
  ['error', renderError({ status: 400, title: 'This redirect URI is not registered for the app', message: 'Stopped.', user })],
  ['home (signed out)', renderHome({ user: null })],
  ['home (signed in)', renderHome({ user, csrfToken: CSRF })],
];

describe.each(everyPage())('%s page', (_name, doc) => {
  it('is a complete, accessible document', () => {
    expect(doc.startsWith('<!doctype html>')).toBe(true);
    expect(doc).toContain('<html lang="en">');
    expect(doc).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(doc).toMatch(/<title>[^<]+ · Conversation Service<\/title>/);
    expect(find(doc, (t) => t.name === 'main')).toHaveLength(1);
    expect(find(doc, (t) => t.name === 'h1')).toHaveLength(1);
    expect(doc.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('runs no script but the Copy buttons\' one; no event handler attributes, no javascript: URLs; a style attribute only for a logo', () => {
    const tags = tagsOf(doc);
    expect(scriptsOf(doc).filter((script) => script !== COPY_SCRIPT)).toEqual([]);
    expect(tags.flatMap((t) => Object.keys(t.attrs)).filter((a) => /^on/i.test(a))).toEqual([]);
    // The one style attribute: a client logo as a CSS background over its letter (client-logo.partial.ts).
    const styled = tags.filter((t) => 'style' in t.attrs);
    for (const tag of styled) expect([tag.name, tag.attrs['class'], tag.attrs['style']]).toEqual(['span', 'logo-image', expect.stringMatching(/^background-image: url\(&quot;[^"'()\\\s<>]*&quot;\)$/)]);
    expect(doc).not.toMatch(/javascript:/i);
  });

  it('labels every visible control with <label for>', () => {
    const labelled = new Set(find(doc, (t) => t.name === 'label').map((t) => t.attrs['for']));
    const controls = find(doc, (t) => (t.name === 'input' && t.attrs['type'] !== 'hidden') || t.name === 'textarea' || t.name === 'select');
    for (const control of controls) expect(labelled.has(control.attrs['id'])).toBe(true);
  });

  it('posts every form with the CSRF token', () => {
    const forms = [...doc.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]);
    expect(forms.length).toBe(find(doc, (t) => t.name === 'form').length);
    for (const form of forms) {
      expect(form).toMatch(/^<form [^>]*method="post"/);
      expect(form).toContain(`<input type="hidden" name="_csrf" value="${CSRF}">`);
    }
  });
});

describe('sign-in page', () => {
  it('has the email and password inputs and the sign_in button automation relies on', () => {
    const doc = renderSignIn(aSignIn());
    expect(inputsNamed(doc, 'email')[0]?.attrs).toMatchObject({ type: 'email', autocomplete: 'username', id: 'email' });
    expect(inputsNamed(doc, 'password')[0]?.attrs).toMatchObject({ type: 'password', autocomplete: 'current-password' });
    expect(buttonWithAction(doc, 'sign_in')).toBeDefined();
    expect(formActions(doc)).toEqual(['/sign-in']);
  });

  it('names the client, keeps the email and shows the error', () => {
    const doc = renderSignIn(aSignIn({ clientName: 'Notes Sync', email: 'ada@example.com', error: 'Email or password is wrong.' }));
    expect(doc).toContain('to continue to <strong>Notes Sync</strong>');
    expect(inputsNamed(doc, 'email')[0]?.attrs['value']).toBe('ada@example.com');
    expect(doc).toMatch(/role="alert"[^>]*>[\s\S]*Email or password is wrong\./);
    expect(inputsNamed(doc, 'password')[0]?.attrs['aria-invalid']).toBe('true');
  });

  it('says how long to wait when attempts are throttled, in whole minutes rounded up', () => {
    expect(renderSignIn(aSignIn({ throttledSeconds: 898 }))).toContain('Too many attempts; try again in 15 minutes.');
    expect(throttleMessage(1)).toBe('Too many attempts; try again in a minute.');
    expect(throttleMessage(59)).toBe('Too many attempts; try again in a minute.');
    expect(throttleMessage(60)).toBe('Too many attempts; try again in a minute.');
    expect(throttleMessage(61)).toBe('Too many attempts; try again in 2 minutes.');
    expect(throttleMessage(900)).toBe('Too many attempts; try again in 15 minutes.');
  });
});

describe('consent page', () => {
  it('names the client, shows its logo, each scope in plain words and both buttons', () => {
    const doc = renderConsent(aConsent({ scopes: ['email', 'conversations:read'].map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] ?? '' })) }));
    expect(doc).toContain('Notes Sync wants to access your Conversation Service account');
    expect(doc).toContain('<span class="logo-image" style="background-image: url(&quot;https://cdn.example.com/logo.png&quot;)"></span>');
    expect(doc).toContain('<span>See your email address</span>');
    expect(doc).toContain('<span>Read your meetings and conversations, including transcripts and summaries</span>');
    expect(doc).toContain('ada@example.com');
    expect(buttonWithAction(doc, 'approve')?.attrs['class']).toBe('primary');
    expect(buttonWithAction(doc, 'deny')?.attrs['class']).toBe('secondary');
    expect(doc).toMatch(/value="approve" class="primary">Allow<\/button>/);
    expect(doc).toMatch(/value="deny" class="secondary">Cancel<\/button>/);
  });

  it('names the redirect host and the registering workspace, and offers "Not you? Switch account" as a form of its own', () => {
    const doc = renderConsent(
      aConsent({ client: { name: 'Notes Sync', logoUri: null, clientId: 'ext_1', workspaceName: 'Acme' }, redirectHost: 'notes.example.com', switchAccountAction: '/interaction/i1/switch-account' }),
    );
    const text = doc.replace(/<[^>]+>/g, '');
    expect(text).toContain('Registered by the Acme workspace');
    expect(text).toContain('After you choose, you will be sent to notes.example.com.');
    // After the consent form: scripts that post the first form of the page (docs/api.md "OAuth") still post consent.
    expect(formActions(doc)).toEqual(['/interaction/i1/consent', '/interaction/i1/switch-account']);
    expect(buttonWithAction(doc, 'switch_account')).toBeDefined();
    expect(text).toMatch(/Not you\?\s+Switch account/);
  });

  it('binds to the only workspace with a hidden input', () => {
    const inputs = inputsNamed(renderConsent(aConsent()), 'workspace_id');
    expect(inputs.map((t) => [t.attrs['type'], t.attrs['value']])).toEqual([['hidden', 'ws_1']]);
  });

  it('offers several workspaces as radios in a "Workspace" fieldset, the selected one checked', () => {
    const workspaces = [{ id: 'ws_1', name: 'A' }, { id: 'ws_2', name: 'B' }, { id: 'ws_3', name: 'C' }];
    const doc = renderConsent(aConsent({ workspaces, selectedWorkspaceId: 'ws_2' }));
    const radios = inputsNamed(doc, 'workspace_id');
    expect(radios.map((t) => t.attrs['type'])).toEqual(['radio', 'radio', 'radio']);
    expect(radios.filter((t) => 'checked' in t.attrs).map((t) => t.attrs['value'])).toEqual(['ws_2']);
    expect(doc).toMatch(/<fieldset[^>]*>\s*<legend>Workspace<\/legend>/);
    const first = inputsNamed(renderConsent(aConsent({ workspaces })), 'workspace_id').filter((t) => 'checked' in t.attrs);
    expect(first.map((t) => t.attrs['value'])).toEqual(['ws_1']);
  });

  it('shows a lettered placeholder when the client has no (usable) logo', () => {
    for (const logoUri of [null, 'javascript:alert(1)']) {
      const doc = renderConsent(aConsent({ client: { name: 'zeta', logoUri, clientId: 'ext_1' } }));
      expect(find(doc, (t) => t.name === 'img')).toEqual([]);
      expect(doc).toContain('<span class="logo logo-placeholder logo-lg" aria-hidden="true"><span class="logo-letter">Z</span></span>');
    }
  });

  it('puts the logo over its letter, so a logo that fails to load leaves the letter, and keeps a logo URL inside its CSS string', () => {
    const doc = renderConsent(aConsent({ client: { name: 'zeta', logoUri: 'https://cdn.example.com/a"b)c\\d e.png', clientId: 'ext_1' } }));
    expect(find(doc, (t) => t.name === 'img')).toEqual([]);
    expect(doc).toContain('<span class="logo-letter">Z</span><span class="logo-image" style="background-image: url(&quot;https://cdn.example.com/a%22b%29c/d%20e.png&quot;)"></span>');
    const path = renderConsent(aConsent({ client: { name: 'zeta', logoUri: '/logo"); background: red; x:("', clientId: 'ext_1' } }));
    expect(path).toContain('url(&quot;/logo%22%29;%20background:%20red;%20x:%28%22&quot;)');
  });
});

describe('apps that registered themselves (AI assistants)', () => {
  it('says on the consent page that the app is unverified, its name self-declared, and where it is known from', () => {
    const byDocument = renderConsent(aConsent({ unverified: { host: 'assistant.example', hostKind: 'metadata_document' } })).replace(/<[^>]+>/g, '');
    expect(byDocument).toMatch(/Unverified app\.\s+“Notes Sync” is the name the app gave itself; nobody has\s+checked who made it\./);
    expect(byDocument).toContain('It describes itself in a document published on assistant.example.');
    expect(byDocument).toContain('Unverified · assistant.example');
    const registered = renderConsent(aConsent({ unverified: { host: '127.0.0.1:3000', hostKind: 'redirect_uri' } })).replace(/<[^>]+>/g, '');
    expect(registered).toContain('It registered itself and sends you back to 127.0.0.1:3000.');
    expect(renderConsent(aConsent())).not.toContain('Unverified');
  });

  it('marks such an app Unverified on the account page, and no app an admin registered', () => {
    const app = { clientId: 'https://assistant.example/client.json', clientName: 'Doc Assistant', logoUri: null, workspaceNames: ['Research'], scopes: ['conversations:read'], connectedAt: at, lastUsedAt: null, connectionCount: 1 };
    const text = (doc: string) => doc.replace(/<[^>]+>/g, '');
    expect(text(renderAccount(anAccount({ apps: [{ ...app, selfRegistered: true }] })))).toMatch(/Doc Assistant\s+Unverified/);
    expect(text(renderAccount(anAccount({ apps: [{ ...app, selfRegistered: false }] })))).not.toContain('Unverified');
  });

  it('offers "Check again" on the waiting page as a post of the same consent, for the same workspace', () => {
    const doc = renderConnectionPending(aPending());
    expect(formActions(doc)).toEqual(['/interaction/i1/consent']);
    expect(inputsNamed(doc, 'workspace_id').map((t) => t.attrs['value'])).toEqual(['ws_1']);
    expect(buttonWithAction(doc, 'approve')).toBeDefined();
    expect(doc.replace(/<[^>]+>/g, '')).toContain('Waiting for an admin of Research');
  });

  it('shows the workspace switch with the current setting checked, and each waiting request with its own decision form', () => {
    const doc = renderDeveloperSettings(aDeveloperSettings(), [assistantSection('ask_admin').toString()]);
    expect(inputsNamed(doc, 'policy').map((t) => [t.attrs['value'], 'checked' in t.attrs])).toEqual([['on', false], ['ask_admin', true], ['off', false]]);
    expect(formActions(doc).filter((a) => a.startsWith('/developer/assistant-connections'))).toEqual([
      '/developer/assistant-connections',
      '/developer/assistant-connections/requests',
      '/developer/assistant-connections/requests',
    ]);
    expect(inputsNamed(doc, 'client_id').map((t) => t.attrs['value'])).toEqual(['https://assistant.example/client.json', 'ext_2']);
    const text = doc.replace(/<[^>]+>/g, '');
    expect(text).toContain('Doc Assistant');
    expect(text).toContain('bob@example.com');
  });
});

describe('redirect URIs', () => {
  it('may wrap after their separators only, each piece escaped', () => {
    expect(breakableUri('https://a.example/cb?x=<b>').toString()).toBe('https:<wbr>/<wbr>/<wbr>a.<wbr>example/<wbr>cb?<wbr>x=<wbr>&lt;b&gt;');
    const doc = renderDeveloperSettings(aDeveloperSettings());
    expect(doc).toContain('<li>https:<wbr>/<wbr>/<wbr>notes.<wbr>example.<wbr>com/<wbr>cb</li>');
  });
});

describe('copy buttons (progressive enhancement)', () => {
  it('are hidden until the script shows them; the script is the one the CSP allows by hash', () => {
    const doc = renderDeveloperSettings(aDeveloperSettings({ revealed: { label: 'Client secret', value: 'cs_secret' } }));
    const copy = find(doc, (t) => t.name === 'button' && t.attrs['data-copy'] === 'revealed-value');
    expect(copy).toHaveLength(1);
    expect('hidden' in (copy[0]?.attrs ?? {})).toBe(true);
    expect(scriptsOf(doc)).toEqual([COPY_SCRIPT]);
    const { createHash } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    expect(COPY_SCRIPT_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(COPY_SCRIPT).digest('base64')}'`);
    expect(scriptsOf(renderDeveloperSettings(aDeveloperSettings()))).toEqual([]);
  });
});

describe('account page', () => {
  it('creates personal API keys in a workspace of the user, revokes through a confirm page, greys out revoked ones', () => {
    const doc = renderAccount(anAccount({ sections: [keysSection()] }));
    expect(inputsNamed(doc, 'name')[0]?.attrs['id']).toBe('api-key-name');
    expect(find(doc, (t) => t.name === 'option').map((t) => t.attrs['value'])).toEqual(['ws_1', 'ws_2']);
    expect(buttonWithAction(doc, 'create_api_key')).toBeDefined();
    expect(formActions(doc)).toEqual(['/sign-out', '/account/api-keys']);
    const revokes = find(doc, (t) => t.name === 'a' && (t.attrs['href'] ?? '').endsWith('/revoke') && (t.attrs['href'] ?? '').startsWith('/account/api-keys/'));
    expect(revokes.map((t) => t.attrs['href'])).toEqual(['/account/api-keys/key_1/revoke']);
    expect(doc).toMatch(/<tr role="row" class="is-revoked">[\s\S]*?Revoked <time datetime="2026-12-01T09:30:00.000Z">/);
    expect(doc).toContain('<td role="cell" data-label="Workspace">Sales</td>');
  });

  it('fixes the workspace of a new key when the user has only one', () => {
    const doc = apiKeysSection({ csrfToken: CSRF, workspaces: [{ id: 'ws_1', name: 'Research' }], apiKeys: [] }).toString();
    expect(find(doc, (t) => t.name === 'input' && t.attrs['name'] === 'workspace_id').map((t) => t.attrs['value'])).toEqual(['ws_1']);
    expect(find(doc, (t) => t.name === 'select')).toEqual([]);
  });

  it('lists each app once, its permissions in the consent screen\'s words, with one Revoke named for assistive technology', () => {
    const doc = renderAccount(anAccount());
    const revoke = find(doc, (t) => t.name === 'a' && t.attrs['href'] === '/account/apps/ext_1/revoke');
    expect(revoke).toHaveLength(1);
    expect(revoke[0]?.attrs).toMatchObject({ class: 'button danger', 'aria-label': 'Revoke access for Notes Sync' });
    expect(doc.match(/data-client-id=/g)).toHaveLength(1);
    for (const scope of ['conversations:read', 'email', 'offline_access']) expect(doc).toContain(`<li>${SCOPE_DESCRIPTIONS[scope]}</li>`);
    expect(doc).not.toContain('conversations:read');
    expect(doc).toContain('Research, Sales');
    // Nothing is revoked from this page in one click: the link leads to a confirm page.
    expect(formActions(doc)).toEqual(['/sign-out']);
    expect(doc).toContain('<time datetime="2026-11-22T14:05:09.000Z">');
    expect(doc).toContain('Never');
  });

  it('percent-encodes client ids in the revoke URL', () => {
    const doc = renderAccount(anAccount({ apps: [{ clientId: '../x?y', clientName: 'A', selfRegistered: false, logoUri: null, workspaceNames: ['W'], scopes: [], connectedAt: at, lastUsedAt: null, connectionCount: 1 }] }));
    expect(find(doc, (t) => t.name === 'a').map((t) => t.attrs['href'])).toContain('/account/apps/..%2Fx%3Fy/revoke');
  });

  it('has an empty state', () => {
    expect(renderAccount(anAccount({ apps: [] }))).toContain('No apps are connected to your account.');
  });
});

describe('developer settings page', () => {
  it('lists OAuth apps with edit, rotate-secret and delete links (to their confirm pages) and a register link', () => {
    const doc = renderDeveloperSettings(aDeveloperSettings());
    const hrefs = find(doc, (t) => t.name === 'a').map((t) => t.attrs['href']);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/developer/clients/ext_1?workspace=ws_1',
        '/developer/clients/new?workspace=ws_1',
        '/developer?workspace=ws_2',
        '/developer/clients/ext_1/rotate-secret?workspace=ws_1',
        '/developer/clients/ext_1/delete?workspace=ws_1',
      ]),
    );
    // Nothing destructive is one click away: the only form is the sign-out.
    expect(formActions(doc)).toEqual(['/sign-out']);
    expect(find(doc, (t) => t.name === 'a' && t.attrs['href'] === '/developer/clients/ext_1/delete?workspace=ws_1')[0]?.attrs['class']).toBe('button danger');
    expect(doc).toContain('cs_…a1b2');
  });

  it('shows a replaced client secret beside the current one with the moment it stops working', () => {
    const client = { ...aDeveloperSettings().clients[0]!, previousSecret: { hint: 'cs_…old1', expiresAt: new Date('2026-11-23T14:05:09Z') } };
    const doc = renderDeveloperSettings(aDeveloperSettings({ clients: [client] }));
    expect(doc).toContain('cs_…a1b2');
    expect(doc).toMatch(/cs_…old1<\/code> <span class="cell-note">Previous, works until <time datetime="2026-11-23T14:05:09.000Z">/);
  });

  it('explains that OAuth apps are not enabled, with no register link', () => {
    const doc = renderDeveloperSettings(aDeveloperSettings({ oauthEnabled: false }));
    expect(doc).toContain('OAuth apps are not enabled for this workspace. Ask the operator of the service to enable them.');
    expect(doc).not.toContain('/developer/clients/new');
  });

  it('points to the account page for API keys, which are personal', () => {
    const doc = renderDeveloperSettings(aDeveloperSettings());
    expect(buttonWithAction(doc, 'create_api_key')).toBeUndefined();
    expect(doc).toContain('Your personal API keys are on your <a href="/account">Account</a> page.');
  });

  it('shows a revealed secret once, prominently', () => {
    const doc = renderDeveloperSettings(aDeveloperSettings({ revealed: { label: 'Client secret', value: 'cs_secret' } }));
    expect(doc).toMatch(/<code class="secret-value"[^>]*>cs_secret<\/code>/);
    expect(doc).toContain('Copy it now. It will not be shown again.');
  });

  it('appends extra sections (webhooks) as given, after OAuth apps', () => {
    const doc = renderDeveloperSettings(aDeveloperSettings(), ['<section id="webhooks"><h2>Webhooks</h2></section>']);
    expect(doc.indexOf('<section id="webhooks">')).toBeGreaterThan(doc.indexOf('id="oauth-apps-title"'));
  });
});

describe('client form page', () => {
  it('has the fields, scope checkboxes without offline_access, help text and the save action', () => {
    const doc = renderClientForm(aClientForm());
    expect(inputsNamed(doc, 'name')[0]?.attrs['value']).toBe('Notes Sync');
    expect(inputsNamed(doc, 'logo_uri')[0]?.attrs['type']).toBe('url');
    expect(doc).toMatch(/<textarea [^>]*name="redirect_uris"[^>]*>\nhttps:\/\/a\.example\/cb\nhttp:\/\/localhost:8080\/cb<\/textarea>/);
    expect(doc).toContain('One per line. HTTPS, or http://localhost / http://127.0.0.1 on any port. Matched exactly.');
    const scopes = inputsNamed(doc, 'scopes');
    expect(scopes.map((t) => [t.attrs['value'], 'checked' in t.attrs])).toEqual([['email', true], ['folders:read', false], ['conversations:read', false]]);
    expect(doc).toContain('offline_access is added automatically');
    expect(inputsNamed(doc, 'workspace_id')[0]?.attrs).toMatchObject({ type: 'hidden', value: 'ws_1' });
    expect(buttonWithAction(doc, 'save_client')).toBeDefined();
    expect(find(doc, (t) => t.name === 'a' && t.attrs['href'] === '/developer?workspace=ws_1').length).toBeGreaterThan(0);
  });

  it('shows each error beside its field and in a summary linking to it', () => {
    const doc = renderClientForm(aClientForm({ errors: { name: 'Enter a name.', redirectUris: 'Use HTTPS.' } }));
    expect(inputsNamed(doc, 'name')[0]?.attrs).toMatchObject({ 'aria-invalid': 'true', 'aria-describedby': 'client-name-hint client-name-error' });
    expect(doc).toContain('<p class="field-error" id="client-name-error"><span class="visually-hidden">Error:</span>Enter a name.</p>');
    expect(doc).toContain('<a href="#client-name">Enter a name.</a>');
    expect(doc).toContain('<a href="#client-redirect-uris">Use HTTPS.</a>');
    expect(inputsNamed(doc, 'logo_uri')[0]?.attrs['aria-invalid']).toBeUndefined();
  });
});

describe('error and home pages', () => {
  it('explains the error with a link home and never redirects', () => {
    const doc = renderError({ status: 400, title: 'This redirect URI is not registered for the app', message: 'Ask the developer.' });
    expect(doc).toContain('<h1>This redirect URI is not registered for the app</h1>');
    expect(find(doc, (t) => t.name === 'a' && t.attrs['href'] === '/')).not.toEqual([]);
    expect(doc).not.toMatch(/http-equiv="refresh"/i);
  });

  it('links to sign-in when signed out; an admin to Account and Developer settings, a member to Account only', () => {
    const hrefs = (doc: string): (string | undefined)[] => find(doc, (t) => t.name === 'a').map((t) => t.attrs['href']);
    expect(hrefs(renderHome({ user: null }))).toContain('/sign-in');
    const admin = renderHome({ user: { ...user, administers: true }, csrfToken: CSRF });
    expect(hrefs(admin).filter((href) => href === '/developer')).toHaveLength(2); // the top bar and the home card
    expect(hrefs(admin)).toContain('/account');
    expect(formActions(admin)).toEqual(['/sign-out']);
    const member = renderHome({ user: { ...user, administers: false }, csrfToken: CSRF });
    expect(hrefs(member)).toContain('/account');
    expect(hrefs(member)).not.toContain('/developer');
    expect(member.replace(/<style>[\s\S]*<\/style>/, '')).not.toContain('Developer settings');
  });

  it('keeps the navigation and a sign-out on error pages shown to a signed-in user', () => {
    const doc = renderError({ status: 403, title: 'Developer settings are for workspace admins', message: 'Ask an admin.', user: { ...user, administers: false }, csrfToken: CSRF });
    expect(formActions(doc)).toEqual(['/sign-out']);
    expect(find(doc, (t) => t.name === 'a' && t.attrs['href'] === '/account')).toHaveLength(1);
  });
});

describe('hostile input', () => {
  const hostileDocs = (): string[] => {
    const h = HOSTILE;
    const scopes = [{ scope: h, description: h }];
    return [
      renderSignIn({ action: h, csrfToken: h, email: h, error: h, clientName: h }),
      renderConsent({ action: h, csrfToken: h, client: { name: h, logoUri: `https://x.example/${h}`, clientId: h }, user: { email: h }, scopes, workspaces: [{ id: h, name: h }, { id: 'b', name: h }], selectedWorkspaceId: h, error: h }),
      renderConsent({ action: h, csrfToken: h, client: { name: h, logoUri: h, clientId: h }, user: { email: h }, scopes, workspaces: [{ id: h, name: h }] }),
      renderAccount({ csrfToken: h, user: { email: h }, flash: { kind: 'error', message: h }, apps: [{ clientId: h, clientName: h, selfRegistered: true, logoUri: h, workspaceNames: [h], scopes: [h], connectedAt: at, lastUsedAt: at, connectionCount: 1 }],
        sections: [apiKeysSection({ csrfToken: h, workspaces: [{ id: h, name: h }, { id: 'b', name: h }], apiKeys: [{ id: h, name: h, hint: h, createdAt: at, lastUsedAt: null, revokedAt: null, workspaceId: h, workspaceName: h }, { id: h, name: h, hint: h, createdAt: at, lastUsedAt: null, revokedAt: at, workspaceId: h, workspaceName: h }] })] }),
      renderDeveloperSettings({
        csrfToken: h, user: { email: h }, workspace: { id: h, name: h }, workspaces: [{ id: h, name: h, isAdmin: false }, { id: 'b', name: h, isAdmin: true }], oauthEnabled: true,
        clients: [{ clientId: h, name: h, logoUri: `https://x.example/"${h}`, redirectUris: [h], scopes: [h], createdAt: at, secretHint: h, previousSecret: { hint: h, expiresAt: at } }],
        revealed: { label: h, value: h }, flash: { kind: 'info', message: h },
      }),
      renderClientForm({ mode: 'edit', action: h, csrfToken: h, user: { email: h }, workspace: { id: h, name: h }, values: { name: h, logoUri: h, redirectUris: `${h}</textarea>${h}`, scopes: [h] }, availableScopes: scopes, errors: { name: h, logoUri: h, redirectUris: h, scopes: h }, clientId: h }),
      renderError({ status: 400, title: h, message: h, user: { email: h } }),
      renderConsent({ action: h, csrfToken: h, client: { name: h, logoUri: null, clientId: h }, unverified: { host: h, hostKind: 'metadata_document' }, user: { email: h }, scopes, workspaces: [{ id: h, name: h }] }),
      renderConnectionPending({ action: h, csrfToken: h, client: { name: h, logoUri: h }, workspace: { id: h, name: h } }),
      renderDeveloperSettings({ csrfToken: h, user: { email: h }, workspace: { id: h, name: h }, workspaces: [], oauthEnabled: true, clients: [] }, [
        assistantConnectionsSection({ csrfToken: h, workspaceId: h, policy: 'on', pending: [{ clientId: h, clientName: h, clientKind: 'dynamic', redirectUris: [h], userId: h, userEmail: h, requestedAt: at }, { clientId: h, clientName: h, clientKind: 'metadata_document', redirectUris: [h], userId: h, userEmail: h, requestedAt: at }] }).toString(),
      ]),
      renderHome({ user: { email: h }, csrfToken: h }),
    ];
  };

  it.each(hostileDocs().map((doc, index) => [index, doc]))('renders inert everywhere (document %i)', (_index, doc) => {
    const tags = tagsOf(doc);
    expect(scriptsOf(doc).filter((script) => script !== COPY_SCRIPT)).toEqual([]);
    expect(tags.filter((t) => t.name === 'img' && t.attrs['src'] === 'x')).toEqual([]);
    expect(tags.flatMap((t) => Object.keys(t.attrs)).filter((a) => /^on/i.test(a))).toEqual([]);
    expect(doc).not.toContain(HOSTILE);
    expect(doc).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;');
    // The textarea cannot be closed early by its own value.
    expect((doc.match(/<\/textarea>/g) ?? []).length).toBe((doc.match(/<textarea\b/g) ?? []).length);
  });
});
