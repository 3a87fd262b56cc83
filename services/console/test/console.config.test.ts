import { ConfigError, loadConfig } from '@regapi/config';
import { consoleConfig, DEFAULT_CONSOLE_DOCS_URL } from '../src';

// Decision 0156: CONSOLE_DOCS_URL, the public API documentation the home page links to, is an https URL; unset, the
// repository's rendered docs/api.md.

const docsUrlOf = (value?: string) =>
  loadConfig(
    { CONSOLE_DOCS_URL: consoleConfig.CONSOLE_DOCS_URL },
    value === undefined ? {} : { CONSOLE_DOCS_URL: value },
  ).CONSOLE_DOCS_URL;

test('CONSOLE_DOCS_URL: the default when unset, the address when https, refused otherwise', () => {
  expect(docsUrlOf()).toBe(DEFAULT_CONSOLE_DOCS_URL);
  expect(new URL(DEFAULT_CONSOLE_DOCS_URL).protocol).toBe('https:');
  expect(docsUrlOf('https://docs.example.com.br/api')).toBe('https://docs.example.com.br/api');
  for (const refused of ['http://docs.example.com.br/api', 'docs.example.com.br', 'javascript:alert(1)']) {
    expect(() => docsUrlOf(refused)).toThrow(ConfigError);
  }
});
