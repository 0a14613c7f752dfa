import { addMembership } from '@cs/accounts';
import { hashPassword, type Role } from '@cs/domain';
import { enableOAuthApps, registerClient } from '@cs/oauth';
import type { Member } from '../fixtures';
import { freePorts } from './test-app';
import { ready } from '../hook-value';
import { TestStack } from './test-stack';

/** A workspace as the fixtures return it; e2e code names it with this type only. */
export type TestWorkspace = Member['workspace'];

/** One password for every person (hashed once: scrypt is slow on purpose); the emails tell people apart. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** A person with a password, as a browser or a headless user signs in. */
export interface Person extends Member {
  email: string;
  password: string;
}

/** An OAuth client as its developer knows it after registration. */
export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUri: string;
  scopes: string[];
}

export interface ClientOptions {
  name?: string;
  scopes?: string[];
  redirectUris?: string[];
}

export interface OAuthStackDefaults {
  /** Starts the email of every person this stack makes, unless the call names another prefix. */
  emailPrefix: string;
  clientName: string;
}

const runId = `${process.pid}${Date.now().toString(36)}`;
let people = 0;
let passwordHash: Promise<string> | undefined;

/**
 * The stacks around the authorization server (auth-e2e, mcp-e2e): auth, api and mcp ports chosen up front, so each
 * app knows the others' public URLs on `localhost` as in a deployment (and a browser sees one cookie origin);
 * workspaces with OAuth apps enabled, people with passwords, and clients registered the way developer settings
 * (and the CLI's oauth-client:create) do it. A subclass starts the apps in its own beforeAll.
 */
export abstract class OAuthStack extends TestStack {
  private ports: { auth: number; api: number; mcp: number } | undefined;

  constructor(private readonly defaults: OAuthStackDefaults) {
    super('localhost');
    beforeAll(async () => {
      const [auth, api, mcp] = (await freePorts(3)) as [number, number, number];
      this.ports = { auth, api, mcp };
    });
  }

  /** Where the clients registered without redirect URIs of their own are sent back to. */
  protected abstract defaultRedirectUri(): string;

  protected get port() {
    return ready(this.ports, 'The stack');
  }

  /** PUBLIC_AUTH_URL: the issuer. */
  get authUrl(): string {
    return `http://localhost:${this.port.auth}`;
  }

  /** PUBLIC_API_URL; the REST resource is `${apiUrl}/api/v1`. */
  get apiUrl(): string {
    return `http://localhost:${this.port.api}`;
  }

  get mcpOrigin(): string {
    return `http://localhost:${this.port.mcp}`;
  }

  /** PUBLIC_MCP_URL: the MCP endpoint and the resource (token audience). */
  get mcpUrl(): string {
    return `${this.mcpOrigin}/mcp`;
  }

  override env(): Record<string, string> {
    return { ...super.env(), PUBLIC_AUTH_URL: this.authUrl, PUBLIC_API_URL: this.apiUrl, PUBLIC_MCP_URL: this.mcpUrl };
  }

  /** A workspace with OAuth apps enabled. */
  async workspace(name?: string): Promise<TestWorkspace> {
    const workspace = await this.fixtures.workspace(name ? { name } : {});
    await enableOAuthApps(this.db.dataSource, workspace.id);
    return { ...workspace, oauthAppsEnabled: true };
  }

  /** A person with a password; the email is unique in this run (sign-in throttling is per email in the shared Redis). */
  async person(workspace: TestWorkspace, options: { role?: Role; emailPrefix?: string } = {}): Promise<Person> {
    const email = `${options.emailPrefix ?? this.defaults.emailPrefix}${++people}.${runId}@example.test`;
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const member = await this.fixtures.member(workspace, { role: options.role ?? 'member', email, passwordHash: await passwordHash });
    return { ...member, email, password: TEST_PASSWORD };
  }

  /** Adds an existing person to another workspace. */
  async join(person: Person, workspace: TestWorkspace, role: Role = 'member'): Promise<void> {
    await addMembership(this.db.dataSource, { workspaceId: workspace.id, userId: person.user.id, role });
  }

  /** Registers a client as developer settings does (`registerClient`). */
  async client(owner: Person, options: ClientOptions = {}): Promise<RegisteredClient> {
    const name = options.name ?? this.defaults.clientName;
    const scopes = options.scopes ?? ['conversations:read', 'folders:read', 'email'];
    const redirectUris = options.redirectUris ?? [this.defaultRedirectUri()];
    const { clientId, clientSecret } = await registerClient(
      this.db.dataSource,
      { workspaceId: owner.workspace.id, userId: owner.user.id },
      { name, logoUri: null, redirectUris, scopes },
    );
    return { clientId, clientSecret, name, redirectUri: redirectUris[0] ?? this.defaultRedirectUri(), scopes };
  }
}
