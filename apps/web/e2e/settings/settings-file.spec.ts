import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_USER, loginForm, submitLogin } from '../support/auth';
import { startOwnServer, type OwnServer } from '../support/own-server';

// The README's `cp .env.example .env`: a real server process reads the settings file at start-up, and a variable
// set in the environment wins over the file's (apps/api/src/settings-file.ts).
test.describe('the settings file', () => {
  let server: OwnServer;

  test.beforeAll(async () => {
    server = await startOwnServer({
      // The file, not the environment, says which address the app is opened from; the environment names the database.
      env: { APP_ORIGIN: undefined },
      prepare: (dir, port) => {
        const file = join(dir, '.env');
        writeFileSync(
          file,
          ['# Copiado de .env.example y editado', `APP_ORIGIN=http://127.0.0.1:${port}`, `DATABASE_PATH=${join(dir, 'del-archivo.db')}`, ''].join('\n'),
        );
        // Not the repository's own .env (a contributor's): this one.
        return { ENV_FILE: file };
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('APP_ORIGIN comes from the file: signing in works from it, and the default address is refused', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${server.port}/acceso`);
    await submitLogin(page, DEMO_USER.email, DEMO_USER.password);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO_USER.firstName);

    await page.context().clearCookies();
    await page.goto(`http://localhost:${server.port}/acceso`);
    await submitLogin(page, DEMO_USER.email, DEMO_USER.password);
    await expect(loginForm(page).getByRole('alert')).toContainText('Esta página se ha abierto desde una dirección no permitida');
  });

  test('DATABASE_PATH set in the environment wins over the file', () => {
    expect(existsSync(join(server.dir, 'app.db'))).toBe(true);
    expect(existsSync(join(server.dir, 'del-archivo.db'))).toBe(false);
  });
});
