import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { DomainError, insufficientScope, invalidToken, type Principal, type Scope } from '@cs/domain';
import { API_KEY_ONLY, PUBLIC_ROUTE, REQUIRED_SCOPE } from './auth.decorators';
import { BEARER_STRATEGY } from './bearer.strategy';

/** Missing credentials: RFC 6750 §3.1 says the challenge then carries no error code. */
export const credentialsMissing = (): DomainError => new DomainError('invalid_token', 'This request needs a bearer token (an API key or an OAuth access token).', { credentialsMissing: true });

/** Authenticates every route not marked @Public(), then enforces its @RequireScope(). */
@Injectable()
export class BearerAuthGuard extends AuthGuard(BEARER_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    await super.canActivate(context);
    const principal = context.switchToHttp().getRequest<{ user: Principal }>().user;
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets);
    if (scope && !principal.scopes.has(scope)) throw insufficientScope(scope);
    if (principal.via !== 'api_key' && this.reflector.getAllAndOverride<boolean>(API_KEY_ONLY, targets)) {
      throw new DomainError('api_key_required', 'Writes need an API key; OAuth access tokens are read-only.');
    }
    return true;
  }

  override handleRequest<T>(err: unknown, user: T | false, _info: unknown, context: ExecutionContext): T {
    if (err) throw err instanceof DomainError ? err : invalidToken('The bearer token could not be verified.');
    if (user) return user;
    const header = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers['authorization'];
    throw header === undefined ? credentialsMissing() : invalidToken('The Authorization header must be "Bearer <token>".');
  }
}
