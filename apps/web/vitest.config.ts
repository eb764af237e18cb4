import { defineConfig } from 'vitest/config';
import { wholeJson } from './whole-json-plugin';

export default defineConfig({
  plugins: [wholeJson],
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
