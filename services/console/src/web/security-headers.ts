import type { ServerResponse } from 'node:http';

/**
 * Headers of every console answer (docs/decisions/0072): scripts, styles, images and form targets only from the
 * console itself, no inline script or style, never framed; nothing kept by a cache (each page is about one account).
 */
export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cache-Control': 'no-store',
});

export function setConsoleSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(CONSOLE_SECURITY_HEADERS)) res.setHeader(name, value);
}
