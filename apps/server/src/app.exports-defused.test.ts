import { describe, expect, it } from 'vitest';
import { createProduct, createTask, DEFAULT_PASSWORD } from './testing/factories.ts';
import { useTestApp } from './testing/http.ts';

// Issue 27 #9: what other people typed reaches every CSV export with each segment after a `;`,
// `,` or tab defused, not only its first character (Excel with a `;` list separator splits there).

const { ctx, as, signedIn, member } = useTestApp();

const payload = "Budget;=cmd|'/c calc'!A0";
const defused = "Budget;'=cmd|'/c calc'!A0";

describe('CSV exports of text with a formula after a separator', () => {
  it("write a task's title with the formula after the semicolon defused", async () => {
    const tess = await member('Tess Titles');
    const product = await createProduct(ctx, tess.user.id, { name: 'Budget product' });
    await createTask(ctx, product.id, { title: payload });

    for (const url of ['/api/tasks/export.csv', `/api/tasks/${product.id}/tasks.csv`]) {
      const res = await as(tess, { url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(defused);
      expect(res.body, url).not.toContain(';=cmd');
    }
  });

  it("write a failed sign-in's user agent in the audit log export with the formula defused", async () => {
    const admin = await signedIn('admin', 'Ada Audits');
    const victim = await member('Vic Victim');
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': `Mozilla/5.0;=HYPERLINK("https://evil.test")` },
      payload: { email: victim.user.email, password: `${DEFAULT_PASSWORD}-wrong` },
    });
    expect(failed.statusCode).toBe(401);

    const res = await as(admin, { url: '/api/admin/audit-log.csv?action=sign_in.failure' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"Mozilla/5.0;'=HYPERLINK(""https://evil.test"")"`);
    expect(res.body).not.toContain(';=HYPERLINK');
  });
});
