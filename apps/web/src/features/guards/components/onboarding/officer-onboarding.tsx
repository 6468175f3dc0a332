import { useEffect, useState } from 'react';
import { RotateCw, Search, UserSearch } from 'lucide-react';
import { OFFICER_TAB_LABELS, OFFICER_TABS, type OfficerTab } from '@ops/shared/domain/officer-onboarding';
import type { AdminOfficerPage } from '@ops/shared/schemas/admin';
import { ADMIN_SEARCH_MAX, pageCount } from '@ops/shared/schemas/admin-list';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { messageFrom } from '@/lib/notify.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { cn } from '@/lib/utils.ts';
import { useAdminListState } from '@/components/console/use-admin-list-state.ts';
import { useOfficers } from '../../api/get-officers.ts';
import { OfficerCard } from './officer-card.tsx';
import { OfficerPager } from './officer-pager.tsx';
import { GuardProfileDialog, type GuardProfileTarget } from '../console/guard-profile-dialog.tsx';
import { OfficerProfileActions } from './officer-profile-actions.tsx';
import { RejectOfficerDialog, type RejectTarget } from './reject-officer-dialog.tsx';

const isTab = (value: string): value is OfficerTab => (OFFICER_TABS as readonly string[]).includes(value);

const tabLabel = (tab: OfficerTab, counts: AdminOfficerPage['counts'] | undefined) =>
  counts ? `${OFFICER_TAB_LABELS[tab]} (${counts[tab]})` : OFFICER_TAB_LABELS[tab];

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading officers" className="grid gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-56 animate-pulse rounded-xl bg-muted" aria-hidden="true" />
      ))}
    </div>
  );
}

/**
 * Officer Onboarding: guards by where they are (Pending, Onboarding, Deployment Ready, Rejected),
 * with each tab's count, their onboarding stages, approval and rejection, and their full profile.
 */
export function OfficerOnboarding() {
  const list = useAdminListState({ defaultSort: 'created', defaultDir: 'desc', filters: { tab: 'pending' } });
  const { q, page, setPage } = list;
  const tab: OfficerTab = isTab(list.filters.tab) ? list.filters.tab : 'pending';
  const query = new URLSearchParams(list.apiQuery);
  query.set('tab', tab);
  const officers = useOfficers(query.toString());
  const loadFailed = officers.error ? `Failed to load officers: ${messageFrom(officers.error)}` : '';
  useErrorToast(officers.error, loadFailed);
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const [viewing, setViewing] = useState<GuardProfileTarget | null>(null);

  const data = officers.data;
  const stale = officers.isPlaceholderData;
  // The last officer of the last page moved to another tab: show the page that still exists.
  const lastPage = data && !stale ? pageCount(data.total, data.pageSize) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage]);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-xl font-semibold">Officer Onboarding</h2>
        <div className="relative w-full sm:max-w-sm">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search officers"
            placeholder="Name, e-mail, phone or specialization"
            className="pl-9"
            maxLength={ADMIN_SEARCH_MAX}
            value={list.searchInput}
            onChange={(event) => list.setSearchInput(event.target.value)}
          />
        </div>
      </div>

      <Tabs value={tab} onValueChange={(value) => isTab(value) && list.setFilter('tab', value)}>
        <TabsList aria-label="Onboarding status" className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          {OFFICER_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {tabLabel(t, data?.counts)}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value={tab} className="grid gap-3" aria-busy={officers.isFetching}>
          {!data ? (
            officers.isError ? (
              <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 p-6">
                <p className="font-semibold text-destructive">{loadFailed}</p>
                <Button variant="outline" onClick={() => void officers.refetch()} disabled={officers.isFetching}>
                  <RotateCw aria-hidden="true" />
                  Try again
                </Button>
              </div>
            ) : (
              <ListSkeleton />
            )
          ) : data.items.length === 0 ? (
            <EmptyState icon={UserSearch} headingLevel="h3" title={q ? `No officers match “${q}”` : `No officers in ${OFFICER_TAB_LABELS[tab]}`} />
          ) : (
            <>
              <ul className={cn('grid gap-3 transition-opacity', stale && 'opacity-60')}>
                {data.items.map((officer) => (
                  <li key={officer.profileId}>
                    <OfficerCard officer={officer} onViewProfile={setViewing} onReject={setRejecting} />
                  </li>
                ))}
              </ul>
              <OfficerPager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )}
        </TabsContent>
      </Tabs>

      <RejectOfficerDialog officer={rejecting} onClose={() => setRejecting(null)} />
      <GuardProfileDialog
        guard={viewing}
        onClose={() => setViewing(null)}
        description="Officer profile"
        actions={(guard) => (
          <OfficerProfileActions
            guard={guard}
            onApproved={() => setViewing(null)}
            onReject={() => {
              setViewing(null);
              setRejecting({ profileId: guard.profileId, fullName: guard.fullName });
            }}
          />
        )}
      />
    </div>
  );
}
