/** An envelope as tests read it (contract 2.1). */
export interface EnvelopeBody {
  code: number;
  code_message: string;
  header: { billable: boolean; price: number; api_version: string; request_id: string };
  data_count: number;
  data: Record<string, unknown>[];
  site_receipts: string[];
  errors: { campo: string; regra: string; mensagem: string }[];
}

export interface JsonAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: EnvelopeBody;
}

export interface JsonCall {
  readonly method?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  readonly token?: string;
  readonly headers?: Record<string, string>;
  /** Sent as JSON. */
  readonly body?: unknown;
}

/** One HTTP call to the API, its JSON envelope parsed. */
export async function callJson(url: string, init: JsonCall = {}): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as EnvelopeBody };
}
