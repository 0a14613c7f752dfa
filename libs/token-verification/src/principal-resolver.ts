import { invalidToken, type Principal } from '@cs/domain';
import { type ApiKeyResolver, looksLikeApiKey } from './api-key.resolver';

/** Verifies a bearer credential of some other kind (OAuth access tokens, next). */
export interface BearerVerifier {
  verify(token: string): Promise<Principal>;
}

/** Dispatches a bearer credential to the verifier of its kind: `sk_…` API keys, else access tokens. */
export class PrincipalResolver {
  constructor(
    private readonly apiKeys: ApiKeyResolver,
    private readonly accessTokens: BearerVerifier | null = null,
  ) {}

  resolve(token: string): Promise<Principal> {
    if (looksLikeApiKey(token)) return this.apiKeys.resolve(token);
    if (this.accessTokens) return this.accessTokens.verify(token);
    return Promise.reject(invalidToken('The bearer token is not a valid API key.'));
  }
}
