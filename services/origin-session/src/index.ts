export { createOriginSession } from './service';
