export { configDrift, defaultOf, type ProcessConfigs } from './config-drift';
export { type ResolvedEnv, resolveEnv } from './env-resolution';
export { isK8sObject, type K8sObject } from './k8s-object';
export { unscrapedMetrics } from './metrics-scrape';
export { type PolicyOptions, policyViolations } from './policy';
export { K8S_DIR, OVERLAYS, type OverlayName, RenderError, renderKustomization, renderOverlay } from './render';
export { type Container, type EnvVar, type PodSpec, type Probe, podSpecOf, workloadsOf } from './workloads';
