import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { K8S_DIR, type K8sObject, renderKustomization } from '../src/k8s';
import { PinImageError, pinImage, REGAPI_IMAGE, RELEASE_OVERLAYS } from '../src/release/pin-image';
import { buildWorkspace, ROOT } from './build-once';

// Decision 0133: production runs images by digest. Third-party images are pinned in git; ours is pinned by the release
// (`pnpm release:pin`, from the digest .github/workflows/image.yml pushed), so a render of git before a release may
// name it by its tag alone, and a render after one names everything by digest.

/** `name:tag@sha256:<64 hex>`: pulled by digest, the tag kept for the people reading it. */
const BY_DIGEST = /^[^@\s]+:[A-Za-z0-9_][A-Za-z0-9_.-]*@sha256:[0-9a-f]{64}$/;
const DIGEST = `sha256:${'0123456789abcdef'.repeat(4)}`;

/** Every `image` and `imageName` string of the objects, wherever it is: containers, and the operators' own fields. */
function imagesOf(objects: readonly K8sObject[]): { where: string; image: string }[] {
  const out: { where: string; image: string }[] = [];
  const walk = (value: unknown, where: string): void => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${where}[${index}]`);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if ((key === 'image' || key === 'imageName') && typeof child === 'string') out.push({ where, image: child });
        else walk(child, `${where}.${key}`);
      }
    }
  };
  for (const object of objects) walk(object, `${object.kind}/${object.metadata.name}`);
  return out;
}

const ours = (image: string) => image.startsWith(`${REGAPI_IMAGE}:`) || image.startsWith(`${REGAPI_IMAGE}@`);

beforeAll(() => buildWorkspace());

test.each(RELEASE_OVERLAYS.map((overlay) => [overlay]))(
  'k8s/overlays/%s names every image but ours by tag and digest',
  async (overlay) => {
    const images = imagesOf(await renderKustomization(path.join(K8S_DIR, 'overlays', overlay)));
    const theirs = images.filter(({ image }) => !ours(image));
    // CloudNativePG's PostgreSQL and the RabbitMQ Cluster Operator's broker.
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    expect(theirs.filter(({ image }) => !BY_DIGEST.test(image))).toEqual([]);
    expect(images.filter(({ image }) => ours(image)).length).toBeGreaterThanOrEqual(7);
  },
);

test("after pnpm release:pin every image production and its sandbox run is by digest, ours the release's", async () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'regapi-release-pin-'));
  try {
    cpSync(K8S_DIR, copy, { recursive: true });
    execFileSync(process.execPath, ['deploy/dist/release/main.js', '1.2.3', DIGEST, '--k8s', copy], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    for (const overlay of RELEASE_OVERLAYS) {
      const images = imagesOf(await renderKustomization(path.join(copy, 'overlays', overlay)));
      expect({ overlay, unpinned: images.filter(({ image }) => !BY_DIGEST.test(image)) }).toEqual({
        overlay,
        unpinned: [],
      });
      const pinned = [...new Set(images.filter(({ image }) => ours(image)).map(({ image }) => image))];
      expect(pinned).toEqual([`${REGAPI_IMAGE}:1.2.3@${DIGEST}`]);
      // Only the image's entry changed: the comments and everything else are as written.
      const file = path.join('overlays', overlay, 'kustomization.yaml');
      const before = readFileSync(path.join(K8S_DIR, file), 'utf8');
      const entry = /( {4}newTag: )\S+\n(?: {4}digest: \S+\n)?/;
      expect(entry.test(before)).toBe(true);
      expect(readFileSync(path.join(copy, file), 'utf8')).toBe(
        before.replace(entry, `$11.2.3\n    digest: ${DIGEST}\n`),
      );
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test('release:pin refuses what is not a digest or a tag, and a kustomization without the image', () => {
  const kustomization = `images:\n  - name: ${REGAPI_IMAGE}\n    newTag: 0.1.0\n`;
  const pin = { name: REGAPI_IMAGE, tag: '1.2.3', digest: DIGEST };
  expect(pinImage(kustomization, pin)).toBe(
    `images:\n  - name: ${REGAPI_IMAGE}\n    newTag: 1.2.3\n    digest: ${DIGEST}\n`,
  );
  expect(() => pinImage(kustomization, { ...pin, digest: 'sha256:abc' })).toThrow(PinImageError);
  expect(() => pinImage(kustomization, { ...pin, digest: DIGEST.toUpperCase() })).toThrow(PinImageError);
  expect(() => pinImage(kustomization, { ...pin, tag: 'v1/2' })).toThrow(PinImageError);
  expect(() => pinImage('images: []\n', pin)).toThrow('no images: entry names ghcr.io/regapi/regapi');
});
