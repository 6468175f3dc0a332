/** The audit trail's export writes CSV with the one helper (lib/csv.ts). */
export { csvCell, csvLine } from '../../lib/csv.ts';
