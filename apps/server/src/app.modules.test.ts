import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { modules } from './modules/index.ts';
import { withTestApp } from './testing/http.ts';
import { buildTestApp } from './testing/test-app.ts';

// The server's structure holds by construction (ARCHITECTURE §2, docs/decisions/025): modules are
// named plugins that declare what they use, Fastify checks the graph at boot, and a module is its
// folder plus one line in modules/index.ts.

const src = path.dirname(fileURLToPath(import.meta.url));
const named = (name: string) =>
  modules.find((m) => Reflect.get(m, Symbol.for('fastify.display-name')) === name);
const without = (...names: string[]) =>
  modules.filter((m) => !names.includes(Reflect.get(m, Symbol.for('fastify.display-name'))));

describe('booting the modules', () => {
  it('refuses to boot, naming the module and the dependency, when a module it names is not registered', async () => {
    expect(named('activities')).toBeDefined();
    await expect(buildTestApp({ modules: without('activities') })).rejects.toThrow(
      "The dependency 'activities' of plugin 'tasks' is not registered",
    );
  });

  it('refuses to boot when a module is listed before a module it names', async () => {
    const tasks = named('tasks');
    if (!tasks) throw new Error('no tasks module');
    await expect(buildTestApp({ modules: [tasks, ...without('tasks')] })).rejects.toThrow(
      "The dependency 'activities' of plugin 'tasks' is not registered",
    );
  });

  it('refuses to boot when no module contributes a section of the task page', async () => {
    // checklists contributes to tasks (not the other way round); imports and templates need
    // checklists too, and the modules that plug parts into templates need templates.
    await expect(
      buildTestApp({
        modules: without('checklists', 'imports', 'templates', 'fields', 'workflow', 'hierarchy', 'gates'),
      }),
    ).rejects.toThrow(
      "tasks: no module contributed the task page's checklist, subtasks, relations, fields section",
    );
  });

  it('serves a new module that is only a plugin in the list, with what the modules it names provide', async () => {
    const probe = fp(
      async (app) => {
        app.get('/api/probe', { schema: { hide: true } }, async () => ({
          contributes: typeof app.tasks.addPageSection,
          users: await app.users.store.count(),
        }));
      },
      { name: 'probe', dependencies: ['platform', 'tasks', 'users'] },
    );
    await withTestApp({ modules: [...modules, probe] }, async (ctx) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/probe' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ contributes: 'function', users: 0 });
    });
  });
});

describe('the list of modules', () => {
  const folders = fs
    .readdirSync(path.join(src, 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'demo')
    .map((entry) => entry.name)
    .sort();

  it('names every module folder once, by the name of its folder', () => {
    const names = modules.map((m) => Reflect.get(m, Symbol.for('fastify.display-name')) as string);
    expect([...names].sort()).toEqual(folders);
  });

  it('is the only module file app.ts imports, and app.ts stays a list of at most 80 lines', () => {
    const app = fs.readFileSync(path.join(src, 'app.ts'), 'utf8');
    const imported = [...app.matchAll(/from '(\.[^']+)'/g)].map((m) => m[1]);
    expect(imported.filter((file) => file?.includes('/modules/'))).toEqual(['./modules/index.ts']);
    expect(app.split('\n').length).toBeLessThanOrEqual(80);
    expect(app).not.toMatch(/\.(addHook|decorate)\(/);
  });
});
