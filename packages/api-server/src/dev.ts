import { runApi } from './run';

// The developer workflow (`pnpm dev`): development mode, where the dev mail outbox route exists.
runApi('development').catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
