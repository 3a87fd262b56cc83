import os from 'node:os';
import { UsageError } from '../usage-error';
import { runHttpCostGrowth } from './http-cost';
import { driveStages, stageLines } from './stages';
import { type RunningSystem, startDistributed, startStandalone } from './systems';

const PARTS = ['standalone', 'distributed', 'cost'] as const;
const DEFAULT_PER_PRODUCT = 20;

function optionsFrom(args: readonly string[]): { parts: string[]; perProduct: number; pollGapMs: number } {
  const parts: string[] = [];
  let perProduct = DEFAULT_PER_PRODUCT;
  let pollGapMs = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--orders') {
      perProduct = Number(args[++i]);
      if (!Number.isInteger(perProduct) || perProduct < 1) throw new UsageError('--orders takes a whole number ≥ 1');
    } else if (arg === '--poll-gap-ms') {
      pollGapMs = Number(args[++i]);
      if (!Number.isInteger(pollGapMs) || pollGapMs < 0) throw new UsageError('--poll-gap-ms takes a whole number ≥ 0');
    } else if ((PARTS as readonly string[]).includes(arg)) parts.push(arg);
    else throw new UsageError(`unknown argument ${arg}: [${PARTS.join('|')}...] [--orders N] [--poll-gap-ms MS]`);
  }
  return { parts: parts.length === 0 ? [...PARTS] : parts, perProduct, pollGapMs };
}

async function stagesOf(start: () => Promise<RunningSystem>, perProduct: number, pollGapMs: number): Promise<void> {
  const system = await start();
  try {
    process.stdout.write(`${stageLines(await driveStages(system, perProduct, pollGapMs)).join('\n')}\n`);
  } finally {
    await system.close();
  }
}

/**
 * `pnpm bench pipeline [standalone|distributed|cost...] [--orders N] [--poll-gap-ms MS]` (issue 16): the whole system
 * as it is started (`pnpm start`, `pnpm start:distributed`; build first), the simulator answering instantly, on the
 * real clock — the stages' timestamps come from the gateway, origin-session, the archive and this process, so a driven
 * clock (as `pnpm bench origin` uses) cannot time them. Orders of each product go one at a time through the public
 * API; each stage is read from the timestamps the system records (orders.created_at, origin_order_attempt.started_at
 * and answered_at, orders.finished_at, order_document.stored_at) and from the first of back-to-back polls (or polls
 * MS apart) that shows the answer. Then acceptance and poll over HTTP with 1k, 10k and 100k orders queued.
 */
export async function runPipelineBench(args: readonly string[]): Promise<void> {
  const { parts, perProduct, pollGapMs } = optionsFrom(args);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  process.stdout.write(
    `date:       ${new Date().toISOString()}\n` +
      `machine:    ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}\n` +
      `load avg:   ${load} (1, 5, 15 min, before the run)\n` +
      "clocks:     one wall clock, this host's: each timestamp is read (Date, systemClock) by the service that " +
      'writes it; "visible" by this process\n',
  );
  for (const part of parts) {
    if (part === 'standalone') await stagesOf(startStandalone, perProduct, pollGapMs);
    else if (part === 'distributed') await stagesOf(startDistributed, perProduct, pollGapMs);
    else process.stdout.write(`${(await runHttpCostGrowth()).join('\n')}\n`);
  }
}
