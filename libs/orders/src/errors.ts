import type { OrderState } from './order-state';

export class OrderNotFoundError extends Error {
  override readonly name = 'OrderNotFoundError';
  constructor(readonly orderId: string) {
    super(`order ${orderId} does not exist`);
  }
}

/** A transition asked from a state it does not start from (and not already done: those are no-ops). */
export class InvalidTransitionError extends Error {
  override readonly name = 'InvalidTransitionError';
  constructor(
    readonly orderId: string,
    readonly transition: string,
    readonly state: OrderState,
  ) {
    super(`order ${orderId}: ${transition} is not allowed from ${state}`);
  }
}
