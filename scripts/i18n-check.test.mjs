// node --test scripts/ (run by `npm run lint`): the check that every text is in every language.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { i18nProblems, keysOf, mailProblems, messageKeysOf } from './i18n-check.mjs';
import { scratchTree } from './scratch-tree.mjs';

const json = (value) => JSON.stringify(value);

describe('i18n-check', () => {
  it('finds the keys of t() and k(), and which are plurals', () => {
    const keys = keysOf(
      "t('Add Task'); k(`Pending`); t('{{count}} tasks', { count: n }); t(name); other('No');",
      'a.tsx',
    );
    assert.deepEqual([...keys.keys()], ['Add Task', 'Pending', '{{count}} tasks']);
    assert.equal(keys.get('{{count}} tasks').plural, true);
    assert.equal(keys.get('Add Task').plural, false);
  });

  it('passes when every language has every key and plural form, and reports what is wrong', () => {
    const source = "t('Add Task'); t('Hi {{name}}', { name }); t('{{count}} tasks', { count });";
    const complete = scratchTree({
      'web/src/a.tsx': source,
      'web/src/locales/en/a.json': json({ '{{count}} tasks_one': '{{count}} task' }),
      'web/src/locales/ja/a.json': json({
        'Add Task': 'タスクを追加',
        'Hi {{name}}': 'こんにちは {{name}}',
        '{{count}} tasks_other': '{{count}} 件のタスク',
      }),
    });
    assert.deepEqual(i18nProblems(path.join(complete, 'web')), []);

    const broken = scratchTree({
      'web/src/a.tsx': source,
      'web/src/locales/en/a.json': json({}),
      'web/src/locales/de/a.json': json({
        'Hi {{name}}': 'Hallo {{nom}}',
        Gone: 'Weg',
        '{{count}} tasks_one': 'x',
      }),
      'web/src/locales/de/b.json': json({ Gone: 'Fort' }),
    });
    const problems = i18nProblems(path.join(broken, 'web')).join('\n');
    assert.match(problems, /en: "\{\{count\}\} tasks_one" is missing/);
    assert.match(problems, /de: "Add Task" is missing \(used in src\/a\.tsx:1\)/);
    assert.match(problems, /de: "\{\{count\}\} tasks_other" is missing/);
    assert.match(problems, /de: "Hi \{\{name\}\}" does not use the same \{\{values\}\}/);
    assert.match(problems, /de: "Gone" is not used by the app/);
    assert.match(problems, /de\/b\.json: "Gone" is translated differently in another file/);
  });

  it("checks the server's mail texts against src/platform/mail-locales the same way", () => {
    const source =
      "const t = mailTranslator(language); t('Reset your password'); t('Hi {{name}}', { name });";
    const server = scratchTree({
      'server/src/a.ts': source,
      'server/src/a.test.ts': "t('Only in a test');",
      'server/src/platform/mail-locales/en/mail.json': json({}),
      'server/src/platform/mail-locales/de/mail.json': json({
        'Reset your password': 'Passwort zurücksetzen',
      }),
    });
    assert.deepEqual(mailProblems(path.join(server, 'server')), [
      'de: "Hi {{name}}" is missing (used in src/a.ts:1)',
    ]);
  });

  it('takes the shared message objects’ texts as keys, nested ones too, and nothing else', () => {
    const keys = messageKeysOf(
      `export const taskMessages = { created: 'Task created', nested: { gone: \`Task gone\` }, many: (n) => \`\${n} tasks\` } as const;
       export const LIMIT = { text: 'Not a message' };`,
      'tasks.ts',
    );
    assert.deepEqual([...keys.keys()], ['Task created', 'Task gone']);

    const tree = scratchTree({
      'web/src/a.tsx': "t('Add Task');",
      'web/src/locales/de/a.json': json({ 'Add Task': 'Aufgabe hinzufügen' }),
      'shared/src/tasks.ts': "export const taskMessages = { created: 'Task created' };",
    });
    const problems = i18nProblems(path.join(tree, 'web'), {
      sharedDir: path.join(tree, 'shared', 'src'),
      required: ['de', 'fr'],
    });
    assert.deepEqual(problems, [
      'fr: no folder of texts (src/locales/fr/)',
      'de: "Task created" is missing (used in shared/src/tasks.ts:1)',
    ]);
  });
});
