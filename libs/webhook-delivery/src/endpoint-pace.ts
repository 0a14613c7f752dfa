import type { Redis } from 'ioredis';

// One round trip, atomic, on Redis's clock (replicas' clocks may differ): the endpoint's next free send time
// moves on by one interval per attempt, and the answer is how long this attempt waits for its turn.
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
local at = math.max(now, free)
redis.call('SET', KEYS[1], tostring(at + interval), 'PX', math.ceil(at + interval - now) + 1000)
return at - now`;

/**
 * An endpoint's `rate_limit_per_second`, kept across every worker replica: each attempt reserves the next free
 * send time in Redis (one every 1/rate seconds, a virtual clock as in GCRA, without bursts) and waits for it.
 * Reserving rather than asking "may I now?" means a backlog of thousands is spread once over the time it needs,
 * each attempt fetched twice at most, and no attempt is ever dropped or starved.
 */
export class EndpointPace {
  constructor(
    private readonly redis: Redis,
    /** QUEUE_PREFIX, so test runs sharing a Redis do not share paces. */
    private readonly prefix: string,
  ) {}

  /** Milliseconds this attempt must wait for its turn (0: send now). */
  async reserve(webhookId: string, perSecond: number): Promise<number> {
    const key = `${this.prefix}:webhook-pace:${webhookId}`;
    return Number(await this.redis.eval(RESERVE, 1, key, String(1000 / perSecond)));
  }
}
