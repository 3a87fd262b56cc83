import autocannon from 'autocannon';

/** One kind of request, sent by every connection back to back. */
export interface LoadSpec {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Makes each request its own (a fresh Idempotency-Key, the next protocolo); called once per request. */
  readonly setup: (request: autocannon.Request) => autocannon.Request;
}

/** What one measured scenario gives: throughput, latency, and everything that was not a 2xx. */
export interface LoadFigures {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly ok: number;
  readonly non2xx: number;
  /** Socket errors and timeouts: requests that got no answer at all. */
  readonly errors: number;
  /** Status code -> count, for the answers that were not 2xx. */
  readonly failedStatuses: Readonly<Record<string, number>>;
}

function failedStatusesOf(result: autocannon.Result): Record<string, number> {
  const failed: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2')) failed[status] = stat.count ?? 0;
  }
  return failed;
}

export interface LoadShape {
  readonly connections: number;
  readonly durationS: number;
}

/**
 * Runs `spec` in `shape` with autocannon, in this process (the servers have their own): every connection sends its next
 * request as soon as the last is answered (saturation).
 */
export async function runLoad(spec: LoadSpec, shape: LoadShape): Promise<LoadFigures> {
  const result = await autocannon({
    url: spec.url,
    connections: shape.connections,
    duration: shape.durationS,
    timeout: 30,
    requests: [
      {
        method: spec.method,
        headers: { ...spec.headers },
        ...(spec.body === undefined ? {} : { body: spec.body }),
        setupRequest: spec.setup,
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    failedStatuses: failedStatusesOf(result),
  };
}
