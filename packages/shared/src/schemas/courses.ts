import { z } from 'zod';

/** One course as /api/courses/:id returns it. */
export const courseDetailDto = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number().int(),
});
export type CourseDetailDto = z.infer<typeof courseDetailDto>;
