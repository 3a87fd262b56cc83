export * from './auth';
export { CONSOLE_PORTS, consoleConfig, consoleProcessConfig } from './config/console-config';
export * from './web';
