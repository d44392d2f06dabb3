import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const valid: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the resolver on the first validation only, then validates with it', async () => {
    const load = vi.fn(async () => valid);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    await expect(resolver({ email: 'a@b.co' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.co' },
      errors: {},
    });
    await resolver({ email: 'c@d.co' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries to load again on the next validation when a load failed', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(valid);
    const resolver = lazyResolver(load);

    await expect(resolver({ email: 'a@b.co' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ email: 'a@b.co' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
