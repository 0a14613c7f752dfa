import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Principal } from '@cs/domain';
import { Strategy } from 'passport-http-bearer';
import { PrincipalResolver } from './principal-resolver';

export const BEARER_STRATEGY = 'bearer';

/** Passport strategy for `Authorization: Bearer …` (RFC 6750); what the token is decides how it is verified. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, BEARER_STRATEGY) {
  constructor(private readonly principals: PrincipalResolver) {
    super();
  }

  validate(token: string): Promise<Principal> {
    return this.principals.resolve(token);
  }
}
