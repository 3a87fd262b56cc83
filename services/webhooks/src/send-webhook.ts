import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkWebhookUrl } from '@regapi/webhook-endpoints';
import { isPublicAddress } from './address-policy';

export interface OutboundPolicy {
  /** Send to private, loopback, link-local and other non-public addresses (tests only). */
  readonly allowPrivateAddresses: boolean;
  /** Accept `http:` endpoints (tests only); otherwise only `https:`. */
  readonly allowHttp: boolean;
  /** Until the TCP (and TLS) connection is up. */
  readonly connectTimeoutMs: number;
  /** The whole request, from the DNS lookup to the last byte read. */
  readonly totalTimeoutMs: number;
  /** Bytes of the answer's body read and kept at most; the rest is not read. */
  readonly maxResponseBytes: number;
}

export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface WebhookAnswer {
  /** The HTTP status, or null when no answer came (refused, unreachable, timeout). */
  readonly statusCode: number | null;
  readonly latencyMs: number;
  /** Why there was no answer, or null. */
  readonly error: string | null;
  /** The first `maxResponseBytes` of the answer's body as text, or null. */
  readonly excerpt: string | null;
}

/** Why a URL may not be called: thrown before any connection is opened. */
export class RefusedDestinationError extends Error {
  override readonly name = 'RefusedDestinationError';
}

/**
 * The address to connect to: resolved here and checked, then handed to the connection through `lookup`, so the
 * address checked is the address used (a DNS answer that changes between check and connect cannot bypass it).
 */
async function resolveDestination(
  hostname: string,
  policy: OutboundPolicy,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const literal = isIP(bare);
  const addresses =
    literal === 0 ? await lookup(bare, { all: true, verbatim: true }) : [{ address: bare, family: literal }];
  if (addresses.length === 0) throw new RefusedDestinationError(`${bare} não tem endereço.`);
  if (!policy.allowPrivateAddresses) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused !== undefined)
      throw new RefusedDestinationError(
        `${bare} aponta para um endereço não público (${refused.address}): só chamamos endereços públicos.`,
      );
  }
  const first = addresses[0];
  if (first === undefined) throw new RefusedDestinationError(`${bare} não tem endereço.`);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** One POST of a webhook: never follows a redirect, bounded in time and in the bytes it reads. */
export async function sendWebhook(request: WebhookRequest, policy: OutboundPolicy): Promise<WebhookAnswer> {
  const started = performance.now();
  const latency = (): number => Math.max(0, Math.round(performance.now() - started));
  const urlProblem = checkWebhookUrl(request.url, policy);
  if (urlProblem !== undefined) return { statusCode: null, latencyMs: 0, error: urlProblem, excerpt: null };
  const url = new URL(request.url);
  const controller = new AbortController();
  const total = setTimeout(() => controller.abort(), policy.totalTimeoutMs);
  try {
    const destination = await resolveDestination(url.hostname, policy);
    if (controller.signal.aborted) throw new Error('timed out resolving the host');
    return await post(url, request, destination, policy, controller.signal, latency);
  } catch (thrown) {
    const message = controller.signal.aborted
      ? `timed out after ${policy.totalTimeoutMs} ms`
      : thrown instanceof Error
        ? thrown.message
        : String(thrown);
    return { statusCode: null, latencyMs: latency(), error: message, excerpt: null };
  } finally {
    clearTimeout(total);
  }
}

function post(
  url: URL,
  request: WebhookRequest,
  destination: { address: string; family: 4 | 6 },
  policy: OutboundPolicy,
  signal: AbortSignal,
  latency: () => number,
): Promise<WebhookAnswer> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all === true) callback(null, [destination]);
    else callback(null, destination.address, destination.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const outgoing = client.request(url, {
      method: 'POST',
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(request.body)),
        'user-agent': 'regapi-webhooks/1',
      },
      lookup: pinned,
      agent: false,
      signal,
    });
    const connectTimer = setTimeout(
      () => outgoing.destroy(new Error(`no connection within ${policy.connectTimeoutMs} ms`)),
      policy.connectTimeoutMs,
    );
    outgoing.on('socket', (socket) => {
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
    });
    outgoing.on('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    outgoing.on('response', (response) => {
      clearTimeout(connectTimer);
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = (): void => {
        resolve({
          statusCode: response.statusCode ?? null,
          latencyMs: latency(),
          error: null,
          excerpt: Buffer.concat(chunks).toString('utf8'),
        });
      };
      response.on('data', (chunk: Buffer) => {
        const room = policy.maxResponseBytes - kept;
        if (room > 0) chunks.push(chunk.subarray(0, room));
        kept += Math.min(room, chunk.length);
        if (kept >= policy.maxResponseBytes) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', () => finish());
    });
    outgoing.end(request.body);
  });
}
