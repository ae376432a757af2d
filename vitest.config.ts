import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'lib/**/*.test.ts', 'infra/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Lambda's Node 22 has a global WebSocket, which the Neon driver uses there; Node 20 has it
    // behind this flag, so the tests run the driver the way production does.
    execArgv: process.versions.node.startsWith('20.') ? ['--experimental-websocket'] : [],
  },
});
