export { PRE_SESSION_COOKIE, SESSION_COOKIE } from './cookies';
export { type ConsoleDeps, createConsole, createConsoleHttpApp } from './create-console';
export { CONSOLE_SECURITY_HEADERS } from './security-headers';
export { DEFAULT_SIGN_IN_THROTTLE, type ThrottlePolicy } from './throttle';
