/** Jest: ts-jest for TypeScript; tests live under test/. Browser tests need Chromium (see .ci/run). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json', diagnostics: false }] },
  testTimeout: 60000,
  maxWorkers: 2,
  globalSetup: '<rootDir>/test/global-setup.js',
};
