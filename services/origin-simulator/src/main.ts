import { configOrExit, loadConfig } from '@regapi/config';
import { createOriginSimulator } from './simulator';
import { simulatorConfig } from './simulator-config';

/** The simulator as its own process (distributed mode; `pnpm --filter @regapi/origin-simulator start`). */
async function main(): Promise<void> {
  const config = configOrExit(() => loadConfig(simulatorConfig));
  const simulator = createOriginSimulator({
    seed: config.SIM_SEED,
    timeScale: config.SIM_TIME_SCALE,
    punctual: config.SIM_PUNCTUAL,
    username: config.SIM_USERNAME,
    password: config.SIM_PASSWORD,
    ...(config.SIM_ORDERS_FILE === undefined ? {} : { ordersFile: config.SIM_ORDERS_FILE }),
  });
  const running = await simulator.start(config.SIM_PORT, config.SIM_HOST);
  console.log(
    JSON.stringify({ msg: 'origin simulator listening', url: running.url, offices: simulator.world.offices.length }),
  );
  const shutdown = () => {
    simulator.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
