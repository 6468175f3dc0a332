/** The console's Training endpoints, and the keys under which the cache keeps what they answer. */
export const TRAINING_BASE = '/api/admin/training';
export const TRAINING_KEY = ['admin', 'training'] as const;

/** A course's sessions, announcements and materials (every course's without an id). */
export const courseContentKey = (courseId?: string) => (courseId === undefined ? [...TRAINING_KEY, 'content'] : [...TRAINING_KEY, 'content', courseId]);
