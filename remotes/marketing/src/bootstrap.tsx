import { loadersFromContext, runStandalone } from '@kloof/standalone';

// Standalone harness for this remote's team: every exposed page, with the host's providers.
runStandalone(
  'marketing',
  loadersFromContext(import.meta.webpackContext('./pages', { regExp: /^\.\/[A-Z]\w*\.tsx$/, mode: 'lazy' })),
);
