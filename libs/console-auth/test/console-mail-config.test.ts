import { ConfigError, loadConfig } from '@regapi/config';
import {
  consoleMailConfig,
  consoleMailSettingsFrom,
  gatewayConsoleMailConfig,
  gatewayConsoleMailSettingsFrom,
} from '../src';

// The variables of docs/decisions/0082 and 0083, for the composition roots to spread into their config shapes.

test('defaults: the standalone console URL, no SMTP, no TOTP key', () => {
  expect(consoleMailSettingsFrom(loadConfig(consoleMailConfig, {}))).toEqual({ publicUrl: 'http://127.0.0.1:8085' });
  expect(gatewayConsoleMailSettingsFrom(loadConfig(gatewayConsoleMailConfig, {}))).toEqual({
    consoleUrl: 'http://127.0.0.1:8085',
    smtpConfigured: false,
  });
});

test('SMTP, From, the public URL and a TOTP key', () => {
  const settings = consoleMailSettingsFrom(
    loadConfig(consoleMailConfig, {
      CONSOLE_PUBLIC_URL: 'https://console.exemplo.com.br/',
      SMTP_URL: 'smtp://console:segredo@smtp.exemplo.com.br:587',
      SMTP_FROM: 'Console <nao-responda@exemplo.com.br>',
      CONSOLE_TOTP_KEY: 'ab'.repeat(32),
    }),
  );
  expect(settings).toEqual({
    publicUrl: 'https://console.exemplo.com.br',
    smtp: { url: 'smtp://console:segredo@smtp.exemplo.com.br:587', from: 'Console <nao-responda@exemplo.com.br>' },
    totpKey: Buffer.alloc(32, 0xab),
  });
});

test.each([
  [{ SMTP_URL: 'http://smtp.exemplo.com.br' }, 'SMTP_URL'],
  [{ CONSOLE_PUBLIC_URL: 'ftp://x' }, 'CONSOLE_PUBLIC_URL'],
  [{ CONSOLE_TOTP_KEY: 'curta' }, 'CONSOLE_TOTP_KEY'],
])('%j is refused naming %s', (source, variable) => {
  expect(() => loadConfig(consoleMailConfig, source)).toThrow(ConfigError);
  expect(() => loadConfig(consoleMailConfig, source)).toThrow(variable);
});
