export * from './auth';
export * from './web';
