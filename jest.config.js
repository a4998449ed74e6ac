// Three projects: `unit` (no services; specs beside the code, service specs on the recording
// executor of libs/graph/src/testing), `integration` (in this process on the real Neo4j + Redis:
// repositories, the executor, the job runner; test/integration/*.int-spec.ts) and `e2e` (the
// built API and worker spawned as processes, most files on shared ones; test/*.e2e-spec.ts).
// scripts/test.sh starts the services for the last two.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: { ignoreCodes: [151002] } }];
const moduleNameMapper = {
  '^@limbic/(affect|client|config|graph|embeddings|jobs|mcp|observability)$': '<rootDir>/libs/$1/src/index.ts',
};
// commander 15 ships ES modules only, which Jest loads only on Node 24.9+: its files are compiled
// to CommonJS like ours (the CLI's own runtime, Node ≥ 20.19, requires it natively).
const esmOnly = ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', moduleResolution: 'node10', target: 'ES2023' }, diagnostics: false }];
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest, '/node_modules/commander/.+\\.js$': esmOnly },
  transformIgnorePatterns: ['/node_modules/(?!commander/)'],
  moduleNameMapper,
};

module.exports = {
  // `npm test` runs the unit project with --coverage: libs/affect holds every formula, so its
  // branch coverage is reported on every run and the run fails below 95 %.
  collectCoverageFrom: ['<rootDir>/libs/affect/src/**/*.ts', '!<rootDir>/libs/affect/src/**/*.spec.ts', '!<rootDir>/libs/affect/src/testing/**', '!<rootDir>/libs/affect/src/**/*.d.ts'],
  coverageDirectory: '<rootDir>/coverage',
  coverageReporters: ['text-summary', 'text'],
  coverageThreshold: { global: { branches: 95 } },
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,bench}/**/*.spec.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'], setupFilesAfterEnv: ['<rootDir>/test/support/jest-setup.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/jest-setup.ts'],
      // The shared stacks (test/support/shared-stack.ts): a directory for them, their stop at the end.
      globalSetup: '<rootDir>/test/support/e2e-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/e2e-global-teardown.ts',
    },
  ],
};
