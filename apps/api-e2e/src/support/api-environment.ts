import { ApiClient } from '@cs/api-client';
import type { Role } from '@cs/domain';
import type { ApiKeyEntity, WorkspaceEntity } from '@cs/persistence';
import { createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import { type ApiProcess, startApi } from './api-process';
import { ContractValidator } from './contract-validator';

/** A user of a workspace with an API key and a client that speaks with it. */
export interface Actor extends Member {
  key: string;
  keyRow: ApiKeyEntity;
  client: ApiClient;
}

/** A fresh workspace with an admin and a member: each test builds its own, so tests share no data. */
export interface World {
  workspace: WorkspaceEntity;
  admin: Actor;
  member: Actor;
}

export interface ApiEnvironment {
  readonly baseUrl: string;
  readonly db: TestDatabase;
  readonly fixtures: Fixtures;
  readonly validator: ContractValidator;
  /** A client whose every exchange is checked against the served OpenAPI document. */
  client(token?: string): ApiClient;
  actor(workspace: WorkspaceEntity, role?: Role): Promise<Actor>;
  world(): Promise<World>;
}

/**
 * Per test file: a database of its own, the built api started against it, and the contract check of every
 * exchange (a violation fails the test that caused it).
 */
export function useApiEnvironment(
  options: {
    /** Extra environment of the api; a function is called in beforeAll (e.g. to reserve a port for a companion app). */
    env?: Record<string, string> | (() => Promise<Record<string, string>>);
  } = {},
): ApiEnvironment {
  let db: TestDatabase | undefined;
  let api: ApiProcess | undefined;
  let validator: ContractValidator | undefined;
  let fixtures: Fixtures | undefined;

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: the environment's beforeAll has not run or failed`);
    return value;
  };

  const env: ApiEnvironment = {
    get baseUrl() {
      return ready(api, 'The api').baseUrl;
    },
    get db() {
      return ready(db, 'The database');
    },
    get fixtures() {
      return ready(fixtures, 'Fixtures');
    },
    get validator() {
      return ready(validator, 'The contract validator');
    },
    client(token?: string) {
      const check = ready(validator, 'The contract validator');
      return new ApiClient({ baseUrl: env.baseUrl, token, onResponse: (exchange) => check.record(exchange) });
    },
    async actor(workspace, role = 'member') {
      const member = await env.fixtures.member(workspace, { role });
      const { key, row } = await env.fixtures.apiKey(member);
      return { ...member, key, keyRow: row, client: env.client(key) };
    },
    async world() {
      const workspace = await env.fixtures.workspace();
      return { workspace, admin: await env.actor(workspace, 'admin'), member: await env.actor(workspace, 'member') };
    },
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    fixtures = new Fixtures(db.dataSource);
    api = await startApi(db.url, typeof options.env === 'function' ? await options.env() : options.env);
    validator = await ContractValidator.load(api.baseUrl);
  }, 120_000);

  afterEach(() => {
    const violations = validator?.take() ?? [];
    if (violations.length > 0) {
      throw new Error(`Responses that do not match the served OpenAPI document:\n${violations.join('\n')}\n\napi output:\n${api?.output().slice(-4000) ?? ''}`);
    }
  });

  afterAll(async () => {
    await api?.stop();
    await db?.drop();
  }, 60_000);

  return env;
}
