import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ARCHIVE_ESTIMATE_HEADER } from '@shipyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_KEY_FILE } from '../../lib/secrets.ts';
import { createDiskStorage } from '../../lib/storage/disk.ts';
import {
  addMember,
  createProduct,
  createTask,
  createTeam,
  DEFAULT_PASSWORD,
} from '../../testing/factories.ts';
import { type Signed, useTestApp, withTestApp } from '../../testing/http.ts';
import { multipartFile, tinyPng } from '../../testing/multipart.ts';
import { createTestDatabase } from '../../testing/test-app.ts';
import { totpAt } from '../auth/index.ts';
import { keyMessage, restoreArchive } from './archive.import.ts';
import { ArchiveError, archiveLines } from './archive.read.ts';
import { filesOf, insertDirectly, populatePlanning, rowsOf } from './archive.roundtrip.test-kit.ts';
import { ARCHIVE_TABLES, NOT_EXPORTED } from './archive.tables.ts';

// The round trip of issue 20: a workspace with every kind of row and file is exported over
// HTTP, restored by `npm run import-archive` into a second, empty instance (its own database and
// DATA_DIR), and every table is compared row by row, every file byte by byte.

const { ctx, as, signedIn } = useTestApp();
const repoRoot = fileURLToPath(new URL('../../../../..', import.meta.url));
const run = promisify(execFile);

let owner: Signed;
let archive: Buffer;
let recoveryCode: string;
let documentId: string;
let scratch: string;

