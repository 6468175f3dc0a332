import { Handshake } from 'lucide-react';
import { PARTNER_TEXTS } from '@ops/shared/schemas/partner';
import { Badge } from '@/components/ui/badge.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { CohortReviewsTab } from './cohort-reviews-tab.tsx';
import { PartnerMaterialsTab } from './partner-materials-tab.tsx';

/** The accrediting partner's portal: cohort reviews and course materials. */
export function PartnerDashboard({ name }: { name: string }) {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="grid gap-2">
        <Badge variant="accent" className="w-fit">
          <Handshake className="size-3.5" aria-hidden="true" />
          {PARTNER_TEXTS.badge}
        </Badge>
        <h1 className="text-3xl font-bold tracking-tight break-words">{PARTNER_TEXTS.title}</h1>
        <p className="text-lg break-words text-muted-foreground">
          Welcome, {name}. {PARTNER_TEXTS.welcome}
        </p>
      </header>
      <Tabs defaultValue="cohorts" className="min-w-0">
        <TabsList aria-label="Partner portal sections" className="w-full justify-start sm:w-auto">
          <TabsTrigger value="cohorts">{PARTNER_TEXTS.cohortsTab}</TabsTrigger>
          <TabsTrigger value="materials">{PARTNER_TEXTS.materialsTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="cohorts">
          <h2 className="sr-only">{PARTNER_TEXTS.cohortsTab}</h2>
          <CohortReviewsTab />
        </TabsContent>
        <TabsContent value="materials">
          <h2 className="sr-only">{PARTNER_TEXTS.materialsTab}</h2>
          <PartnerMaterialsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
