// Jest project for the API server. Sources are TypeScript compiled by swc to CommonJS,
// so the suite runs without --experimental-vm-modules from the repo root or from here.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

export default {
  displayName: 'api-server',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/testing'],
  testMatch: ['**/*.test.ts'],
  moduleFileExtensions: ['ts', 'js', 'cjs', 'json'],
  transform: {
    '^.+\\.(t|j)sx?$': swc,
    // PGlite's CommonJS build loads node built-ins with import(), which Jest's CommonJS runtime
    // cannot run without --experimental-vm-modules: swc rewrites those to require().
    '^.+\\.cjs$': swc,
  },
  // otplib 13's base32 and hash plugins stand on @scure/base and @noble/hashes, which ship ES modules only.
  transformIgnorePatterns: [
    '/node_modules/(?!\\.pnpm/(?:@electric-sql\\+pglite|@scure\\+base|@noble\\+hashes)|@electric-sql/pglite|@scure/base|@noble/hashes)',
  ],
  setupFilesAfterEnv: ['<rootDir>/testing/jest-setup.ts'],
  testTimeout: 30000,
};
