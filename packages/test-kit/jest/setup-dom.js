import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';
import { scaled } from '../slowdown.js';

// findBy*/waitFor give up after 1 s by default; on a loaded machine a render can take longer.
configure({ asyncUtilTimeout: scaled(2_000) });
