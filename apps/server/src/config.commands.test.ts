import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { invocationDir, loadBackupSettings, loadConfigOr } from './config.ts';

// What the command-line scripts (backup.ts, import-archive.ts, storage-migrate.ts) read of the
// environment, through config.ts.

describe('the settings of the command-line scripts', () => {
  it('resolves paths from the folder npm was invoked in (INIT_CWD), else from the process', () => {
    expect(invocationDir({ INIT_CWD: '/srv/shipyard' })).toBe('/srv/shipyard');
    expect(invocationDir({})).toBe(process.cwd());
  });

  it('gives backup and restore DATA_DIR from where the operator stood, and DATABASE_URL, nothing else', () => {
    const env = { INIT_CWD: '/srv/shipyard', DATA_DIR: 'data', PORT: 'abc' };
    expect(loadBackupSettings(env)).toEqual({ dataDir: '/srv/shipyard/data', databaseUrl: undefined });
    expect(loadBackupSettings({ INIT_CWD: '/srv/shipyard', DATABASE_URL: 'postgres://db/x' })).toEqual({
      dataDir: path.resolve('/srv/shipyard', './data'),
      databaseUrl: 'postgres://db/x',
    });
  });

  it('hands a configuration error to the script as its one line', () => {
    const fail = (message: string): never => {
      throw new Error(`failed: ${message}`);
    };
    expect(() => loadConfigOr(fail, { PORT: 'abc' })).toThrow(/^failed: Invalid PORT/);
    expect(loadConfigOr(fail, { PORT: '4000' }).port).toBe(4000);
  });
});
