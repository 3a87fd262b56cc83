import type { Logger } from './logger';

/** An alert as the webhook receives it: its name under `alert`, then its facts in snake_case. */
export type AlertBody = { readonly alert: string } & Readonly<Record<string, unknown>>;

/** How every service raises an alert (docs/decisions/0020): the log line, and the POST to ALERT_WEBHOOK_URL. */
export interface AlertWebhook {
  /**
   * Raises the alert: an `error` log line with the body's fields (`alert` among them: what log-based alerting
   * matches) and `line` as its message, then a JSON POST of the body when a URL is set. A failing POST is logged and
   * counted, never thrown into the caller.
   */
  raise(body: AlertBody, line: string): Promise<void>;
  /** Posts that failed (timeout, refused, non-2xx) since the process started. */
  failures(): number;
}

export interface AlertWebhookOptions {
  readonly logger: Logger;
  /** ALERT_WEBHOOK_URL; unset: alerts are the log line and the metric only. */
  readonly url?: string | undefined;
  /** Default 5 s. */
  readonly timeoutMs?: number | undefined;
}

export function createAlertWebhook(options: AlertWebhookOptions): AlertWebhook {
  const timeoutMs = options.timeoutMs ?? 5_000;
  let failures = 0;
  const post = async (body: AlertBody): Promise<void> => {
    if (options.url === undefined) return;
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch (thrown) {
      failures++;
      const err = thrown instanceof Error ? thrown : new Error(String(thrown));
      options.logger.error({ err, alert: body.alert }, 'the alert webhook failed');
    }
  };
  return {
    async raise(body, line) {
      options.logger.error(body, line);
      await post(body);
    },
    failures: () => failures,
  };
}
