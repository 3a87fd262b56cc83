import { deadLetterDeliveryLimit } from '@regapi/bus';
import { renderOverlay } from '../src/k8s';

// Decision 0131: production and its sandbox run one exact RabbitMQ 4.x, the major libs/bus declares its dead-letter
// queues for (x-delivery-limit -1, so 4.x's default limit of 20 never drops a dead letter), and nothing in any
// overlay still asks for classic queue mirroring (removed in 4.0).

const PRODUCTION = ['production', 'production/sandbox'] as const;
const EVERY = ['local', 'local/sandbox', ...PRODUCTION] as const;

test('every RabbitmqCluster of production and its sandbox runs the same exact 4.x image', async () => {
  const images: string[] = [];
  for (const overlay of PRODUCTION) {
    for (const object of await renderOverlay(overlay)) {
      if (object.kind === 'RabbitmqCluster') images.push((object.spec as { image: string }).image);
    }
  }
  expect(images).toHaveLength(2);
  expect(new Set(images).size).toBe(1);
  // By tag and digest (decision 0133): the tag says the version.
  const version = /^rabbitmq:(\d+\.\d+\.\d+)-management@sha256:[0-9a-f]{64}$/.exec(images[0] ?? '')?.[1];
  expect(version).toBeDefined();
  expect(Number.parseInt(version ?? '', 10)).toBeGreaterThanOrEqual(4);
  // What libs/bus declares on that broker: dead-letter queues without a delivery limit.
  expect(deadLetterDeliveryLimit(version)).toBe(-1);
});

test('the local overlay and its sandbox run the RabbitMQ version production runs', async () => {
  const versionOf = (image: string) => /^rabbitmq:(\d+\.\d+\.\d+)-management(@sha256:[0-9a-f]{64})?$/.exec(image)?.[1];
  const found: { overlay: string; image: string; version: string | undefined }[] = [];
  for (const overlay of EVERY) {
    const rendered = JSON.stringify(await renderOverlay(overlay));
    for (const [, image] of rendered.matchAll(/"image":"(rabbitmq:[^"]+)"/g)) {
      found.push({ overlay, image: image ?? '', version: versionOf(image ?? '') });
    }
  }
  // The local broker, the local sandbox's setup Job, production's and its sandbox's clusters.
  expect(new Set(found.map((entry) => entry.overlay))).toEqual(new Set(EVERY));
  expect(found.every((entry) => entry.version !== undefined)).toBe(true);
  expect(new Set(found.map((entry) => entry.version)).size).toBe(1);
});

test('no overlay configures classic queue mirroring (ha-* policy keys, removed in RabbitMQ 4.0)', async () => {
  for (const overlay of EVERY) {
    const rendered = JSON.stringify(await renderOverlay(overlay));
    expect({ overlay, mirroring: /ha-mode|ha-params|ha-sync-mode|ha-promote/.exec(rendered)?.[0] }).toEqual({
      overlay,
      mirroring: undefined,
    });
  }
});
