import { spawnCaptured, waitFor } from '@regapi/testkit';

// A runner spawned `detached` is killed with everything it started: a failed file's SIGKILL must not leave its
// services running as orphans under the rest of the suite.

/** A node process that starts a long-lived grandchild and prints its pid. */
const PARENT = `
const { spawn } = require('node:child_process');
const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
console.log('grandchild ' + grandchild.pid);
setInterval(() => {}, 1000);
`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('SIGKILL to a detached process kills its whole group; to an attached one, only itself', async () => {
  const grouped = spawnCaptured(process.execPath, ['-e', PARENT], { detached: true });
  const attached = spawnCaptured(process.execPath, ['-e', PARENT]);
  const groupedChild = Number((await grouped.waitForOutput(/grandchild (\d+)/))[1]);
  const attachedChild = Number((await attached.waitForOutput(/grandchild (\d+)/))[1]);
  try {
    await grouped.stop('SIGKILL');
    await attached.stop('SIGKILL');
    await waitFor(() => !alive(groupedChild), { what: 'the grouped grandchild gone' });
    // The attached one's grandchild outlives it: what the group kill exists to prevent.
    expect(alive(attachedChild)).toBe(true);
  } finally {
    if (alive(attachedChild)) process.kill(attachedChild, 'SIGKILL');
  }
});
