import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end suite: the real server (built SPA + API) on a fresh SQLite database, driven by the
 * system Chromium (CHROMIUM_PATH, default /usr/bin/chromium). No browser is ever downloaded.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
import { E2E_ADMIN } from './e2e/credentials.ts';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  // Two shared cores run the server, Chromium and the runner: give slow renders room rather than retries.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-UY',
    timezoneId: 'America/Montevideo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf .e2e-data-${PORT} && node packages/server/src/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.e2e-data-${PORT}`,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  },
});
