import { InvalidAmountError, parseReais } from '@regapi/br';
import {
  AMBIENTES,
  type Ambiente,
  compileOnFirstUse,
  contractsAjv,
  type FieldError,
  FONTES,
  type ProductScope,
  scopeOf,
  type Validation,
} from '@regapi/contracts';
import { DEFAULT_TTL, InvalidTtlError, parseTtl } from '@regapi/tokens';
import type { ValidateFunction } from 'ajv';
import { adminFieldErrors } from './body-errors';

/** Bodies of the admin API, validated at the edge into typed values. Unknown fields are refused. */

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;

export interface CreateAccountBody {
  readonly name: string;
  readonly plan?: string;
}

export interface CreditBody {
  /** Reais as text, two decimals at most ("150.00"): exact, never a float. */
  readonly amount: string;
  /** The payment's external reference (bank transfer, PIX end-to-end id): a repeat is a no-op. */
  readonly reference?: string;
}

export interface IssueTokenBody {
  readonly account_id: string;
  readonly scopes: readonly string[];
  /** `30d`, `12h`, `90m`; default 30d. */
  readonly ttl?: string;
  /** Default `producao`; `teste`: a sandbox token (docs/decisions/0099). */
  readonly ambiente?: Ambiente;
}

/** Decision 0084: the most open orders an account of the plan may have at once. */
export interface PlanLimitBody {
  readonly max_open_orders: number;
}

/** Far above any backlog the one origin session could ever run (50 searches an hour is 1200 a day). */
export const MAX_OPEN_ORDERS_CEILING = 1_000_000;

export interface ProductSwitchBody {
  readonly reason?: string;
}

const createAccountValidator = compileOnFirstUse<CreateAccountBody>(contractsAjv, {
  type: 'object',
  properties: { name: text(200), plan: text(64) },
  required: ['name'],
  additionalProperties: false,
});

const creditValidator = compileOnFirstUse<CreditBody>(contractsAjv, {
  type: 'object',
  properties: { amount: { type: 'string', minLength: 1, maxLength: 32 }, reference: text(200) },
  required: ['amount'],
  additionalProperties: false,
});

const issueTokenValidator = compileOnFirstUse<IssueTokenBody>(contractsAjv, {
  type: 'object',
  properties: {
    account_id: { type: 'string', format: 'uuid' },
    scopes: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: FONTES.map(scopeOf) } },
    ttl: { type: 'string', minLength: 1, maxLength: 16 },
    ambiente: { enum: [...AMBIENTES] },
  },
  required: ['account_id', 'scopes'],
  additionalProperties: false,
});

const productSwitchValidator = compileOnFirstUse<ProductSwitchBody>(contractsAjv, {
  type: 'object',
  properties: { reason: text(500) },
  additionalProperties: false,
});

const planLimitValidator = compileOnFirstUse<PlanLimitBody>(contractsAjv, {
  type: 'object',
  properties: { max_open_orders: { type: 'integer', minimum: 1, maximum: MAX_OPEN_ORDERS_CEILING } },
  required: ['max_open_orders'],
  additionalProperties: false,
});

function run<T>(validator: () => ValidateFunction<T>, body: unknown): Validation<T> {
  const check = validator();
  return check(body) ? { ok: true, value: body } : { ok: false, errors: adminFieldErrors(check.errors) };
}

function refused(campo: string, regra: string, mensagem: string, valor: unknown): Validation<never> {
  const error: FieldError = { campo, regra, mensagem, valor };
  return { ok: false, errors: [error] };
}

export function validateCreateAccount(body: unknown): Validation<{ name: string; plan: string | undefined }> {
  const checked = run(createAccountValidator, body);
  return checked.ok
    ? { ok: true, value: { name: checked.value.name.trim(), plan: checked.value.plan?.trim() } }
    : checked;
}

export function validateCredit(body: unknown): Validation<{ amountCentavos: number; reference: string | undefined }> {
  const checked = run(creditValidator, body);
  if (!checked.ok) return checked;
  try {
    return {
      ok: true,
      value: { amountCentavos: parseReais(checked.value.amount), reference: checked.value.reference?.trim() },
    };
  } catch (error: unknown) {
    if (error instanceof InvalidAmountError) return refused('amount', 'reais', error.message, checked.value.amount);
    throw error;
  }
}

export function validateIssueToken(
  body: unknown,
): Validation<{ accountId: string; scopes: ProductScope[]; ttlSeconds: number; ambiente: Ambiente }> {
  const checked = run(issueTokenValidator, body);
  if (!checked.ok) return checked;
  const ttl = checked.value.ttl ?? DEFAULT_TTL;
  const scopes = FONTES.map(scopeOf).filter((scope) => checked.value.scopes.includes(scope));
  try {
    const { account_id: accountId, ambiente = 'producao' } = checked.value;
    return { ok: true, value: { accountId, scopes, ttlSeconds: parseTtl(ttl), ambiente } };
  } catch (error: unknown) {
    if (error instanceof InvalidTtlError) return refused('ttl', 'ttl', error.message, ttl);
    throw error;
  }
}

/** The body is optional here: `product disable` without a reason. */
export function validateProductSwitch(body: unknown): Validation<{ reason: string | undefined }> {
  const checked = run(productSwitchValidator, body ?? {});
  return checked.ok ? { ok: true, value: { reason: checked.value.reason?.trim() } } : checked;
}

export function validatePlanLimit(body: unknown): Validation<{ maxOpenOrders: number }> {
  const checked = run(planLimitValidator, body);
  return checked.ok ? { ok: true, value: { maxOpenOrders: checked.value.max_open_orders } } : checked;
}
