import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError } from '@cs/domain';
import type { Response } from 'express';

/** Seconds a refused export is told to wait: exports last minutes, so sooner would only be refused again. */
const RETRY_AFTER_SECONDS = 10;

/** The exports this replica streams at once, at most EXPORT_MAX_CONCURRENT (docs/api.md "Export"). */
export class ExportSlots {
  private running = 0;

  constructor(readonly max: number) {}

  take(): boolean {
    if (this.running >= this.max) return false;
    this.running++;
    return true;
  }

  release(): void {
    this.running--;
  }
}

/**
 * A slot for the export until its answer closes, ended or cut, or a 429 at once: a stream holds the replica's CPU and
 * bandwidth for minutes, so a few at a time keep the other routes answering.
 */
@Injectable()
export class ExportSlotGuard implements CanActivate {
  constructor(private readonly slots: ExportSlots) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.slots.take()) {
      throw new DomainError('rate_limited', `This replica is already streaming ${this.slots.max} exports; retry in ${RETRY_AFTER_SECONDS} s.`, {
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    }
    context.switchToHttp().getResponse<Response>().once('close', () => this.slots.release());
    return true;
  }
}
