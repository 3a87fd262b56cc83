export { createLogger, silentLogger, type Logger, type LoggerOptions, type LogLevel } from './logger';
