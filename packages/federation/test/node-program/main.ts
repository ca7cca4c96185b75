// A Node program for node-bundle.test.js: its own folders, a file read at run time, a package from node_modules.
import runtime from 'react-refresh/runtime';
import { folder, neighbour } from './nested/where';

console.log(
  JSON.stringify({ folder, neighbour, refresh: typeof runtime.injectIntoGlobalHook, nodeEnv: process.env.NODE_ENV }),
);
