import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { loadSettingsFile } from './settings-file';

describe('loadSettingsFile', () => {
  let dir: string;
  const touched = ['ASCENSO_SETTINGS_TEST_A', 'ASCENSO_SETTINGS_TEST_B'];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ascenso-settings-'));
  });
  afterEach(() => {
    for (const name of touched) delete process.env[name];
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads .env at the repository root, and a variable already set wins over the file', () => {
    writeFileSync(join(dir, '.env'), '# comentario\nASCENSO_SETTINGS_TEST_A=del-archivo\nASCENSO_SETTINGS_TEST_B="también del archivo"\n');
    process.env.ASCENSO_SETTINGS_TEST_A = 'del-entorno';
    expect(loadSettingsFile({}, dir)).toBe(join(dir, '.env'));
    expect(process.env.ASCENSO_SETTINGS_TEST_A).toBe('del-entorno');
    expect(process.env.ASCENSO_SETTINGS_TEST_B).toBe('también del archivo');
  });

  it('without .env reads nothing; ENV_FILE= (empty) reads nothing even when .env exists', () => {
    expect(loadSettingsFile({}, dir)).toBeNull();
    writeFileSync(join(dir, '.env'), 'ASCENSO_SETTINGS_TEST_A=x\n');
    expect(loadSettingsFile({ ENV_FILE: '' }, dir)).toBeNull();
    expect(process.env.ASCENSO_SETTINGS_TEST_A).toBeUndefined();
  });

  it('reads the file ENV_FILE names, and refuses a missing one with a message naming it', () => {
    const file = join(dir, 'produccion.env');
    writeFileSync(file, 'ASCENSO_SETTINGS_TEST_B=nombrado\n');
    expect(loadSettingsFile({ ENV_FILE: file }, '/no/existe')).toBe(file);
    expect(process.env.ASCENSO_SETTINGS_TEST_B).toBe('nombrado');
    expect(() => loadSettingsFile({ ENV_FILE: join(dir, 'falta.env') }, dir)).toThrow(ConfigError);
    expect(() => loadSettingsFile({ ENV_FILE: join(dir, 'falta.env') }, dir)).toThrow(/ENV_FILE: no se encuentra el archivo de configuración «.*falta\.env»/);
  });
});
