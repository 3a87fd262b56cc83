export { createSimulatorControl } from './control-client';
export type { ControlSamples } from './http/control-routes';
export { TEST_SIGNER_CERT_PEM, TEST_SIGNER_P12 } from './pdf/signer';
export { FAULT_TABLE, FAULTS_BY_OPERATION, type FaultSpec, magicCnpj, magicCpf, magicMatricula } from './portal/faults';
export { LatencyModel } from './portal/latency';
export { propertyRequest } from './property-request';
export {
  createOriginSimulator,
  DEFAULT_SIMULATOR_PORT,
  type OriginSimulator,
  type OriginSimulatorOptions,
  type RunningSimulator,
} from './simulator';
export { simulatorConfig } from './simulator-config';
