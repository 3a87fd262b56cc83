/**
 * Reading our metrics back from a Prometheus server through its HTTP API (`/api/v1/query`, `/api/v1/query_range`):
 * for the tests that run a real Prometheus and the dashboard snapshots. The answer crosses a process boundary, so it
 * is checked field by field into a typed value; anything unexpected is a `PrometheusAnswerError`, never a cast.
 * https://prometheus.io/docs/prometheus/latest/querying/api/
 */

/** One series: its labels (with `__name__` when the query kept it) and its samples as [unix seconds, value]. */
export interface PrometheusSeries {
  readonly labels: Readonly<Record<string, string>>;
  /** Values as numbers: Prometheus's `NaN`, `+Inf`, `-Inf` become NaN and ±Infinity. */
  readonly points: readonly (readonly [number, number])[];
}

/** Prometheus answered `status: "error"`: the expression does not parse, or failed to evaluate. */
export class PrometheusQueryError extends Error {
  constructor(
    readonly expr: string,
    readonly errorType: string,
    readonly detail: string,
  ) {
    super(`Prometheus rejected the query (${errorType}: ${detail}): ${expr}`);
    this.name = 'PrometheusQueryError';
  }
}

/** The answer was not what the HTTP API documents (not JSON, another shape, a string result). */
export class PrometheusAnswerError extends Error {
  constructor(
    readonly expr: string,
    readonly reason: string,
  ) {
    super(`unexpected answer from Prometheus (${reason}) for: ${expr}`);
    this.name = 'PrometheusAnswerError';
  }
}

export interface RangeOptions {
  /** Unix seconds. */
  readonly start: number;
  /** Unix seconds. */
  readonly end: number;
  readonly stepS: number;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sampleValue(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  if (text === 'NaN') return Number.NaN;
  const value = Number(text);
  return text.trim() === '' || Number.isNaN(value) ? undefined : value;
}

function point(raw: unknown): readonly [number, number] | undefined {
  if (!Array.isArray(raw) || raw.length !== 2 || typeof raw[0] !== 'number') return undefined;
  const value = sampleValue(raw[1]);
  return value === undefined ? undefined : [raw[0], value];
}

function labels(raw: unknown): Record<string, string> | undefined {
  if (!isObject(raw)) return undefined;
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') return undefined;
    result[key] = value;
  }
  return result;
}

/** One entry of a vector (`value`) or a matrix (`values`). */
function series(raw: unknown, samplesKey: 'value' | 'values'): PrometheusSeries | undefined {
  if (!isObject(raw)) return undefined;
  const metric = labels(raw.metric);
  const samples = samplesKey === 'value' ? [raw.value] : raw.values;
  if (metric === undefined || !Array.isArray(samples)) return undefined;
  const points = samples.map(point);
  return points.every((p) => p !== undefined) ? { labels: metric, points } : undefined;
}

function resultSeries(data: Json, expr: string): PrometheusSeries[] {
  const { resultType, result } = data;
  if (resultType === 'scalar') {
    const sample = point(result);
    if (sample === undefined) throw new PrometheusAnswerError(expr, 'a scalar without [time, value]');
    return [{ labels: {}, points: [sample] }];
  }
  if ((resultType !== 'vector' && resultType !== 'matrix') || !Array.isArray(result)) {
    throw new PrometheusAnswerError(expr, `result type ${String(resultType)}`);
  }
  const parsed = result.map((entry) => series(entry, resultType === 'vector' ? 'value' : 'values'));
  if (!parsed.every((entry) => entry !== undefined)) throw new PrometheusAnswerError(expr, 'a malformed series');
  return parsed;
}

/** The series in an answer body of `/api/v1/query` or `/api/v1/query_range` (already parsed from JSON). */
export function readPrometheusAnswer(body: unknown, expr: string): PrometheusSeries[] {
  if (!isObject(body)) throw new PrometheusAnswerError(expr, 'not a JSON object');
  if (body.status === 'error') {
    throw new PrometheusQueryError(expr, String(body.errorType ?? 'unknown'), String(body.error ?? ''));
  }
  if (body.status !== 'success' || !isObject(body.data)) throw new PrometheusAnswerError(expr, 'no data');
  return resultSeries(body.data, expr);
}

/** POSTs the form (long expressions stay out of the URL) and reads the answer, whatever the HTTP status. */
async function post(prometheusUrl: string, path: string, form: Record<string, string>): Promise<PrometheusSeries[]> {
  const expr = form.query ?? '';
  const url = `${prometheusUrl.replace(/\/+$/, '')}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  } catch (error: unknown) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`no answer from Prometheus at ${url} (${reason})`, { cause: error });
  }
  // Prometheus puts its error envelope on 400 and 422 as well as 200; anything else (a proxy page) is not JSON.
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PrometheusAnswerError(expr, `HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return readPrometheusAnswer(body, expr);
}

/** An instant query, evaluated now or at `time` (unix seconds): one point per series. */
export function queryInstant(prometheusUrl: string, expr: string, time?: number): Promise<PrometheusSeries[]> {
  return post(prometheusUrl, '/api/v1/query', time === undefined ? { query: expr } : { query: expr, time: `${time}` });
}

/** A range query: the series `expr` gives at every `stepS` from `start` to `end`. */
export function queryRange(prometheusUrl: string, expr: string, range: RangeOptions): Promise<PrometheusSeries[]> {
  return post(prometheusUrl, '/api/v1/query_range', {
    query: expr,
    start: `${range.start}`,
    end: `${range.end}`,
    step: `${range.stepS}`,
  });
}
