// ES module face of slowdown.cjs (the API server's Jest project runs as CommonJS).
export { SLOWDOWN, scaled } from './slowdown.cjs';
