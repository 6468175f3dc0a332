import { lazy } from 'react';

/** The enrolment dialog's code, fetched the first time someone signed in reaches for 'Enroll Now'. */
export const loadEnrollDialog = () => import('./enroll-dialog.tsx');

export const LazyEnrollDialog = lazy(() => loadEnrollDialog().then((m) => ({ default: m.EnrollDialog })));
