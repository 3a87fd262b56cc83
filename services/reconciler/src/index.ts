export { createReconciler } from './service';
