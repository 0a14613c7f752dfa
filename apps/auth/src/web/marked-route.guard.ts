import { type CanActivate, type ExecutionContext, Inject } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { PageRequest } from './page-request';

/**
 * A page guard: each acts only on the routes its page decorator marked (the handler, or else its controller) and
 * lets every other route through; on a marked one it checks or loads what the mark asks, given the mark's value.
 */
export abstract class MarkedRouteGuard<Mark> implements CanActivate {
  @Inject(Reflector) private readonly reflector!: Reflector;

  protected constructor(private readonly mark: string | symbol) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const value = this.reflector.getAllAndOverride<Mark | undefined>(this.mark, [context.getHandler(), context.getClass()]);
    return value === undefined ? true : this.guard(context.switchToHttp().getRequest<PageRequest>(), value, context);
  }

  protected abstract guard(req: PageRequest, mark: Mark, context: ExecutionContext): boolean | Promise<boolean>;
}
