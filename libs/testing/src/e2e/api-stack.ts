import { ApiClient } from '@cs/api-client';
import { type KeyHolder, keyHolder } from './key-holder';
import type { TestWorkspace } from './oauth-stack';
import { freePorts } from './test-app';
import { TestStack } from './test-stack';

/** A member with an API key and a REST client that speaks with it. */
export interface Writer extends KeyHolder {
  client: ApiClient;
}

/**
 * The stacks whose tests write through the REST API of the built api (processor-e2e, webhook-worker-e2e): the api
 * on a free port of 127.0.0.1, started by the subclass's beforeAll through startApi.
 */
export class ApiStack extends TestStack {
  private url = '';

  get apiUrl(): string {
    return this.url;
  }

  /** Starts the api with PUBLIC_API_URL its own address (env on top of the stack's). */
  protected async startApi(env: Record<string, string>): Promise<void> {
    const [port] = (await freePorts(1)) as [number];
    this.url = `http://127.0.0.1:${port}`;
    await this.start('api', { port, env: { ...this.env(), PUBLIC_API_URL: this.url, ...env } });
  }

  /** A new member (of a new workspace unless one is given) with an API key. */
  async writer(workspace?: TestWorkspace): Promise<Writer> {
    const writer = await keyHolder(this.fixtures, workspace);
    return { ...writer, client: new ApiClient({ baseUrl: this.apiUrl, token: writer.key }) };
  }
}
