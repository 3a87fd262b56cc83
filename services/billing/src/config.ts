import { serviceProcessConfig } from '@regapi/runtime';

/** Everything the billing process reads (the base variables only): main.ts runs it, the drift test checks its Deployment. */
export const billingProcessConfig = serviceProcessConfig({ port: 8082, internalPort: 9082, metricsPort: 9182 }, {});
