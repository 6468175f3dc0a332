import { describe, expect, it } from 'vitest';
import { cn } from '@/lib/utils.ts';
import { FIRST_LOAD_CLASSES } from './first-load-classes.ts';

describe('classes resolved ahead of time for the first page', () => {
  it.each(Object.entries(FIRST_LOAD_CLASSES))('%s is what cn() makes of its parts', (_name, { merge, className }) => {
    expect(className).toBe(cn(...merge));
  });
});
