import { Controller, Get, Header, Inject } from '@nestjs/common';
import { OAUTH_ROUTES } from './oauth-routes';
import { PROVIDER_HOLDER, type ProviderHolder } from './provider-holder';

/**
 * The JWKS is served here rather than by oidc-provider, which knows only the key it signs with: retired
 * keys must stay published until the tokens they signed have expired.
 */
@Controller()
export class JwksController {
  constructor(@Inject(PROVIDER_HOLDER) private readonly holder: ProviderHolder) {}

  @Get(OAUTH_ROUTES.jwks)
  @Header('Content-Type', 'application/jwk-set+json')
  @Header('Cache-Control', 'public, max-age=300')
  jwks() {
    return { keys: this.holder.publishedKeys };
  }
}
