export { SECOND_FACTOR_COOKIE } from './areas/second-factor-page';
export { PRE_SESSION_COOKIE, SESSION_COOKIE } from './cookies';
export {
  type ConsoleDeps,
  createConsole,
  createConsoleHttpApp,
  DEFAULT_CONSOLE_PUBLIC_URL,
  DEFAULT_RESET_THROTTLE,
} from './create-console';
export { startMailDelivery } from './mail-delivery';
export { FORM_BODY_LIMIT } from './respond';
export { CONSOLE_SECURITY_HEADERS } from './security-headers';
export { DEFAULT_SIGN_IN_THROTTLE, type ThrottlePolicy } from './throttle';
