// The clients of bench/realtime.mjs: their users, sessions and memberships written in SQL, and one
// WebSocket each that records when each change arrived.

import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';

const CLIENT_EMAIL = (i) => `rt-client-${String(i).padStart(4, '0')}@example.com`;
const OUTSIDER_EMAIL = (i) => `rt-outsider-${String(i).padStart(4, '0')}@example.com`;
const sha256 = (value) => createHash('sha256').update(value).digest('hex');

/**
 * The clients' users, sessions and memberships, in SQL: `clients` active members of a new team of
 * the product, `outsiders` who may not see it (half only invited to that team, half active in a
 * team of another product). Returns a token per client.
 */
export async function prepareClients(databaseUrl, { clientCount, outsiderCount }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The product with the most tasks, and another one for half the outsiders.
    const { rows: productRows } = await client.query(
      `SELECT p.id, count(t.id)::int AS tasks FROM products p LEFT JOIN tasks t ON t.product_id = p.id
       GROUP BY p.id ORDER BY count(t.id) DESC, p.id LIMIT 2`,
    );
    if (productRows.length < 2 || productRows[0].tasks < 1)
      throw new Error('the seed made no product with tasks');
    const [product, otherProduct] = productRows;
    const { rows: taskRows } = await client.query(
      'SELECT id, status FROM tasks WHERE product_id = $1 ORDER BY id',
      [product.id],
    );

    await client.query('BEGIN');
    const team = async (productId, name) =>
      (
        await client.query(
          `INSERT INTO teams (product_id, name, description, team_type)
           VALUES ($1, $2, 'Realtime benchmark clients.', 'general') RETURNING id`,
          [productId, name],
        )
      ).rows[0].id;
    const teamId = await team(product.id, 'Realtime bench team');
    const otherTeamId = await team(otherProduct.id, 'Realtime bench outsiders');

    const people = [
      ...Array.from({ length: clientCount }, (_, i) => ({ email: CLIENT_EMAIL(i), visible: true, i })),
      ...Array.from({ length: outsiderCount }, (_, i) => ({ email: OUTSIDER_EMAIL(i), visible: false, i })),
    ].map((p) => ({ ...p, token: randomBytes(32).toString('base64url') }));
    const { rows: userRows } = await client.query(
      `INSERT INTO users (email, name, role, email_verified_at)
       SELECT e, 'Realtime client ' || n, 'member', now() FROM unnest($1::text[]) WITH ORDINALITY AS u(e, n)
       RETURNING id, email`,
      [people.map((p) => p.email)],
    );
    const idOf = new Map(userRows.map((r) => [r.email, r.id]));
    for (const p of people) p.userId = idOf.get(p.email);
    await client.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent)
       SELECT u, h, now() + interval '1 day', 'bench/realtime.mjs' FROM unnest($1::uuid[], $2::text[]) AS s(u, h)`,
      [people.map((p) => p.userId), people.map((p) => sha256(p.token))],
    );
    // Visible: active in the product's team. Outsiders: even ones only invited to that team, odd
    // ones active in a team of another product (they see something, just not this product).
    const memberships = people.map((p) =>
      p.visible
        ? [teamId, p.userId, 'active']
        : p.i % 2 === 0
          ? [teamId, p.userId, 'invited']
          : [otherTeamId, p.userId, 'active'],
    );
    await client.query(
      `INSERT INTO team_members (team_id, user_id, role, status, joined_at)
       SELECT t, u, 'developer', s, CASE WHEN s = 'active' THEN now() END
       FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS m(t, u, s)`,
      [memberships.map((m) => m[0]), memberships.map((m) => m[1]), memberships.map((m) => m[2])],
    );
    await client.query('COMMIT');
    return { productId: product.id, tasks: taskRows, people };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** A socket that records when each change arrived, by `${id}:${version}`. */
function openClient(server, person) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/api/realtime`, {
      headers: { authorization: `Bearer ${person.token}` },
    });
    const client = {
      ...person,
      process: server.name,
      socket,
      arrivals: new Map(),
      duplicates: 0,
      others: [], // any message but 'ready', 'pong' and changes
      closedWith: undefined,
    };
    const timer = setTimeout(() => reject(new Error(`${person.email}: no 'ready' in 10 s`)), 10_000);
    socket.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data));
      if (message.type === 'change') {
        const key = `${message.id}:${message.version}`;
        if (client.arrivals.has(key)) client.duplicates++;
        else client.arrivals.set(key, { at, message });
      } else if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(client);
      } else if (message.type !== 'pong') {
        client.others.push(message);
      }
    });
    socket.on('close', (code) => {
      client.closedWith = code;
      clearTimeout(timer);
      reject(new Error(`${person.email}: closed with ${code} before 'ready'`));
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('unexpected-response', (_req, res) => {
      clearTimeout(timer);
      reject(new Error(`${person.email}: HTTP ${res.statusCode}`));
    });
  });
}

/** Opens every client, `parallel` at a time. */
export async function openClients(servers, people, parallel = 20) {
  const clients = [];
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const person = people[next];
      // Visible clients alternate A, B, A …; outsiders in pairs (A A B B …), so that both kinds
      // of outsider (invited, other product) are on both processes.
      const server = servers[(person.visible ? person.i : person.i >> 1) % servers.length];
      next++;
      clients.push(await openClient(server, person));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return clients;
}
