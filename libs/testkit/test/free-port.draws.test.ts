import { createServer } from 'node:net';
import { freePort, freePortRange } from '../src';

// Ports handed to the processes a test starts (decision 0119): below the ephemeral range, never the same twice in a
// row of calls (a port handed out is listened on only later), and each one free when handed out.

test('ports are drawn below the ephemeral range and never handed out twice in a row of calls', async () => {
  const ports: number[] = [];
  for (let index = 0; index < 300; index++) ports.push(await freePort());
  expect(new Set(ports).size).toBe(ports.length);
  expect(ports.every((port) => port >= 20_000 && port < 32_768)).toBe(true);
});

test('a range is consecutive free ports, and a port already listened on is never handed out', async () => {
  const base = await freePortRange(3);
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(base + 3, '127.0.0.1', resolve));
  try {
    // The next draw would start at the busy port: the range skips it.
    const next = await freePortRange(3);
    expect([next, next + 1, next + 2]).not.toContain(base + 3);
    expect(next).not.toBe(base);
  } finally {
    await new Promise((resolve) => busy.close(resolve));
  }
});
