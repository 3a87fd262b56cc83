import { Router } from 'express';
import { sendEnvelope } from './send-envelope';

/** A named readiness probe: its DB answers, its broker is connected, its bucket exists. */
export type ReadinessCheck = () => Promise<boolean> | boolean;

async function runCheck(check: ReadinessCheck): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}

/**
 * `/healthz`: the process is alive (no dependency checked, so a slow database never gets a live process killed).
 * `/readyz`: every check passes, else 503 with the failing ones named. `reported` checks are named in the answer
 * with the others but never make it 503: a public process stays in its Service while a shared dependency is down and
 * answers its own 503 envelope, instead of every replica leaving at once (docs/decisions/0125).
 */
export function healthRouter(
  service: string,
  checks: Readonly<Record<string, ReadinessCheck>>,
  reported: Readonly<Record<string, ReadinessCheck>> = {},
): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    sendEnvelope(res, 200, { code: 200, codeMessage: 'alive', data: [{ service, status: 'alive' }] });
  });
  router.get('/readyz', async (_req, res) => {
    const all = { ...reported, ...checks };
    const names = Object.keys(all);
    const results = await Promise.all(names.map((name) => runCheck(all[name] ?? (() => false))));
    const status = Object.fromEntries(names.map((name, i) => [name, results[i] === true ? 'ok' : 'down']));
    const ready = names.every((name, i) => results[i] === true || !(name in checks));
    sendEnvelope(res, ready ? 200 : 503, {
      code: ready ? 200 : 503,
      codeMessage: ready ? 'ready' : 'not ready',
      data: [{ service, status: ready ? 'ready' : 'not_ready', checks: status }],
    });
  });
  return router;
}
