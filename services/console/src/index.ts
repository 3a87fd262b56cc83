export * from './auth';
export { CONSOLE_PORTS, consoleConfig, consoleProcessConfig } from './config/console-config';
export { DEFAULT_CONSOLE_DOCS_URL } from './config/docs-url';
export * from './web';
