import type { Server } from 'node:http';
import { type Clock, systemClock } from '@regapi/calendar';
import express, { type Express } from 'express';
import { controlRoutes } from './http/control-routes';
import { portalRoutes } from './http/portal-routes';
import { CertificateSigner } from './pdf/signer';
import { Sleeper } from './portal/latency';
import type { OrderCreatedListener } from './portal/order-book';
import { putOrderDocument } from './portal/order-documents';
import { readOrderFile, writeOrderFile } from './portal/order-file';
import { PortalState } from './portal/portal-state';
import { SimClock } from './portal/sim-clock';
import type { SessionTakenListener, SimContext } from './portal/sim-context';
import type { SimWorld } from './world/world';
import { worldFor } from './world/world-cache';

/** How long the simulator keeps an idle connection open: well past any client's own keep-alive. */
const SERVER_KEEP_ALIVE_MS = 65_000;

export interface OriginSimulatorOptions {
  /** Everything generated (catalog, tariffs, people, records, protocols, latencies) follows from it. Default 1. */
  readonly seed?: number;
  /** Multiplies every origin duration (contract 8 latencies, certificate terms). Default 1 (real time). */
  readonly timeScale?: number;
  /** Source of now; the control endpoint moves the simulator's clock forward from it. Default the system clock. */
  readonly clock?: Clock;
  /** The single account of the portal. Default `regapi` / `simulador`. */
  readonly username?: string;
  readonly password?: string;
  /**
   * Certificates issued exactly at the forecast the portal reports, and that forecast compressed by `timeScale` like
   * every other duration: the sandbox's origin, where a certificate must arrive in minutes (docs/decisions/0099).
   * Default false: the real portal's business-hours forecast, sometimes late.
   */
  readonly punctual?: boolean;
  /**
   * In-process observers only (fault tests): told of each order the moment the origin creates it, before the call
   * that placed it is answered — where a test kills the caller "during the call, the order already made".
   */
  readonly onOrderCreated?: OrderCreatedListener;
  /**
   * In-process session tests only: awaited once a call holds the account's session, before it does its work — where a
   * test holds a call open to meet it with another call or a login, instead of hoping its latency is still running.
   */
  readonly onSessionTaken?: SessionTakenListener;
  /**
   * A file that keeps the property orders taken and the count of protocol numbers given, read back at start: the
   * sandbox's simulator remembers its orders across a restart, as the registry does (issue 29 item 1). A reset
   * empties it. Default: none, every start is a fresh origin.
   */
  readonly ordersFile?: string;
}

export interface RunningSimulator {
  readonly url: string;
  readonly port: number;
}

export interface OriginSimulator {
  /** The express app (portal protocol + /control + /healthz), to mount or to listen on. */
  readonly app: Express;
  readonly world: SimWorld;
  readonly clock: SimClock;
  readonly credentials: { readonly username: string; readonly password: string };
  /** Listens; default port 8090 on 127.0.0.1 (0 picks a free port). */
  start(port?: number, host?: string): Promise<RunningSimulator>;
  /** Stops listening, cuts pending waits short and drops open connections. */
  stop(): Promise<void>;
  /** Same as `POST /control/reset`. */
  reset(): void;
}

export const DEFAULT_SIMULATOR_PORT = 8090;

/** An origin (ONR portal) simulator: deterministic from the seed, with latencies scaled by `timeScale` (issue 3). */
export function createOriginSimulator(options: OriginSimulatorOptions = {}): OriginSimulator {
  const seed = options.seed ?? 1;
  const timeScale = options.timeScale ?? 1;
  if (!Number.isInteger(seed)) throw new RangeError(`the seed is an integer, got ${seed}`);
  if (!Number.isFinite(timeScale) || timeScale <= 0) throw new RangeError(`timeScale must be > 0, got ${timeScale}`);
  const credentials = Object.freeze({
    username: options.username ?? 'regapi',
    password: options.password ?? 'simulador',
  });
  const clock = new SimClock(options.clock ?? systemClock);
  const sleeper = new Sleeper();
  const world = worldFor(seed);
  const signer = new CertificateSigner();
  const { ordersFile } = options;
  const newState = (): PortalState => {
    if (ordersFile === undefined) return new PortalState(seed, timeScale, options.onOrderCreated);
    // A call that started before a reset finishes on the state it started with: that state no longer writes the file.
    const created: PortalState = new PortalState(seed, timeScale, options.onOrderCreated, () => {
      if (created === state) writeOrderFile(ordersFile, created.orders);
    });
    return created;
  };
  let state = newState();
  if (ordersFile !== undefined) {
    const kept = readOrderFile(ordersFile, world);
    state.orders.restore(kept.orders, kept.issued);
    for (const order of kept.orders) putOrderDocument({ world, signer }, state.documents, order);
  }
  const sim: SimContext = {
    seed,
    timeScale,
    punctual: options.punctual ?? false,
    world,
    clock,
    sleeper,
    onSessionTaken: options.onSessionTaken,
    signer,
    credentials,
    state: () => state,
  };
  const reset = () => {
    state = newState();
    if (ordersFile !== undefined) writeOrderFile(ordersFile, state.orders);
    clock.reset();
  };

  const app = express();
  // Whatever NODE_ENV says: express's own last-resort page never carries a stack (issue 12 item 5).
  app.set('env', 'production');
  app.disable('x-powered-by');
  app.use(express.json({ limit: '64kb' }));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', seed, time_scale: timeScale });
  });
  app.use(portalRoutes(sim));
  app.use(controlRoutes(sim, { reset }));
  app.use((_req, res) => {
    res.status(404).json({ erro: 'RECURSO_INEXISTENTE', mensagem: 'Recurso inexistente.' });
  });
  // Malformed JSON and other request errors: the portal's own 400, not an HTML stack trace.
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status =
      typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
        ? error.status
        : 500;
    res
      .status(status)
      .json({ erro: status < 500 ? 'REQUISICAO_INVALIDA' : 'ERRO_INTERNO', mensagem: 'Requisição inválida.' });
  });

  let server: Server | undefined;
  return {
    app,
    world: sim.world,
    clock,
    credentials,
    reset,
    start(port = DEFAULT_SIMULATOR_PORT, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        // Express 5 calls back with the listen error too (EADDRINUSE): a start on a taken port fails, never resolves.
        const listening = app.listen(port, host, (error?: Error) => {
          if (error !== undefined) return reject(error);
          const address = listening.address();
          const bound = typeof address === 'object' && address !== null ? address.port : port;
          resolve({ url: `http://${host}:${bound}`, port: bound });
        });
        // Idle connections outlive every client's keep-alive (undici's is 4 s): the client closes first, so a request
        // is never sent on a socket the server is closing (a loaded machine turned that race into ECONNRESET).
        listening.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
        listening.headersTimeout = SERVER_KEEP_ALIVE_MS + 1_000;
        listening.once('error', reject);
        server = listening;
      });
    },
    async stop() {
      sleeper.wakeAll();
      const current = server;
      server = undefined;
      if (!current) return;
      await new Promise<void>((resolve) => {
        current.close(() => resolve());
        current.closeAllConnections();
      });
    },
  };
}
