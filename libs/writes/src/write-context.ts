import type { Principal } from '@cs/domain';

/** Who writes, for which request, at what instant: what every write command is given. */
export interface WriteContext {
  principal: Principal;
  requestId: string | null;
  now: Date;
}
