export * from './layout';
export * from './locations';
export * from './pages';
export * from './registry-file';
export * from './stored-path';
