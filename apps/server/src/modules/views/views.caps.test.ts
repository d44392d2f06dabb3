import { VIEW_PINS_MAX, VIEWS_PER_PERSON_MAX, viewMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedViewPins, savedViews } from '../../db/schema/index.ts';
import { useTestApp } from '../../testing/http.ts';
import { createView, pinView, savedView } from './views.test-kit.ts';

const { ctx, as, member } = useTestApp();
const display = { density: 'comfortable' as const, properties: [], preview: false };

describe('saved views’ caps', () => {
  it(`stop a person at ${VIEWS_PER_PERSON_MAX} views with a clear 409, and let them save again after a delete`, async () => {
    const who = await member('Cap Keeper');
    await ctx.db.insert(savedViews).values(
      Array.from({ length: VIEWS_PER_PERSON_MAX }, (_, i) => ({
        ownerId: who.user.id,
        name: `View ${i}`,
        display,
      })),
    );
    const res = await as(who, createView({ name: 'One too many' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'VIEWS_FULL', message: viewMessages.tooMany });
    const owned = await ctx.db.select().from(savedViews).where(eq(savedViews.ownerId, who.user.id));
    expect(owned.length).toBe(VIEWS_PER_PERSON_MAX);
    const [first] = owned;
    expect((await as(who, { method: 'DELETE', url: `/api/views/${first?.id}` })).statusCode).toBe(204);
    expect((await as(who, createView({ name: 'Now it fits' }))).statusCode).toBe(201);
    // Someone else's views do not count against theirs.
    expect((await as(await member('Other'), createView({ name: 'Mine' }))).statusCode).toBe(201);
  });

  it('pin a view saved with `pinned`, to its saver alone', async () => {
    const who = await member('Quick Pinner');
    const view = await savedView(as, who, { name: 'Pinned at once', pinned: true });
    expect(view.pinned).toBe(true);
    const pins = await ctx.db.select().from(savedViewPins).where(eq(savedViewPins.viewId, view.id));
    expect(pins.map((p) => p.userId)).toEqual([who.user.id]);
  });

  it(`stop a person at ${VIEW_PINS_MAX} pins with a clear 409`, async () => {
    const who = await member('Pin Keeper');
    const rows = await ctx.db
      .insert(savedViews)
      .values(
        Array.from({ length: VIEW_PINS_MAX }, (_, i) => ({
          ownerId: who.user.id,
          name: `Pinned ${i}`,
          display,
        })),
      )
      .returning({ id: savedViews.id });
    await ctx.db.insert(savedViewPins).values(rows.map((r) => ({ userId: who.user.id, viewId: r.id })));
    const extra = await savedView(as, who, { name: 'Not pinned' });
    const res = await as(who, pinView(extra.id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'VIEW_PINS_FULL', message: viewMessages.tooManyPins });
    const pins = await ctx.db.select().from(savedViewPins).where(eq(savedViewPins.userId, who.user.id));
    expect(pins.length).toBe(VIEW_PINS_MAX);
    // Pinning one already pinned is no new pin, so it is fine at the cap.
    expect((await as(who, pinView(rows[0]?.id ?? ''))).statusCode).toBe(200);
    // A view saved pinned at the cap is refused whole: nothing saved.
    const full = await as(who, createView({ name: 'Saved pinned', pinned: true }));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(viewMessages.tooManyPins);
    const named = await ctx.db.select().from(savedViews).where(eq(savedViews.name, 'Saved pinned'));
    expect(named).toEqual([]);
  });
});
