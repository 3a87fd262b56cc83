/**
 * Synchronous cleanups run when the test process exits without its afterAll having run (a hook timed out and
 * scripts/test.mjs's --forceExit ended jest): namespaces and the processes holding them must not outlive it.
 * SIGKILL leaves no chance; the next run's sweep covers that case.
 */
const cleanups = new Set<() => void>();
let installed = false;

/** Registers `cleanup`; the returned function unregisters it (call it once the normal teardown has run). */
export function onProcessExit(cleanup: () => void): () => void {
  if (!installed) {
    installed = true;
    process.once('exit', () => {
      for (const each of cleanups) {
        try {
          each();
        } catch {
          // One failed cleanup must not keep the others from running.
        }
      }
    });
  }
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
