import { runApi } from './run';

// The API as the README runs it (`pnpm start`): production unless NODE_ENV says otherwise.
runApi('production').catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
