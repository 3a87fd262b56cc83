#!/usr/bin/env node
// Times N create+delete cycles of a test vhost (libs/testkit's createTestVhost) and counts the CPU they cost: this
// process, the child processes it ran (rabbitmqctl's Erlang VMs) and the broker. Not part of the suite.
//   node bench/test-vhost-cycles.mjs [path to a built test-vhost.js] [cycles]
// Default module: this checkout's libs/testkit/dist/test-vhost.js (run `pnpm build` first); cycles: 20.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const modulePath = path.resolve(
  process.argv[2] ?? path.join(import.meta.dirname, '../libs/testkit/dist/test-vhost.js'),
);
const cycles = Number(process.argv[3] ?? 20);
const { createTestVhost } = await import(pathToFileURL(modulePath).href);

const ticks = 100; // USER_HZ on Linux
/** utime+stime (and cutime+cstime of reaped children when `children`) of a process, in seconds. */
function cpuOf(pid, children = false) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[11..14]: utime stime cutime cstime (stat fields 14–17)
  const own = Number(fields[11]) + Number(fields[12]);
  return (children ? Number(fields[13]) + Number(fields[14]) : own) / ticks;
}
const brokerPid = (() => {
  try {
    return readFileSync('/var/lib/rabbitmq/mnesia/rabbit@localhost.pid', 'utf8').trim();
  } catch {
    return process.env.BROKER_PID;
  }
})();

const startWall = performance.now();
const start = { self: cpuOf('self'), children: cpuOf('self', true), broker: brokerPid ? cpuOf(brokerPid) : Number.NaN };
const each = [];
for (let cycle = 0; cycle < cycles; cycle++) {
  const at = performance.now();
  const vhost = await createTestVhost();
  await vhost.delete();
  each.push(performance.now() - at);
}
const wall = (performance.now() - startWall) / 1000;
const cpu = {
  self: cpuOf('self') - start.self,
  children: cpuOf('self', true) - start.children,
  broker: brokerPid ? cpuOf(brokerPid) - start.broker : Number.NaN,
};
each.sort((a, b) => a - b);
const ms = (value) => `${Math.round(value)} ms`;
console.log(`module: ${modulePath}`);
console.log(
  `${cycles} create+delete cycles: ${wall.toFixed(2)} s wall, per cycle median ${ms(each[Math.floor(cycles / 2)])}, max ${ms(each.at(-1))}`,
);
console.log(
  `CPU: this process ${cpu.self.toFixed(2)} s, child processes ${cpu.children.toFixed(2)} s, broker ${cpu.broker.toFixed(2)} s, total ${(cpu.self + cpu.children + cpu.broker).toFixed(2)} s (${((cpu.self + cpu.children + cpu.broker) / cycles).toFixed(3)} s a cycle)`,
);
