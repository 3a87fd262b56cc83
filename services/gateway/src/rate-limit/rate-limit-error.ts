import { transportMessage } from '@regapi/contracts';
import { HttpError } from '@regapi/http';

/** 429 (contract 4, 7.1): the token's bucket is empty; the headers carry `Retry-After` and the RateLimit fields. */
export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    headers: Readonly<Record<string, string>>,
  ) {
    super(429, transportMessage(429), [], headers);
  }
}
