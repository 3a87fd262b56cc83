import { parseArgs } from 'node:util';
import { formatReais, InvalidAmountError, parseReais } from '@regapi/br';
import { type Ambiente, isAmbiente } from '@regapi/contracts';
import { DEFAULT_TTL, InvalidTtlError, parseTtl } from '@regapi/tokens';
import { UsageError } from './ops-errors';

/** One admin API call a command line stands for. */
export interface AdminCall {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: Readonly<Record<string, unknown>>;
}

export const USAGE = `usage: pnpm --silent ops <command>
  account create --name NAME [--plan PLAN]
  account credit --account ID --amount 150.00 [--reference REF]
  account show --account ID
  account list                                  (every account, oldest first: id, name, plan, balance)
  token issue --account ID --scopes consultas:pesquisa-previa-bens,... [--ttl 30d] [--ambiente producao|teste]
  token revoke --token-id ID
  product disable FONTE [--reason TEXT]
  product enable FONTE
  order show PROTOCOLO
  plan list                                     (margins and the open-order limit of every plan)
  plan set-limit PLAN --max-open-orders N       (the most open orders an account of PLAN may have; decision 0084)
  dead-letters list [--queue QUEUE] [--limit 100]
  dead-letters redrive QUEUE [--message-id ID]   (every letter of QUEUE without --message-id)
  user invite --account ID --email E --role administrador|desenvolvimento|financeiro|consulta
  user reinvite --account ID --user-id ID       (a new invitation link; the previous one stops working)
  user reset-second-factor --account ID --user-id ID   (the user lost their authenticator; their sessions end)
  user list --account ID
  mail list [--account ID]                      (console mail not sent yet: without SMTP, hand the links over)
  finance reconcile --month AAAA-MM | --from AAAA-MM-DD --to AAAA-MM-DD
                                                (the registry's charges against our orders, persisted; decision 0103)
  finance close-month --month AAAA-MM           (closes the month's statement of every account; idempotent)
  finance statements --month AAAA-MM            (every account's closed statement of the month: totals, keys, SHA-256)
  finance statement-csv --month AAAA-MM --account ID   (one closed statement's CSV text, as stored)
Admin API: REGAPI_ADMIN_URL, the gateway's internal listener (default http://127.0.0.1:9080); token: ADMIN_TOKEN,
else $DATA_DIR/admin-token (.data); operator named in the audit: REGAPI_OPERATOR, else your login name.`;

type OptionSpec = Readonly<Record<string, { readonly required: boolean }>>;

/** Parses `args` strictly against `spec`: unknown options, missing required ones, and extra words are usage errors. */
function options(
  args: readonly string[],
  spec: OptionSpec,
  positionals: number,
): { values: Record<string, string>; words: string[] } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: Object.fromEntries(Object.keys(spec).map((name) => [name, { type: 'string' as const }])),
      allowPositionals: true,
      strict: true,
    });
  } catch (error: unknown) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const values: Record<string, string> = {};
  for (const [name, { required }] of Object.entries(spec)) {
    const value = parsed.values[name];
    if (typeof value === 'string' && value.trim() !== '') values[name] = value.trim();
    else if (value !== undefined) throw new UsageError(`--${name} needs a value`);
    else if (required) throw new UsageError(`--${name} is required`);
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(
      positionals === 0
        ? `unexpected argument: ${parsed.positionals.join(' ')}`
        : `expected ${positionals} argument(s)`,
    );
  }
  return { values, words: parsed.positionals };
}

function segment(value: string): string {
  return encodeURIComponent(value);
}

function amount(text: string): string {
  try {
    return formatReais(parseReais(text));
  } catch (error: unknown) {
    if (error instanceof InvalidAmountError) throw new UsageError(`--amount: ${error.message}`);
    throw error;
  }
}

