import type { RequestGuard } from '@regapi/http';
import { clientAddress, contextOf } from '@regapi/http';
import { allowedNetworkMatcher } from '@regapi/tokens';
import { authOf } from './auth-context';
import { NetworkNotAllowedError } from './token-errors';

/** Compiled allow-lists kept, by their text; the oldest go first. */
const MAX_MATCHERS = 1000;

/**
 * A token's IP allow-list (docs/decisions/0074), on every /v1 route: pass it right after `authenticate`, before the
 * account's rate limit, so a stolen token used from elsewhere spends none of the account's allowance. The address is
 * the connection's own (or, behind a trusted proxy, the client it names: docs/decisions/0075); outside the list → 403.
 */
export function allowedNetwork(): RequestGuard {
  const matchers = new Map<string, (address: string) => boolean>();
  const matcherOf = (networks: readonly string[]) => {
    const key = networks.join(',');
    let matcher = matchers.get(key);
    if (matcher === undefined) {
      matcher = allowedNetworkMatcher(networks);
      matchers.set(key, matcher);
      if (matchers.size > MAX_MATCHERS) {
        const oldest = matchers.keys().next();
        if (oldest.done !== true) matchers.delete(oldest.value);
      }
    }
    return matcher;
  };
  return {
    check(req, res) {
      const { allowedNetworks, tokenId } = authOf(res);
      if (allowedNetworks === null) return;
      const address = clientAddress(req);
      if (matcherOf(allowedNetworks)(address)) return;
      contextOf(res).logger.info({ tokenId, address }, 'token used outside its allowed networks');
      throw new NetworkNotAllowedError();
    },
  };
}
