import { createHttpOriginPortal, originPortalContract } from '@regapi/origin';
import { createOriginSimulator, createSimulatorControl } from '../src';

// The contract every OriginPortal driver must pass, run by the HTTP driver against the simulator (issue 3).
originPortalContract('HTTP driver against the origin simulator', async () => {
  const simulator = createOriginSimulator({ seed: 7, timeScale: 0.001 });
  const { url } = await simulator.start(0);
  const connect = () =>
    createHttpOriginPortal({
      baseUrl: url,
      username: simulator.credentials.username,
      password: simulator.credentials.password,
    });
  return { portal: connect(), control: createSimulatorControl(url), connect, close: () => simulator.stop() };
});
