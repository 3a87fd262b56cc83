import { transportMessage } from '@regapi/contracts';
import { HttpError } from '@regapi/http';
import {
  InvalidLedgerInputError,
  TopUpReferenceConflictError,
  UnknownAccountError,
  UnknownPlanError,
} from '@regapi/ledger';
import type { ErrorRequestHandler } from 'express';

export class NotFoundError extends HttpError {
  constructor(what: string) {
    super(404, `${what} não encontrado(a).`);
  }
}

/** A refused admin body or parameter (422 naming the field). */
export function invalidField(campo: string, regra: string, mensagem: string, valor?: unknown): HttpError {
  return new HttpError(422, transportMessage(422), [
    valor === undefined ? { campo, regra, mensagem } : { campo, regra, mensagem, valor },
  ]);
}

/**
 * The ledger's named errors as admin answers; anything else goes on to the envelope error handler untouched. Messages
 * never echo a secret; they may echo ids the operator sent.
 */
export const ledgerErrors: ErrorRequestHandler = (error: unknown, _req, _res, next) => {
  if (error instanceof UnknownAccountError) return next(new NotFoundError(`Conta ${error.accountId}`));
  if (error instanceof UnknownPlanError) {
    return next(invalidField('plan', 'plan', `Plano desconhecido: ${error.planId}.`, error.planId));
  }
  if (error instanceof TopUpReferenceConflictError) {
    return next(
      new HttpError(
        409,
        `A referência ${error.reference} já creditou ${error.recordedCentavos} centavos nesta conta; um pagamento diferente precisa de outra referência.`,
      ),
    );
  }
  if (error instanceof InvalidLedgerInputError) return next(invalidField(error.field, 'ledger', error.message));
  return next(error);
};
