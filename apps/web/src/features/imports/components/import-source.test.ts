import { importMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { readImportFile } from './import-source.ts';

const board = { name: 'Launch', lists: [], cards: [] };

describe('readImportFile', () => {
  it('reads a CSV file as a CSV source', async () => {
    const file = new File(['Name\nShip it\n'], 'tasks.csv', { type: 'text/csv' });
    expect(await readImportFile(file)).toEqual({
      source: { kind: 'csv', name: 'tasks.csv', csv: 'Name\nShip it\n' },
    });
  });

  it('reads a Trello export by its JSON, whatever its name', async () => {
    const file = new File([JSON.stringify(board)], 'export.txt');
    expect(await readImportFile(file)).toEqual({
      source: { kind: 'trello', name: 'export.txt', board, lists: {}, includeArchived: false },
    });
  });

  it('says the import failed when the file can no longer be read', async () => {
    const file = new File(['Name\n'], 'tasks.csv');
    file.text = () => Promise.reject(new DOMException('The file was removed.', 'NotFoundError'));
    expect(await readImportFile(file)).toEqual({ problem: importMessages.importFailed });
  });
});
