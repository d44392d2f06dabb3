// Response serialization, before and after issue 17: the same answers (a page of 50 products with
// their 5 newest activity entries each, and a 200-task board column) serialized by
//   before: zod's safeEncode against the response schema, then JSON.stringify (the zod type
//           provider's serializer, used until issue 17), and
//   after:  fast-json-stringify compiled from the JSON schema of the same zod schema
//           (apps/server/src/lib/response-serializer.ts, what the server uses now).
// Both run in this one process, alternated, on the same machine: the figures are CPU time per
// answer (median of 7 rounds). The outputs are checked to be the same JSON.
//
// Usage: node --import tsx bench/serialize.mjs

import { randomUUID } from 'node:crypto';
import { ProductListSchema, TaskListSchema } from '@shipyard/shared';
import { safeEncode } from 'zod/v4/core';
import { responseSerializerCompiler } from '../apps/server/src/lib/response-serializer.ts';

const iso = () => new Date(Date.UTC(2026, 10, 1, 12, 0, 0)).toISOString();
const person = (i) => ({
  _id: randomUUID(),
  name: `Person ${i}`,
  avatar_url: i % 3 ? null : `/api/avatars/${i}.png`,
});

const product = (i) => ({
  id: randomUUID(),
  _id: randomUUID(),
  name: `Product ${i}`,
  description: 'A product that moves from planning to production. '.repeat(3),
  status: 'development',
  priority: 'high',
  team_size: 5,
  progress: 42,
  start_date: '2026-01-01',
  target_end_date: '2026-12-31',
  created_by: randomUUID(),
  archived_at: null,
  createdAt: iso(),
  updatedAt: iso(),
  creator: person(i),
  active_members: 7,
  activity_log: Array.from({ length: 5 }, (_, j) => ({
    _id: randomUUID(),
    id: randomUUID(),
    actionType: 'task_status_updated',
    description: `Task ${j} moved to In Progress`,
    metadata: { status: 'In Progress' },
    projectId: randomUUID(),
    productName: `Product ${i}`,
    performedBy: randomUUID(),
    performer: person(j),
    createdAt: iso(),
    updatedAt: iso(),
  })),
});

const task = (i) => ({
  id: randomUUID(),
  _id: randomUUID(),
  title: `Task ${i}: make the thing work`,
  description: 'What needs doing, in a few sentences of markdown. '.repeat(4),
  status: 'In Progress',
  priority: 'medium',
  phase: i % 2 ? 'development' : null,
  dueDate: i % 4 ? '2026-12-01' : null,
  teamId: randomUUID(),
  team: { id: randomUUID(), name: 'Core' },
  assigneeId: i % 5 ? randomUUID() : null,
  assignee: i % 5 ? { id: randomUUID(), name: `Person ${i}`, avatar_url: null } : null,
  projectId: randomUUID(),
  product_id: randomUUID(),
  project: { id: randomUUID(), name: 'Product' },
  createdBy: randomUUID(),
  completedAt: null,
  createdAt: iso(),
  updatedAt: iso(),
});

const cases = [
  {
    name: 'products list (50, 5 activities each)',
    schema: ProductListSchema,
    data: { data: Array.from({ length: 50 }, (_, i) => product(i)), total: 200, page: 1, limit: 50 },
  },
  {
    name: 'board column (200 tasks)',
    schema: TaskListSchema,
    data: { data: Array.from({ length: 200 }, (_, i) => task(i)), total: 400, nextCursor: 'abc' },
  },
];

const before = (schema) => (data) => {
  const result = safeEncode(schema, data);
  if (result.error) throw result.error;
  return JSON.stringify(result.data);
};
const after = (schema) => responseSerializerCompiler({ schema, method: 'GET', url: '/bench' });

function timePerCall(fn, data, iterations) {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) fn(data);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / iterations;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const rows = [];
for (const c of cases) {
  // TaskSchema may have grown fields this generator does not fill: compare on what both accept.
  const fns = { before: before(c.schema), after: after(c.schema) };
  const sameJson =
    JSON.stringify(JSON.parse(fns.before(c.data))) === JSON.stringify(JSON.parse(fns.after(c.data)));
  for (const fn of Object.values(fns)) timePerCall(fn, c.data, 200); // warm-up (JIT)
  const times = { before: [], after: [], floor: [] };
  for (let round = 0; round < 7; round++) {
    times.before.push(timePerCall(fns.before, c.data, 300));
    times.after.push(timePerCall(fns.after, c.data, 300));
    times.floor.push(timePerCall(JSON.stringify, c.data, 300));
  }
  const [b, a, floor] = [median(times.before), median(times.after), median(times.floor)];
  rows.push({ name: c.name, bytes: fns.after(c.data).length, before: b, after: a, floor, sameJson });
}

// "JSON.stringify" is the floor: stringifying the object with no schema at all.
console.log(
  'answer                                  bytes   before ms   after ms   speed-up  JSON.stringify ms  same JSON',
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(38)} ${String(r.bytes).padStart(7)} ${r.before.toFixed(3).padStart(10)} ${r.after.toFixed(3).padStart(10)} ${`${(r.before / r.after).toFixed(1)}×`.padStart(10)} ${r.floor.toFixed(3).padStart(18)}  ${r.sameJson ? 'yes' : 'NO'}`,
  );
}
if (rows.some((r) => !r.sameJson)) process.exit(1);
