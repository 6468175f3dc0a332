import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { formResolver } from './form-resolver.ts';

describe('formResolver', () => {
  it('validates without compiling code at run time (our CSP allows no eval)', async () => {
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ email: z.email('Enter a valid e-mail address'), password: z.string().min(1, 'Password is required') });
    const resolve = formResolver(schema);
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof resolve>[2];
    const bad = await resolve({ email: 'nope', password: '' }, undefined, options);
    expect(bad.errors).toMatchObject({ email: { message: 'Enter a valid e-mail address' }, password: { message: 'Password is required' } });
    const good = await resolve({ email: 'client@example.co.ke', password: 'x' }, undefined, options);
    expect(good.values).toEqual({ email: 'client@example.co.ke', password: 'x' });
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
