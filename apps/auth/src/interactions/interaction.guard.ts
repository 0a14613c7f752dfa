import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { routeMark } from '../web/route-mark';
import type { Request, Response } from 'express';
import { PROVIDER_HOLDER, type ProviderHolder } from '../oidc/provider-holder';

export type InteractionDetails = Awaited<ReturnType<ProviderHolder['current']['interactionDetails']>>;

const OAUTH_INTERACTION = 'cs:page:oauth-interaction';

interface InteractionRequest extends Request {
  interaction?: InteractionDetails;
}

/** The route is a step of an OAuth interaction (`/interaction/:uid…`): its details are loaded before anything else. */
export const OAuthInteraction = () => SetMetadata(OAUTH_INTERACTION, true);

/** The interaction's details, as @OAuthInteraction() routes load them. */
export const Interaction = createParamDecorator((_: unknown, ctx: ExecutionContext): InteractionDetails => {
  const details = ctx.switchToHttp().getRequest<InteractionRequest>().interaction;
  if (!details) throw new Error('@Interaction() needs @OAuthInteraction() on the route');
  return details;
});

/**
 * Loads the interaction of an @OAuthInteraction() route from oidc-provider's cookie. An unknown or expired one
 * throws SessionNotFound, which HtmlErrorFilter answers with "This sign-in has expired"; it runs before CsrfGuard,
 * so an expired interaction says so whatever its form carried.
 */
@Injectable()
export class InteractionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PROVIDER_HOLDER) private readonly holder: ProviderHolder,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!routeMark<boolean>(this.reflector, OAUTH_INTERACTION, context)) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<InteractionRequest>();
    req.interaction = await this.holder.current.interactionDetails(req, http.getResponse<Response>());
    return true;
  }
}
