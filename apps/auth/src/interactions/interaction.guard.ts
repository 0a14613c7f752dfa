import { createParamDecorator, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { MarkedRouteGuard } from '../web/marked-route.guard';
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
export class InteractionGuard extends MarkedRouteGuard<true> {
  constructor(@Inject(PROVIDER_HOLDER) private readonly holder: ProviderHolder) {
    super(OAUTH_INTERACTION);
  }

  protected async guard(req: InteractionRequest, _mark: true, context: ExecutionContext): Promise<boolean> {
    req.interaction = await this.holder.current.interactionDetails(req, context.switchToHttp().getResponse<Response>());
    return true;
  }
}
