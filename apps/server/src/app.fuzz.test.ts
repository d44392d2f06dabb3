import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from './platform/session.ts';
import { addMember, createProduct, createTask, createTeam, createUser } from './testing/factories.ts';
import { UNKNOWN_ID } from './testing/http.ts';
import { type FuzzRequest, requestsFor } from './testing/openapi-fuzz.ts';
import { type Fixtures, operationsOf, problemsOf, type Role } from './testing/openapi-operations.ts';
import { sweepRequests } from './testing/openapi-sweep.ts';
import { buildTestApp, type TestContext } from './testing/test-app.ts';

// Every operation of /api/openapi.json, fuzzed (docs/security.md): malformed, oversized,
// wrong-typed and hostile bodies, path parameters and query strings, sent by an anonymous client,
// a signed-in guest and a member. Whatever comes in, the server answers within 5 s, with a 4xx
// or a success, never a 5xx, a stack trace or SQL. `npm test` runs a few cases per operation with
// a fixed seed; `npm run fuzz` runs many more with a random one (FUZZ_RUNS, FUZZ_SEED override).

const LONG_RUN = process.env.FUZZ === '1';
const RUNS = Number(process.env.FUZZ_RUNS ?? (LONG_RUN ? 300 : 25));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : LONG_RUN ? undefined : 20_261_125;
const HANG_MS = 5_000;

// One app for the whole file; its OpenAPI document (as /api/openapi.json serves it) lists the operations.
const ctx: TestContext = await buildTestApp();
const operations = operationsOf(ctx.app.swagger() as never);
let fixtures: Fixtures;
const userIds: Record<Exclude<Role, 'anonymous'> | 'admin', string> = { guest: '', member: '', admin: '' };

beforeAll(async () => {
  userIds.guest = (await createUser(ctx, { role: 'guest', name: 'Gus Guest' })).id;
  userIds.member = (await createUser(ctx, { role: 'member', name: 'Mia Member' })).id;
  userIds.admin = (await createUser(ctx, { role: 'admin', name: 'Ada Admin' })).id;
});

// A fresh product, team and task for each operation: a fuzzed DELETE must not leave the next
// operation with nothing to find.
beforeEach(async () => {
  const product = await createProduct(ctx, userIds.member, { name: 'Fuzzed' });
  const team = await createTeam(ctx, product.id);
  await addMember(ctx, team.id, userIds.member, { isLead: true });
  await addMember(ctx, team.id, userIds.guest);
  const task = await createTask(ctx, product.id, { assigneeId: userIds.guest });
  fixtures = {
    ids: [product.id, team.id, task.id, userIds.member, userIds.guest, UNKNOWN_ID],
    named: { product: product.id, team: team.id, task: task.id, user: userIds.member },
  };
});
afterAll(() => ctx.close());

const sessions = () => createSessionStore(ctx.db, ctx.clock);

/** Sends the request as its role (a fresh session each time: a fuzzed sign-out must not stop the run). */
async function send(req: FuzzRequest, signIn = true): Promise<LightMyRequestResponse | 'hung'> {
  const headers = { ...req.headers };
  if (signIn && req.role !== 'anonymous') {
    headers.authorization = `Bearer ${await sessions().create(userIds[req.role], {})}`;
  }
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), HANG_MS);
  });
  try {
    return await Promise.race([
      ctx.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers,
        ...(req.payload === undefined ? {} : { payload: req.payload }),
      }),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('every operation of the OpenAPI document, fuzzed', () => {
  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s answers hostile input without a 5xx, a hang or a leak',
    async (_name, op) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(op, fixtures), async (req) => {
          const res = await send(req);
          if (res === 'hung') throw new Error(`no answer within ${HANG_MS / 1000} s`);
          const problems = problemsOf(res);
          if (problems.length) throw new Error(problems.join('\n'));
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: !LONG_RUN },
      );
    },
    LONG_RUN ? RUNS * 6 * HANG_MS : 60_000,
  );
});

describe('every string parameter and field, poisoned one at a time', () => {
  // Deterministic, beside the random run: each path parameter, query parameter and string body
  // field gets each poison (NUL, lone surrogates, LIKE wildcards, SQL, traversal, 100 000
  // characters) while the rest of the request is valid, sent by the member who owns the fixtures
  // and by an admin, so the value reaches the service and the database. PATCH and PUT also get {}.
  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    async (_name, op) => {
      const failures: string[] = [];
      for (const role of ['member', 'admin'] as const) {
        for (const req of sweepRequests(op, fixtures)) {
          const headers: Record<string, string> = {
            authorization: `Bearer ${await sessions().create(userIds[role], {})}`,
          };
          if (req.payload !== undefined) headers['content-type'] = 'application/json';
          const res = await send(
            { role: 'member', method: req.method, url: req.url, headers, payload: req.payload },
            false,
          );
          const problems = res === 'hung' ? [`no answer within ${HANG_MS / 1000} s`] : problemsOf(res);
          for (const problem of problems) failures.push(`${role}, ${req.poisoned}: ${problem.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
    },
    60_000,
  );
});
