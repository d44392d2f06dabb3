// The benchmark's accounts: seeded by bench/seed.mjs, signed in by every benchmark.

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_ADMIN = 'bench-admin@example.com';
export const BENCH_MEMBER = 'bench-member@example.com';
export const BENCH_EMAILS = 'bench-%@example.com';
