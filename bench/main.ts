// `pnpm bench <name>`: measurements of this machine, not tests. Each prints its figures and exits 0 whatever they
// are; a bench that could not measure (setup failed, requests failed) exits 1.
import { runFailoverSoak } from './failover/failover-soak';
import { runGatewayBench } from './gateway/gateway-bench';
import { runMonitoringBench } from './monitoring/monitoring-bench';
import { runOriginBench } from './origin/origin-bench';
import { runPipelineBench } from './pipeline/pipeline-bench';
import { runRestoreBench } from './restore/restore-bench';
import { runScrapeBench } from './scrape/scrape-bench';
import { runSnapshotBench } from './snapshot/snapshot-bench';
import { isUsageError } from './usage-error';

const BENCHES: Readonly<Record<string, (args: readonly string[]) => Promise<void>>> = {
  'failover-soak': runFailoverSoak,
  gateway: runGatewayBench,
  monitoring: runMonitoringBench,
  origin: runOriginBench,
  pipeline: runPipelineBench,
  restore: runRestoreBench,
  scrape: runScrapeBench,
  snapshot: runSnapshotBench,
};

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const bench = name === undefined ? undefined : BENCHES[name];
  if (bench === undefined) {
    process.stderr.write(`usage: pnpm bench <${Object.keys(BENCHES).join('|')}> [options]\n`);
    process.exit(2);
  }
  await bench(args);
  // A bench that closed what it opened still may leave a pool's idle timer or a socket in its last close: the figures
  // are printed, the run is over.
  process.exit(0);
}

main().catch((error: unknown) => {
  if (isUsageError(error) && error instanceof Error) {
    process.stderr.write(`bench: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
