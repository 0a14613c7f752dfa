/** Thrown by a per-file hook's accessor used before its beforeAll ran, so the message names what is missing. */
export function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not ready: the stack's beforeAll has not run or failed`);
  return value;
}
