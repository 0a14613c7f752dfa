export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Reads every 100 ms until `done` holds on the value or the timeout passes, and returns the last value read. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** pollUntil, failing with the last value when `done` never held. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const value = await pollUntil(read, done, timeoutMs);
  if (!done(value)) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
  return value;
}
