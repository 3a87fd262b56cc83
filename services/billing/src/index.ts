export { createBilling } from './service';
