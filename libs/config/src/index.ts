export { commonConfig } from './common';
export { ConfigError } from './config-error';
export { configOrExit } from './fail-fast';
export { type ConfigOf, type ConfigShape, loadConfig } from './load-config';
export { env, type Reader } from './readers';
