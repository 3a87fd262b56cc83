import { archiveProcessConfig } from '@regapi/archive';
import { billingProcessConfig } from '@regapi/billing';
import { env } from '@regapi/config';
import { consoleProcessConfig } from '@regapi/console';
import { migrateConfig } from '@regapi/db';
import { gatewayProcessConfig } from '@regapi/gateway';
import { originSessionProcessConfig } from '@regapi/origin-session';
import { simulatorConfig } from '@regapi/origin-simulator';
import { reconcilerProcessConfig } from '@regapi/reconciler';
import { webhooksProcessConfig } from '@regapi/webhooks';
import {
  configDrift,
  defaultOf,
  type K8sObject,
  OVERLAYS,
  type OverlayName,
  type ProcessConfigs,
  renderOverlay,
  unscrapedMetrics,
} from '../src/k8s';

const IMAGE = 'ghcr.io/regapi/regapi';

/** What each command of the image reads: the same values the processes' main.ts run. */
const PROCESSES: ProcessConfigs = {
  'services/gateway/dist/main.js': gatewayProcessConfig.shape,
  'services/origin-session/dist/main.js': originSessionProcessConfig.shape,
  'services/billing/dist/main.js': billingProcessConfig.shape,
  'services/reconciler/dist/main.js': reconcilerProcessConfig.shape,
  'services/archive/dist/main.js': archiveProcessConfig.shape,
  'services/console/dist/main.js': consoleProcessConfig.shape,
  'services/webhooks/dist/main.js': webhooksProcessConfig.shape,
  'libs/db/dist/migrate-cli.js': migrateConfig,
  'services/origin-simulator/dist/main.js': simulatorConfig,
};

describe.each(OVERLAYS.map((name) => [name]))('k8s/overlays/%s against the config readers', (name: OverlayName) => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay(name);
  });

  it('sets every variable each process requires, only variables it reads, with values it accepts, ports and probes where it listens', () => {
    expect(configDrift(objects, PROCESSES, IMAGE)).toEqual([]);
  });

  it('scrapes every metrics port as job regapi with a service label', () => {
    expect(unscrapedMetrics(objects, IMAGE, 'regapi')).toEqual([]);
  });
});

describe('the drift check', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay('local');
  });

  /** The local overlay with one container of `deployment` changed. */
  function withContainer(deployment: string, change: (container: Record<string, unknown>) => Record<string, unknown>) {
    return objects.map((object) => {
      if (object.kind !== 'Deployment' || object.metadata.name !== deployment) return object;
      const spec = structuredClone(object.spec) as { template: { spec: { containers: Record<string, unknown>[] } } };
      spec.template.spec.containers = spec.template.spec.containers.map(change);
      return { ...object, spec };
    });
  }
  const envOf = (container: Record<string, unknown>) => container.env as { name: string; value?: string }[];

  it('tells required variables and defaults fit for one machine from the readers', () => {
    expect(defaultOf(gatewayProcessConfig.shape, 'JWT_KEYS')).toEqual({ required: true });
    expect(defaultOf(gatewayProcessConfig.shape, 'DATABASE_URL')).toEqual({ required: false, loopback: true });
    expect(defaultOf(gatewayProcessConfig.shape, 'INTERNAL_HOST')).toEqual({ required: false, loopback: true });
    expect(defaultOf(gatewayProcessConfig.shape, 'TOKEN_CACHE_MS')).toEqual({ required: false, loopback: false });
    expect(defaultOf({ X: env.port(0) }, 'X')).toEqual({ required: false, loopback: false });
  });

  it('fails on a misspelt variable, which leaves the real one unset', () => {
    const drift = configDrift(
      withContainer('origin-session', (c) => ({
        ...c,
        env: envOf(c).map((e) => (e.name === 'ORIGIN_PASSWORD' ? { ...e, name: 'ORIGIN_PASSWROD' } : e)),
      })),
      PROCESSES,
      IMAGE,
    );
    expect(drift).toContain(
      'Deployment/origin-session container origin-session sets ORIGIN_PASSWROD, which its process does not read',
    );
    expect(drift).toContain(
      'Deployment/origin-session container origin-session does not set ORIGIN_PASSWORD, which its process requires',
    );
  });

  it('fails on a value the reader refuses, a listener left on the loopback and a probe on the wrong port', () => {
    const drift = configDrift(
      withContainer('billing', (c) => ({
        ...c,
        env: envOf(c)
          .filter((e) => e.name !== 'METRICS_HOST')
          .map((e) => (e.name === 'INTERNAL_PORT' ? { ...e, value: '9999' } : e))
          .concat([{ name: 'HTTP_MAX_CONNECTIONS', value: 'many' }]),
      })),
      PROCESSES,
      IMAGE,
    ).join('\n');
    expect(drift).toContain('does not set METRICS_HOST, whose default only fits one machine');
    expect(drift).toContain('HTTP_MAX_CONNECTIONS must be an integer');
    expect(drift).toContain('declares port internal 9080, but the process listens on 9999');
    expect(drift).toContain('livenessProbe is not on the internal port');
  });

  it('fails on a container command that is no process of the image', () => {
    const drift = configDrift(
      withContainer('reconciler', (c) => ({ ...c, command: ['node', 'services/reconciler/dist/mian.js'] })),
      PROCESSES,
      IMAGE,
    );
    expect(drift.join()).toContain('no known process');
  });

  it('fails when a metrics port is not scraped', () => {
    const withoutMonitor = objects.filter((object) => object.kind !== 'ServiceMonitor');
    expect(unscrapedMetrics(withoutMonitor, IMAGE, 'regapi')).toHaveLength(7);
  });
});
