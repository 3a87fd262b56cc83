import { isMap, isSeq, parseDocument } from 'yaml';

/** Our image, as the manifests name it (k8s/base/*.yaml). */
export const REGAPI_IMAGE = 'ghcr.io/regapi/regapi';
/** The overlays a release deploys (k8s/README.md, "Deploy"): production and its sandbox. */
export const RELEASE_OVERLAYS = ['production', 'production/sandbox'] as const;

const DIGEST = /^sha256:[0-9a-f]{64}$/;
/** A container image tag (the OCI distribution spec's grammar). */
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

export class PinImageError extends Error {
  override readonly name = 'PinImageError';
}

export interface ImagePin {
  readonly name: string;
  readonly tag: string;
  readonly digest: string;
}

/**
 * A kustomization.yaml's text with the `images:` entry of `pin.name` set to its tag and digest (kustomize renders
 * `name:tag@digest`: the kubelet pulls the digest, a person reads the tag; decision 0133). Everything else, comments
 * included, stays as written.
 */
export function pinImage(kustomization: string, pin: ImagePin): string {
  if (!DIGEST.test(pin.digest)) throw new PinImageError(`${pin.digest} is not sha256:<64 hex digits>`);
  if (!TAG.test(pin.tag)) throw new PinImageError(`${pin.tag} is not an image tag`);
  const document = parseDocument(kustomization);
  const images = document.get('images');
  const entry = isSeq(images) ? images.items.find((item) => isMap(item) && item.get('name') === pin.name) : undefined;
  if (!isMap(entry)) throw new PinImageError(`no images: entry names ${pin.name}`);
  entry.set('newTag', pin.tag);
  entry.set('digest', pin.digest);
  return document.toString({ lineWidth: 0 });
}
