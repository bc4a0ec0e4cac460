/**
 * CPU time (user + system) of this process, for the few tests whose point is a bound ("fails fast", "no
 * hang"). Unlike wall-clock time it does not grow when other processes share the cores.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs `work` and returns its result with the CPU milliseconds this process spent meanwhile. */
export async function measureCpu<T>(work: () => T | Promise<T>): Promise<{ value: T; cpuMs: number }> {
  const started = cpuMs();
  const value = await work();
  return { value, cpuMs: cpuMs() - started };
}
