/**
 * The console's certificate endpoints sit under the Training ones on the server, and their cache
 * under the Training key: saving or deleting a cohort or a session reads the Training view again,
 * the candidates with it.
 */
export const CONSOLE_CERTIFICATES_BASE = '/api/admin/training';

/** The certificates: the list, each cohort's candidates, each run. */
export const CERTIFICATES_KEY = ['admin', 'training', 'certificates'] as const;
