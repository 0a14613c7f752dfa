import { type ArgumentsHost, Catch, Injectable } from '@nestjs/common';
import { DomainError } from '@cs/domain';
import { HtmlErrorFilter } from '../web/html-error.filter';
import type { PageRequest } from '../web/page-request';
import { notInWorkspace } from './developer-answers';

/**
 * Developer pages: an id the libraries do not find in the page's workspace (DomainError not_found) is the 404
 * page; anything else is answered as on every page.
 */
@Catch()
@Injectable()
export class DeveloperPageFilter extends HtmlErrorFilter {
  override catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const ctx = host.switchToHttp().getRequest<PageRequest>().adminContext;
    const notFound = ctx && exception instanceof DomainError && exception.code === 'not_found';
    return super.catch(notFound ? notInWorkspace(ctx) : exception, host);
  }
}
