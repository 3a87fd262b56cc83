export { createGateway } from './service';
