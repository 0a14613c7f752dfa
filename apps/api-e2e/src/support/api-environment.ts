import { ApiClient } from '@cs/api-client';
import type { Role } from '@cs/domain';
import { type KeyHolder, keyHolder, ready, TestStack, type TestWorkspace } from '@cs/testing';
import { type ApiProcess, startApi } from './api-process';
import { ContractValidator } from './contract-validator';

/** A user of a workspace with an API key and a client that speaks with it. */
export interface Actor extends KeyHolder {
  client: ApiClient;
}

/** A fresh workspace with an admin and a member: each test builds its own, so tests share no data. */
export interface World {
  workspace: TestWorkspace;
  admin: Actor;
  member: Actor;
}

interface ApiEnvironmentOptions {
  /** Extra environment of the api; a function is called in beforeAll (e.g. to reserve a port for a companion app). */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
}

/**
 * Per test file: a database of its own, the built api started against it, and the contract check of every
 * exchange (a violation fails the test that caused it).
 */
export class ApiEnvironment extends TestStack {
  private api: ApiProcess | undefined;
  private contract: ContractValidator | undefined;

  constructor(options: ApiEnvironmentOptions = {}) {
    super();
    beforeAll(async () => {
      const api = await startApi(this.db.url, typeof options.env === 'function' ? await options.env() : options.env);
      this.api = api;
      this.onStop(() => api.stop());
      this.contract = await ContractValidator.load(api.baseUrl);
    }, 120_000);
    afterEach(() => {
      const violations = this.contract?.take() ?? [];
      if (violations.length > 0) {
        throw new Error(`Responses that do not match the served OpenAPI document:\n${violations.join('\n')}\n\napi output:\n${this.api?.output().slice(-4000) ?? ''}`);
      }
    });
  }

  get baseUrl(): string {
    return ready(this.api, 'The api').baseUrl;
  }

  get validator(): ContractValidator {
    return ready(this.contract, 'The contract validator');
  }

  /** A client whose every exchange is checked against the served OpenAPI document. */
  client(token?: string): ApiClient {
    const check = this.validator;
    return new ApiClient({ baseUrl: this.baseUrl, token, onResponse: (exchange) => check.record(exchange) });
  }

  async actor(workspace: TestWorkspace, role: Role = 'member'): Promise<Actor> {
    const actor = await keyHolder(this.fixtures, workspace, role);
    return { ...actor, client: this.client(actor.key) };
  }

  async world(): Promise<World> {
    const workspace = await this.fixtures.workspace();
    return { workspace, admin: await this.actor(workspace, 'admin'), member: await this.actor(workspace, 'member') };
  }
}

export const useApiEnvironment = (options?: ApiEnvironmentOptions): ApiEnvironment => new ApiEnvironment(options);