function ttl(text: string): string {
  try {
    parseTtl(text);
    return text;
  } catch (error: unknown) {
    if (error instanceof InvalidTtlError) throw new UsageError(`--ttl: ${error.message}`);
    throw error;
  }
}

function positiveInteger(option: string, text: string): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${option}: a positive whole number, got ${text}`);
  }
  return Number(text);
}

function ambiente(text: string): Ambiente {
  if (!isAmbiente(text)) throw new UsageError('--ambiente: producao or teste');
  return text;
}

/** `--month AAAA-MM`, checked here so a typo never reaches the admin API. */
function month(text: string): string {
  if (!/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(text)) throw new UsageError(`--month: AAAA-MM (e.g. 2026-10), got ${text}`);
  return text;
}

function scopes(text: string): string[] {
  const list = text.split(',').map((scope) => scope.trim());
  if (list.some((scope) => scope === '')) throw new UsageError('--scopes: a comma-separated list, no empty item');
  return list;
}

/** The admin API call of a command line (`account create --name X` → POST /admin/v1/accounts). */
export function commandCall(argv: readonly string[]): AdminCall {
  const [group, verb, ...rest] = argv;
  switch (`${group ?? ''} ${verb ?? ''}`) {
    case 'account create': {
      const { values } = options(rest, { name: { required: true }, plan: { required: false } }, 0);
      return {
        method: 'POST',
        path: '/admin/v1/accounts',
        body: { name: values.name, ...(values.plan === undefined ? {} : { plan: values.plan }) },
      };
    }
    case 'account credit': {
      const spec = { account: { required: true }, amount: { required: true }, reference: { required: false } };
      const { values } = options(rest, spec, 0);
      return {
        method: 'POST',
        path: `/admin/v1/accounts/${segment(values.account ?? '')}/credits`,
        body: {
          amount: amount(values.amount ?? ''),
          ...(values.reference === undefined ? {} : { reference: values.reference }),
        },
      };
    }
    case 'account list':
    case 'accounts list': {
      options(rest, {}, 0);
      return { method: 'GET', path: '/admin/v1/accounts' };
    }
    case 'account show': {
      const { values } = options(rest, { account: { required: true } }, 0);
      return { method: 'GET', path: `/admin/v1/accounts/${segment(values.account ?? '')}` };
    }
    case 'token issue': {
      const spec = {
        account: { required: true },
        scopes: { required: true },
        ttl: { required: false },
        ambiente: { required: false },
      };
      const { values } = options(rest, spec, 0);
      return {
        method: 'POST',
        path: '/admin/v1/tokens',
        body: {
          account_id: values.account,
          scopes: scopes(values.scopes ?? ''),
          ttl: ttl(values.ttl ?? DEFAULT_TTL),
          ambiente: ambiente(values.ambiente ?? 'producao'),
        },
      };
    }
    case 'token revoke': {
      const { values } = options(rest, { 'token-id': { required: true } }, 0);
      return { method: 'POST', path: `/admin/v1/tokens/${segment(values['token-id'] ?? '')}/revoke` };
    }
    case 'product disable':
    case 'product enable': {
      const spec: OptionSpec = verb === 'disable' ? { reason: { required: false } } : {};
      const { values, words } = options(rest, spec, 1);
      return {
        method: 'POST',
        path: `/admin/v1/products/${segment(words[0] ?? '')}/${verb}`,
        body: values.reason === undefined ? {} : { reason: values.reason },
      };
    }
    case 'order show': {
      const { words } = options(rest, {}, 1);
      return { method: 'GET', path: `/admin/v1/orders/${segment(words[0] ?? '')}` };
    }
    case 'plan list': {
      options(rest, {}, 0);
      return { method: 'GET', path: '/admin/v1/plans' };
    }
    case 'plan set-limit': {
      const { values, words } = options(rest, { 'max-open-orders': { required: true } }, 1);
      return {
        method: 'POST',
        path: `/admin/v1/plans/${segment(words[0] ?? '')}/max-open-orders`,
        body: { max_open_orders: positiveInteger('--max-open-orders', values['max-open-orders'] ?? '') },
      };
    }
    case 'dead-letters list': {
      const { values } = options(rest, { queue: { required: false }, limit: { required: false } }, 0);
      const query = new URLSearchParams();
      if (values.queue !== undefined) query.set('queue', values.queue);
      if (values.limit !== undefined) query.set('limit', values.limit);
      const search = query.size === 0 ? '' : `?${query.toString()}`;
      return { method: 'GET', path: `/admin/v1/dead-letters${search}` };
    }
    case 'dead-letters redrive': {
      const { values, words } = options(rest, { 'message-id': { required: false } }, 1);
      const queue = segment(words[0] ?? '');
      const one = values['message-id'] === undefined ? '' : `/${segment(values['message-id'])}`;
      return { method: 'POST', path: `/admin/v1/dead-letters/${queue}${one}/redrive` };
    }
    case 'user invite': {
      const spec = { account: { required: true }, email: { required: true }, role: { required: true } };
      const { values } = options(rest, spec, 0);
      return {
        method: 'POST',
        path: `/admin/v1/accounts/${segment(values.account ?? '')}/users`,
        body: { email: values.email, role: values.role },
      };
    }
    case 'user reinvite': {
      const { values } = options(rest, { account: { required: true }, 'user-id': { required: true } }, 0);
      return {
        method: 'POST',
        path: `/admin/v1/accounts/${segment(values.account ?? '')}/users/${segment(values['user-id'] ?? '')}/invitation`,
      };
    }
    case 'user reset-second-factor': {
      const { values } = options(rest, { account: { required: true }, 'user-id': { required: true } }, 0);
      return {
        method: 'POST',
        path: `/admin/v1/accounts/${segment(values.account ?? '')}/users/${segment(values['user-id'] ?? '')}/second-factor/reset`,
      };
    }
    case 'user list': {
      const { values } = options(rest, { account: { required: true } }, 0);
      return { method: 'GET', path: `/admin/v1/accounts/${segment(values.account ?? '')}/users` };
    }
    case 'mail list': {
      const { values } = options(rest, { account: { required: false } }, 0);
      const search = values.account === undefined ? '' : `?account=${segment(values.account)}`;
      return { method: 'GET', path: `/admin/v1/console-mail${search}` };
    }
    case 'finance reconcile': {
      const spec = { month: { required: false }, from: { required: false }, to: { required: false } };
      const { values } = options(rest, spec, 0);
      if ((values.month === undefined) === (values.from === undefined && values.to === undefined)) {
        throw new UsageError('give --month AAAA-MM, or --from/--to AAAA-MM-DD');
      }
      return {
        method: 'POST',
        path: '/admin/v1/finance/registry-reconciliations',
        body:
          values.month === undefined
            ? {
                ...(values.from === undefined ? {} : { de: values.from }),
                ...(values.to === undefined ? {} : { ate: values.to }),
              }
            : { month: values.month },
      };
    }
    case 'finance close-month': {
      const { values } = options(rest, { month: { required: true } }, 0);
      return { method: 'POST', path: `/admin/v1/finance/statements/${month(values.month ?? '')}/close` };
    }
    case 'finance statements': {
      const { values } = options(rest, { month: { required: true } }, 0);
      return { method: 'GET', path: `/admin/v1/finance/statements/${month(values.month ?? '')}` };
    }
    case 'finance statement-csv': {
      const { values } = options(rest, { month: { required: true }, account: { required: true } }, 0);
      return {
        method: 'GET',
        path: `/admin/v1/finance/statements/${month(values.month ?? '')}/accounts/${segment(values.account ?? '')}/csv`,
      };
    }
    default:
      throw new UsageError(argv.length === 0 ? 'no command given' : `unknown command: ${argv.slice(0, 2).join(' ')}`);
  }
}
