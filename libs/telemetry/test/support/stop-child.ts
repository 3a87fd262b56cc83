import type { Spawned } from '@regapi/testkit';

/**
 * SIGTERM, then SIGKILL after `graceMs`: a fixture whose shutdown hangs must fail the test, not keep jest waiting.
 * Resolves with how the process exited.
 */
export async function stopChild(process: Spawned, graceMs = 10_000): Promise<number | string> {
  const kill = setTimeout(() => process.child.kill('SIGKILL'), graceMs);
  try {
    return (await process.stop('SIGTERM')).exit;
  } finally {
    clearTimeout(kill);
  }
}
