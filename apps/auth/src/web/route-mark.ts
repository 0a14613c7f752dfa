import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/** What a page decorator marked the handler (or else its controller) with: how each page guard knows it applies. */
export const routeMark = <T>(reflector: Reflector, key: string | symbol, context: ExecutionContext): T | undefined =>
  reflector.getAllAndOverride<T | undefined>(key, [context.getHandler(), context.getClass()]);
