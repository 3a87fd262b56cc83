import type { Service, ServiceDeps } from '@regapi/runtime';
import type { DocumentStorage } from './storage/s3-storage';

export interface ArchiveDeps extends ServiceDeps {
  readonly storage: DocumentStorage;
}

/**
 * Keeps every delivered PDF forever in S3-compatible storage. The download-and-store consumer arrives with the
 * documents capability (issue 6); today it makes sure its bucket exists and reports readiness on it.
 */
export function createArchive(deps: ArchiveDeps): Service {
  return {
    name: 'archive',
    routers: [],
    readiness: { storage: () => deps.storage.isReachable() },
    start: () => deps.storage.ensureBucket(),
    stop: async () => deps.storage.close(),
  };
}
