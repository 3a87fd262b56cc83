export { type AcceptOrderInput, acceptOrder } from './accept-order';
export { InvalidTransitionError, OrderNotFoundError } from './errors';
export { type Order, toOrder } from './order';
export {
  allocateProtocolo,
  findBlockingOrder,
  getOrder,
  getOrderByProtocolo,
  getOrderForAccount,
} from './order-queries';
export { canTransition, ORDER_STATES, type OrderState, TRANSITIONS, type TransitionName } from './order-state';
export { type TransitionResult, transition } from './transitions';
