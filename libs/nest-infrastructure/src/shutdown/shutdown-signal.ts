const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

export type ShutdownSignal = (typeof SIGNALS)[number];

/**
 * Runs `stop` on the first SIGTERM or SIGINT, then ends the process with that signal's default action, as Nest's
 * own shutdown hooks end it. A second signal while `stop` runs gets the default action at once.
 */
export function onShutdownSignal(stop: (signal: ShutdownSignal) => Promise<void>): void {
  const handle = (signal: ShutdownSignal) => {
    for (const s of SIGNALS) process.removeAllListeners(s);
    void stop(signal).then(() => process.kill(process.pid, signal));
  };
  for (const signal of SIGNALS) process.once(signal, () => handle(signal));
}
