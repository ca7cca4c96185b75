export * from './client';
export * from './keys';
export * from './location';
