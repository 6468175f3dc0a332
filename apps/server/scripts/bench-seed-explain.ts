/** The plans of the statements each screen runs, with any sequential scan of a big table in them. */
import type { Raw, Recorded } from './bench-seed-database.ts';

/** The big tables: a sequential scan of one of these in a screen's query is a defect. */
const BIG_TABLES = ['guards', 'profiles', 'users', 'bookings', 'payments', 'reviews', 'sessions', 'accounts', 'certificates', 'enrollments'];
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG_TABLES.includes(node['Relation Name'])) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

export async function explainStatements(raw: Raw, statements: Record<string, Recorded[]>) {
  const explain: Record<string, { statement: number; seqScans: string[] }[]> = {};
  for (const [name, list] of Object.entries(statements)) {
    explain[name] = [];
    for (const [index, statement] of list.entries()) {
      const [row] = await raw(`explain (format json) ${statement.sql}`, statement.params);
      const plan = (row?.['QUERY PLAN'] as { Plan: PlanNode }[] | string | undefined) ?? [];
      const parsed = typeof plan === 'string' ? (JSON.parse(plan) as { Plan: PlanNode }[]) : plan;
      explain[name].push({ statement: index + 1, seqScans: parsed[0] ? seqScans(parsed[0].Plan) : ['(no plan)'] });
    }
  }
  return explain;
}
