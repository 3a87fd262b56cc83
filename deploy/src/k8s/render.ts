import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { isK8sObject, type K8sObject } from './k8s-object';

/** The repository's k8s/ folder (from deploy/src/k8s or deploy/dist/k8s alike). */
export const K8S_DIR = path.resolve(__dirname, '..', '..', '..', 'k8s');

/** The overlays under k8s/overlays, each rendered and checked by deploy/test/k8s.*.test.ts. */
export const OVERLAYS = ['local', 'production'] as const;
export type OverlayName = (typeof OVERLAYS)[number];

/**
 * The sandbox of each overlay (k8s/sandbox in the namespace regapi-sandbox, decision 0109), applied after it: rendered
 * and checked by the same tests, kept out of the overlay itself (and so out of k8s.local-overlay.end-to-end).
 */
export const SANDBOX_OVERLAYS = ['local/sandbox', 'production/sandbox'] as const;
export type SandboxOverlayName = (typeof SANDBOX_OVERLAYS)[number];
/** The namespace the sandbox's workloads run in. */
export const SANDBOX_NAMESPACE = 'regapi-sandbox';

/** Debian's kubectl (kustomize built in); KUBECTL overrides. No cluster is contacted. */
const KUBECTL = process.env.KUBECTL ?? 'kubectl';

export class RenderError extends Error {
  override readonly name = 'RenderError';
}

/** `kubectl kustomize <dir>`, parsed into objects; a YAML error or a document that is not an object throws. */
export async function renderKustomization(dir: string): Promise<K8sObject[]> {
  const { stdout } = await promisify(execFile)(KUBECTL, ['kustomize', dir], { maxBuffer: 64 * 1024 * 1024 });
  const objects: K8sObject[] = [];
  for (const document of parseAllDocuments(stdout)) {
    if (document.errors.length > 0) throw new RenderError(`${dir}: ${document.errors[0]?.message}`);
    const value: unknown = document.toJS();
    if (value === null) continue;
    if (!isK8sObject(value)) throw new RenderError(`${dir}: a rendered document is not a Kubernetes object`);
    objects.push(value);
  }
  return objects;
}

/** Renders k8s/overlays/<name>. */
export function renderOverlay(name: OverlayName | SandboxOverlayName): Promise<K8sObject[]> {
  return renderKustomization(path.join(K8S_DIR, 'overlays', name));
}
