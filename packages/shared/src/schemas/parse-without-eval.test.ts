import { expect, it, vi } from 'vitest';

it('makes Zod parse without compiling code: no eval probe under a strict Content-Security-Policy', async () => {
  vi.resetModules();
  const { parseWithoutEval } = await import('./parse-without-eval.ts');
  parseWithoutEval();
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
  const z = await import('zod');
  const functionSpy = vi.spyOn(globalThis, 'Function');
  const schema = z.object({ ref: z.string().min(3), count: z.number().int() });
  expect(schema.parse({ ref: 'OPS', count: 2 })).toEqual({ ref: 'OPS', count: 2 });
  expect(schema.safeParse({ ref: 'O', count: 1.5 }).success).toBe(false);
  expect(functionSpy).not.toHaveBeenCalled();
  functionSpy.mockRestore();
  config({ jitless: false });
});
