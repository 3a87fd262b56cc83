export { configDrift, defaultOf, type ProcessConfigs } from './config-drift';
export { type BudgetLine, type ConnectionBudget, connectionBudget, type ExtraConnections } from './connection-budget';
export { containerEnv, type ResolvedEnv, resolveEnv } from './env-resolution';
export { isK8sObject, type K8sObject } from './k8s-object';
export { labelsOf, matches, type ServiceSpec } from './k8s-services';
export {
  type Account,
  containerPortOf,
  type EnvChange,
  type LocalMap,
  LocalMappingError,
  type LocalTarget,
  localEnv,
  localMap,
  probeTarget,
  STORE_ACCOUNT_VARIABLES,
  type StandIn,
} from './local-mapping';
export { unscrapedMetrics } from './metrics-scrape';
export { type PodProcess, PodProcessError, podProcessesOf } from './pod-processes';
export { type PolicyOptions, policyViolations } from './policy';
export {
  allows,
  type Destination,
  EDGE_NAMESPACE,
  edgePodsOf,
  edgeProblems,
  type Flow,
  type Need,
  needsOf,
  type PodGroup,
  podGroupsOf,
  reachabilityProblems,
  reachersOf,
  selects,
} from './reachability';
export {
  K8S_DIR,
  OVERLAYS,
  type OverlayName,
  RenderError,
  renderKustomization,
  renderOverlay,
  SANDBOX_NAMESPACE,
  SANDBOX_OVERLAYS,
  type SandboxOverlayName,
} from './render';
export { sandboxIsolationProblems } from './sandbox-isolation';
export {
  type SyncDependency,
  type SyncPosition,
  syncDependencies,
  syncOrderProblems,
  syncPosition,
} from './sync-order';
export { type Container, type EnvVar, type PodSpec, type Probe, podSpecOf, workloadsOf } from './workloads';
