import { Redis } from 'ioredis';

// Suites that need Redis run where one answers on REDIS_TEST_URL (default the machine's
// 127.0.0.1:6379, which this project's CI machines have); elsewhere they are skipped, said in
// their name.

export const redisTestUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

export async function redisReachable(url = redisTestUrl): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