async function populate() {
  owner = await signedIn('super admin', 'Sue Super');
  const mia = await signedIn('member', 'Mia Member');
  const product = await createProduct(ctx, owner.user.id, { name: 'Apollo' });
  const team = await createTeam(ctx, product.id, { createdBy: owner.user.id });
  await addMember(ctx, team.id, mia.user.id, { invitedBy: owner.user.id });
  const task = await createTask(ctx, product.id, {
    title: 'Ship it',
    assigneeId: mia.user.id,
    teamId: team.id,
  });
  const send = async (who: Signed, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
    const res = await as(who, { method, url, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const upload = async (url: string, name: string, data: Buffer) => {
    const body = multipartFile('file', name, 'application/octet-stream', data);
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...owner.headers, ...body.headers },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ id: string }>();
  };

  // Files: a product document over several archive chunks, and an avatar.
  const big = Buffer.alloc(150_000);
  for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
  documentId = (await upload(`/api/projects/${product.id}/documents`, 'spec.bin', big)).id;
  await upload('/api/auth/avatar', 'me.png', tinyPng);

  // Task details through their routes (activities, notifications and watchers follow).
  await send(owner, 'POST', `/api/tasks/${task.id}/comments`, { body: 'Looks good, ship on Friday' });
  await send(owner, 'POST', `/api/tasks/${task.id}/checklist`, { title: 'Write notes' });
  const list = (await send(owner, 'POST', `/api/tasks/${task.id}/checklist`, { title: 'Tag release' })) as {
    items: { id: string }[];
  };
  await send(owner, 'PATCH', `/api/checklist-items/${list.items[0]?.id}`, { done: true });
  // Time logged on it and a timer still running (issue 31).
  await send(owner, 'POST', `/api/tasks/${task.id}/time`, { date: '2026-11-02', seconds: 5400 });
  await send(mia, 'POST', `/api/tasks/${task.id}/timer`, {});
  const label = await send(owner, 'POST', `/api/projects/${product.id}/labels`, {
    name: 'Urgent',
    color: '#ff0000',
  });
  await send(owner, 'PUT', `/api/tasks/${task.id}/labels`, { labelIds: [(label as { id: string }).id] });
  await send(mia, 'PUT', `/api/tasks/${task.id}/watch`);
  // A sub-task that relates to its parent (issue 29).
  const subtask = await send(owner, 'POST', '/api/tasks', {
    title: 'Write the changelog',
    projectId: product.id,
    parentId: task.id,
  });
  await send(owner, 'POST', `/api/tasks/${(subtask as { id: string }).id}/relations`, {
    type: 'relates_to',
    taskId: task.id,
  });
  // A saved view shared with the product, pinned by Mia (issue 28).
  const view = await send(owner, 'POST', '/api/views', {
    name: 'Open work',
    query: 'status=Pending',
    scope: 'shared',
    productId: product.id,
  });
  await send(mia, 'PUT', `/api/views/${(view as { id: string }).id}/pin`);
  // A task template of the product and a product template (issue 29).
  await send(owner, 'POST', `/api/projects/${product.id}/task-templates`, { name: 'Bug report' });
  await send(owner, 'POST', `/api/projects/${product.id}/product-template`, { name: 'Kit' });
  await populatePlanning(send, owner, product.id, task.id); // a planned stage and a cycle (issue 31)
  await send(owner, 'POST', '/api/services', {
    name: 'Slack',
    category: 'Communication',
    description: 'Chat',
    integration: 'SDK',
    apiKey: 'xoxb-secret-key-1234',
    productIds: [product.id],
  });
  await send(owner, 'PATCH', '/api/admin/settings', { require_two_factor: false });
  await send(owner, 'PATCH', '/api/admin/settings', { require_two_factor: true });
  const setup = (await send(owner, 'POST', '/api/auth/two-factor/setup')) as { secret: string };
  const enabled = (await send(owner, 'POST', '/api/auth/two-factor/enable', {
    code: totpAt(setup.secret, new Date()),
  })) as { recovery_codes: string[] };
  recoveryCode = enabled.recovery_codes[0] as string;

  // The rest straight into the tables (their routes are covered by their modules' tests).
  await insertDirectly(ctx.pool, {
    productId: product.id,
    taskId: task.id,
    ownerId: owner.user.id,
    miaId: mia.user.id,
  });
  // A custom field (issue 29) and a task's value of it.
  const field = await send(owner, 'POST', `/api/projects/${product.id}/fields`, {
    name: 'Customer',
    type: 'text',
  });
  await send(owner, 'PUT', `/api/tasks/${task.id}/fields`, { fields: { [field.id]: 'Acme' } });
  // A recurring task (issue 29): its series and its first day.
  await send(owner, 'PUT', `/api/tasks/${task.id}/recurrence`, {
    rule: 'FREQ=WEEKLY',
    timeZone: 'Europe/Paris',
  });
  // A product's new key (issue 28): its former key and its task's are kept, and restored.
  await send(owner, 'PATCH', `/api/projects/${product.id}`, { key: 'APX' });
  // Rows of the tables that are not exported: they must not reach the restored instance.
  await send(owner, 'POST', '/api/auth/tokens', { name: 'CI', scope: 'read', expires_in_days: 7 });
  await ctx.pool.query(
    `INSERT INTO oidc_logins (state, nonce, code_verifier, expires_at) VALUES ('s', 'n', 'v', now())`,
  );
}

/** `npm run import-archive` as docs/operations.md says, against a database and DATA_DIR. */
async function importCli(databaseUrl: string, dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_URL: 'http://shipyard.test',
    ARCHIVE: path.join(scratch, 'archive.json'),
  };
  delete env.APP_SECRET;
  return run('sh', ['-c', 'npm run import-archive -- "$ARCHIVE"'], { cwd: repoRoot, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

beforeAll(async () => {
  await populate();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-archive-'));
  await fs.chmod(scratch, 0o755);
  const res = await as(owner, {
    method: 'POST',
    url: '/api/admin/workspace-archive',
    payload: { password: DEFAULT_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="shipyard-workspace-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(Number(res.headers[ARCHIVE_ESTIMATE_HEADER])).toBeGreaterThan(0);
  archive = res.rawPayload;
  await fs.writeFile(path.join(scratch, 'archive.json'), archive);
}, 60_000);
afterAll(async () => {
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

describe('the workspace archive', () => {
  it('is one JSON document with a header, every exported table and the files', () => {
    const doc = JSON.parse(archive.toString('utf8'));
    expect(doc.archive.format).toBe('shipyard-workspace-archive');
    expect(doc.archive.version).toBe(1);
    expect(doc.archive.schema.migrations).toBeGreaterThan(0);
    expect(doc.tables.map((t: { table: string }) => t.table)).toEqual([...ARCHIVE_TABLES]);
    expect(Object.keys(doc.archive.not_exported).sort()).toEqual(Object.keys(NOT_EXPORTED).sort());
    // Every kind of row is in this workspace, so the comparison below covers every table.
    for (const t of doc.tables) expect(t.rows.length, t.table).toBeGreaterThan(0);
    const users = doc.tables.find((t: { table: string }) => t.table === 'users').rows;
    expect(users[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(users[0]).not.toHaveProperty('search_vector');
    const tasks = doc.tables.find((t: { table: string }) => t.table === 'tasks').rows;
    expect(tasks[0]).not.toHaveProperty('search_vector');
    expect(doc.files.map((f: { area: string }) => f.area).sort()).toEqual(['avatars', 'documents']);
    expect(doc.end.files).toBe(2);
  });

  it('restores into an empty instance through npm run import-archive: every row and every file the same', async () => {
    const target = await createTestDatabase();
    const dataDir = path.join(scratch, 'restored');
    try {
      // Without the old instance's key the encrypted secrets would not decrypt: refused, nothing written.
      const keyless = await importCli(target.url, dataDir);
      expect(keyless.code).toBe(1);
      expect(keyless.stderr).toContain(keyMessage);
      expect(await rowsOf(target.database.pool, 'users')).toEqual([]);

      await fs.mkdir(dataDir, { recursive: true });
      await fs.copyFile(path.join(ctx.dataDir, SECRET_KEY_FILE), path.join(dataDir, SECRET_KEY_FILE));
      const restored = await importCli(target.url, dataDir);
      expect(restored.stderr).not.toContain('import-archive:');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(
        new RegExp(`restored \\d+ rows in ${ARCHIVE_TABLES.length} tables and 2 files`),
      );

      for (const table of ARCHIVE_TABLES) {
        expect(await rowsOf(target.database.pool, table), table).toEqual(await rowsOf(ctx.pool, table));
      }
      // task_list_versions is written by the restored rows' own triggers (decision 041).
      for (const table of Object.keys(NOT_EXPORTED).filter((t) => t !== 'task_list_versions')) {
        expect(await rowsOf(target.database.pool, table), table).toEqual([]);
      }
      expect(await filesOf(createDiskStorage(dataDir))).toEqual(
        await filesOf(createDiskStorage(ctx.dataDir)),
      );
      // The audit log's ids continue after the restored ones; the trigger-kept counters match.
      const { rows } = await target.database.pool.query<{ next: string; max: string }>(
        `SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) AS next, (SELECT max(id) FROM audit_log) AS max`,
      );
      expect(Number(rows[0]?.next)).toBe(Number(rows[0]?.max) + 1);
      const counts = await target.database.pool.query(
        `SELECT checklist_total, checklist_done, subtask_total, subtask_done FROM tasks ORDER BY title`,
      );
      expect(counts.rows).toEqual([
        { checklist_total: 2, checklist_done: 1, subtask_total: 1, subtask_done: 0 },
        { checklist_total: 0, checklist_done: 0, subtask_total: 0, subtask_done: 0 },
      ]);

      // A second import into the now filled instance is refused, and changes nothing.
      const again = await importCli(target.url, dataDir);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/This instance is not empty \(users, .*\).*Nothing was imported\./);
      expect(await rowsOf(target.database.pool, 'audit_log')).toEqual(await rowsOf(ctx.pool, 'audit_log'));

      // The restored instance works: the owner signs in with the old password and a recovery
      // code, sees the product and downloads the document's bytes.
      await withTestApp(
        {
          db: target.database.db,
          pool: target.database.pool,
          env: { DATA_DIR: dataDir },
        },
        async (restoredApp) => {
          const login = await restoredApp.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: owner.user.email, password: DEFAULT_PASSWORD },
          });
          expect(login.json().code).toBe('TWO_FACTOR_REQUIRED');
          const second = await restoredApp.app.inject({
            method: 'POST',
            url: '/api/auth/login/two-factor',
            payload: { challenge_token: login.json().details.challenge_token, code: recoveryCode },
          });
          expect(second.statusCode, second.body).toBe(200);
          const headers = { authorization: `Bearer ${second.json().token}` };
          const projects = await restoredApp.app.inject({ url: '/api/projects', headers });
          expect(JSON.stringify(projects.json())).toContain('Apollo');
          const product = (
            await target.database.pool.query(`SELECT product_id FROM documents WHERE id = $1`, [documentId])
          ).rows[0].product_id;
          const file = await restoredApp.app.inject({
            url: `/api/projects/${product}/documents/${documentId}/download`,
            headers,
          });
          expect(file.statusCode).toBe(200);
          expect(file.rawPayload.length).toBe(150_000);
        },
      );
    } finally {
      await target.drop();
    }
  }, 120_000);

  describe('a bad archive is refused with a clear message and writes nothing', () => {
    let target: Awaited<ReturnType<typeof createTestDatabase>>;
    let dataDir: string;
    beforeAll(async () => {
      target = await createTestDatabase();
      dataDir = await fs.mkdtemp(path.join(scratch, 'bad-'));
    });
    afterAll(() => target.drop());

    const restore = (text: string | Buffer) =>
      restoreArchive(() => archiveLines(Readable.from([Buffer.from(text)])), {
        pool: target.database.pool,
        storage: createDiskStorage(dataDir),
      });
    const expectNothingWritten = async () => {
      for (const table of ARCHIVE_TABLES)
        expect(await rowsOf(target.database.pool, table), table).toEqual([]);
      expect(await filesOf(createDiskStorage(dataDir))).toEqual({});
    };
    const text = () => archive.toString('utf8');

    it.each([
      ['not an archive', '{"hello": "world"}\n', /not a Shipyard workspace archive/],
      [
        'another format version',
        () => text().replace('"version":1,', '"version":2,'),
        /format version 2; this Shipyard reads version 1/,
      ],
      [
        'another schema',
        () => text().replace(/"migrations":\d+/, '"migrations":3'),
        /had 3 migrations; this one has \d+/,
      ],
      ['cut short', () => text().slice(0, Math.floor(archive.length * 0.9)), /incomplete|line \d+/],
      [
        'a row with an unknown column',
        () => text().replace('{"id":', '{"rogue":1,"id":'),
        /has the columns rogue, id/,
      ],
      ['a count that does not match', () => text().replace(/"files":2,/, '"files":3,'), /cut or edited/],
      [
        'a file cut in the middle',
        () => text().replace(/\n,"[A-Za-z0-9+/]+={0,2}"\n\]\}/, '\n]}'),
        /fewer bytes than its size says/,
      ],
    ])('%s', async (_, input, message) => {
      const body = typeof input === 'function' ? input() : input;
      await expect(restore(body)).rejects.toThrow(ArchiveError);
      await expect(restore(body)).rejects.toThrow(message);
      await expectNothingWritten();
    });

    it('a row the database refuses (a broken foreign key) rolls back the rows inserted before it', async () => {
      const broken = text().replace(
        /("table":"task_comments","rows":\[\n\{[^\n]*"task_id": ")[0-9a-f-]{36}/,
        '$100000000-0000-4000-8000-000000000000',
      );
      expect(broken).not.toBe(text());
      await expect(restore(broken)).rejects.toThrow(/foreign key/);
      await expectNothingWritten();
    });
  });
});
