export { ConfigError } from './config-error';
export { env, type Reader } from './readers';
export { loadConfig, type ConfigOf, type ConfigShape } from './load-config';
export { commonConfig } from './common';
export { configOrExit } from './fail-fast';
