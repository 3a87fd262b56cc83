import { INSTRUMENTED_MODULES } from './instrumentations';

/**
 * Which of the instrumented modules are already in `loadedFiles` (by default the CommonJS module cache). Instrumentation
 * hooks `require`, so a module loaded before `startTelemetry` stays unpatched and silently produces no spans.
 */
export function instrumentedModulesLoaded(loadedFiles: readonly string[] = commonJsCacheKeys()): string[] {
  return INSTRUMENTED_MODULES.filter((name) => loadedFiles.some((file) => file.includes(`/node_modules/${name}/`)));
}

function commonJsCacheKeys(): string[] {
  // Under native ESM there is no `require` and no cache to look at: nothing to report.
  return typeof require === 'undefined' ? [] : Object.keys(require.cache);
}
