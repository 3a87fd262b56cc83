import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OriginSimulator, RunningSimulator } from '@regapi/origin-simulator';

/** DATA_DIR/sandbox-simulator-port: the port the sandbox's simulator took on its first start, reused after. */
export const SANDBOX_SIM_PORT_FILE = 'sandbox-simulator-port';
/**
 * DATA_DIR/sandbox-simulator-orders.json: the property orders the sandbox's simulator took, read back at start. The
 * same port is not enough: a simulator that forgot the certificate it accepted answers "order not found" to every
 * check of it, and the order stays EM_EMISSAO, debited (issue 29 item 1).
 */
export const SANDBOX_SIM_ORDERS_FILE = 'sandbox-simulator-orders.json';

/**
 * Starts the sandbox's simulator on a port stable across restarts: SANDBOX_SIM_PORT when set; otherwise the port of
 * DATA_DIR/sandbox-simulator-port, which the first start fills with the free port it was given. The sandbox's orders
 * keep the simulator's document addresses, so a simulator back on a new port left every accepted certificate
 * undeliverable (issue 29: "em processamento" forever). A remembered port taken by another program fails the start,
 * naming the file, rather than moving.
 */
export async function startSandboxSimulator(
  simulator: OriginSimulator,
  dataDir: string,
  configuredPort: number,
): Promise<RunningSimulator> {
  if (configuredPort !== 0) return simulator.start(configuredPort);
  const file = path.join(dataDir, SANDBOX_SIM_PORT_FILE);
  const remembered = rememberedPort(file);
  if (remembered !== undefined) {
    try {
      return await simulator.start(remembered);
    } catch (error) {
      throw new Error(
        `the sandbox simulator's port ${remembered} (${file}) is taken: free it, or set SANDBOX_SIM_PORT / delete the file to move it (orders in flight keep the old address)`,
        { cause: error },
      );
    }
  }
  const running = await simulator.start(0);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${running.port}\n`);
  return running;
}

function rememberedPort(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const port = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(port) && port > 0 && port <= 65_535 ? port : undefined;
}
