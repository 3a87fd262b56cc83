import { createLogger, type Logger } from '@regapi/telemetry';

/** The archive's logger, each alert line pushed onto `alerts` (printed too with TEST_LOG=1). */
export function alertCapturingLogger(alerts: Record<string, unknown>[]): Logger {
  return createLogger({
    service: 'archive',
    level: 'info',
    destination: {
      write: (line: string) => {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if ('alert' in parsed) alerts.push(parsed);
        if (process.env.TEST_LOG === '1') process.stdout.write(line);
      },
    },
  });
}
