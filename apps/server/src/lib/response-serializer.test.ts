import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../testing/http.ts';

// Serializers compile on a route's first answer (lib/response-serializer.ts), so a response
// schema fast-json-stringify cannot compile would only show as a 500 on that route's first call.
// Here every route's serializer is compiled as the app is built, and each failure is named.

const compiled: string[] = [];
const failures: string[] = [];
vi.mock('./response-serializer.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./response-serializer.ts')>();
  return {
    ...original,
    responseSerializerCompiler: (route: Parameters<typeof original.responseSerializerCompiler>[0]) => {
      const name = `${route.method} ${route.url} ${route.httpStatus}`;
      try {
        original.compileResponseSerializer(route.schema, route.method, route.url);
        compiled.push(name);
      } catch (error) {
        failures.push(`${name}: ${(error as Error).cause ?? error}`);
      }
      return original.responseSerializerCompiler(route);
    },
  };
});

// The file's app is built, and ready, before the test: every serializer is compiled by then.
useTestApp();

describe('response serializers', () => {
  it('compile for every response schema of every route', () => {
    expect(failures).toEqual([]);
    expect(compiled.length).toBeGreaterThan(100);
  });
});
