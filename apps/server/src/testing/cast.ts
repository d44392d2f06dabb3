import { beforeAll } from 'vitest';
import { addMember, createProduct, createSignedInUser, createTeam } from './factories.ts';
import { madeInBeforeAll, type Signed } from './http.ts';
import type { TestContext } from './test-app.ts';

/**
 * The people most route tests of what hangs off a product need: Alice creates the product, Mia
 * (member) and Gus (guest) are in its team, Bob (member) does not see it, Ada is an admin.
 */
async function productCast(ctx: Pick<TestContext, 'app' | 'db'>) {
  const [alice, mia, gus, bob, admin] = (await Promise.all([
    createSignedInUser(ctx, { name: 'Alice' }),
    createSignedInUser(ctx, { name: 'Mia' }),
    createSignedInUser(ctx, { role: 'guest', name: 'Gus' }),
    createSignedInUser(ctx, { name: 'Bob' }),
    createSignedInUser(ctx, { role: 'admin', name: 'Ada' }),
  ])) as [Signed, Signed, Signed, Signed, Signed];
  const productId = (await createProduct(ctx, alice.user.id)).id;
  const team = await createTeam(ctx, productId);
  await addMember(ctx, team.id, mia.user.id);
  await addMember(ctx, team.id, gus.user.id);
  return { alice, mia, gus, bob, admin, productId, teamId: team.id };
}

/**
 * The cast, made in beforeAll for the tests of a file or describe block:
 * `const { alice, mia, gus, bob, admin, productId } = useProductCast(ctx)`; the people are
 * usable in any hook or test that follows, the product's id is `productId()`.
 */
export function useProductCast(ctx: Pick<TestContext, 'app' | 'db'>) {
  let cast: Awaited<ReturnType<typeof productCast>> | undefined;
  beforeAll(async () => {
    cast = await productCast(ctx);
  });
  const person = (who: 'alice' | 'mia' | 'gus' | 'bob' | 'admin') =>
    madeInBeforeAll(() => cast?.[who], `${who} of the cast`);
  return {
    alice: person('alice'),
    mia: person('mia'),
    gus: person('gus'),
    bob: person('bob'),
    admin: person('admin'),
    productId: () => madeInBeforeAll(() => cast, 'the product cast').productId,
    teamId: () => madeInBeforeAll(() => cast, 'the product cast').teamId,
  };
}
