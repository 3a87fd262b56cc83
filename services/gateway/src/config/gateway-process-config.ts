import { gatewayConsoleMailConfig } from '@regapi/console-auth';
import { s3Config } from '@regapi/documents';
import { serviceProcessConfig } from '@regapi/runtime';
import { gatewayConfig } from './gateway-config';

/** Everything the gateway process reads: main.ts runs it, the Kubernetes drift test checks its Deployment against it. */
export const gatewayProcessConfig = serviceProcessConfig(
  { port: 8080, internalPort: 9080, metricsPort: 9180 },
  // The archive's bucket, read by GET /v1/consultas/{protocolo}/documento.
  // CONSOLE_PUBLIC_URL and CONSOLE_SMTP_CONFIGURED: the admin API's invitations (docs/decisions/0082).
  { ...gatewayConfig, ...s3Config, ...gatewayConsoleMailConfig },
);
