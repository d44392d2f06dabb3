import { API_TOKENS_PER_ACCOUNT, CHECKLIST_MAX_ITEMS } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokens, taskChecklistItems } from './db/schema/index.ts';
import { POSITION_STEP } from './modules/checklists/index.ts';
import { createProduct, createTask } from './testing/factories.ts';
import { useTestApp } from './testing/http.ts';

// Issue 27, "Also": every per-owner cap is counted under a lock on its owner's row, so parallel
// requests cannot pass it together (the label cap has its own test, labels.cap.test.ts).

const { ctx, as, member } = useTestApp();

describe('per-owner caps under parallel requests', () => {
  it(`keep a task at ${CHECKLIST_MAX_ITEMS} checklist items when 30 are added at once to one holding ${CHECKLIST_MAX_ITEMS - 10}`, async () => {
    const cora = await member('Cora Checklist');
    const product = await createProduct(ctx, cora.user.id);
    const task = await createTask(ctx, product.id);
    await ctx.db.insert(taskChecklistItems).values(
      Array.from({ length: CHECKLIST_MAX_ITEMS - 10 }, (_, i) => ({
        taskId: task.id,
        title: `Held ${i}`,
        position: (i + 1) * POSITION_STEP,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        as(cora, { method: 'POST', url: `/api/tasks/${task.id}/checklist`, payload: { title: `New ${i}` } }),
      ),
    );
    expect(answers.filter((r) => r.statusCode < 300)).toHaveLength(10);
    expect(answers.filter((r) => r.json().code === 'CHECKLIST_FULL')).toHaveLength(20);
    const [held] = await ctx.db
      .select({ n: count() })
      .from(taskChecklistItems)
      .where(eq(taskChecklistItems.taskId, task.id));
    expect(held?.n).toBe(CHECKLIST_MAX_ITEMS);
  });

  it(`keep an account at ${API_TOKENS_PER_ACCOUNT} API tokens when 10 are made at once by one holding ${API_TOKENS_PER_ACCOUNT - 3}`, async () => {
    const tina = await member('Tina Tokens');
    await ctx.db.insert(apiTokens).values(
      Array.from({ length: API_TOKENS_PER_ACCOUNT - 3 }, (_, i) => ({
        userId: tina.user.id,
        name: `Held ${i}`,
        scope: 'read' as const,
        tokenHash: `held-${tina.user.id}-${i}`,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        as(tina, {
          method: 'POST',
          url: '/api/auth/tokens',
          payload: { name: `New ${i}`, scope: 'read', expires_in_days: 7 },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode < 300)).toHaveLength(3);
    expect(answers.filter((r) => r.json().code === 'API_TOKEN_LIMIT')).toHaveLength(7);
    const [held] = await ctx.db
      .select({ n: count() })
      .from(apiTokens)
      .where(eq(apiTokens.userId, tina.user.id));
    expect(held?.n).toBe(API_TOKENS_PER_ACCOUNT);
  });
});
