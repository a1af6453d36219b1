import { BookHeart, Bookmark, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CircleSummaries } from '../../components/circle-summaries.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { AppreciatedNote } from './appreciated-note.js';
import { FriendsReflections } from './friends-reflections.js';
import { MyJournal } from './my-journal.js';
import { OnThisDayCard } from './on-this-day-card.js';
import { SavedStanzas } from './saved-stanzas.js';
import { YourJourneyCard } from './your-journey-card.js';
import { YourWeekCard } from './your-week-card.js';

const FRIENDS_TAB = 'friends';
const JOURNAL_TAB = 'journal';
const SAVED_TAB = 'saved';
const TABS_IN_ADDRESS: readonly string[] = [JOURNAL_TAB, SAVED_TAB];

/** Friends' shared reflections, the reader's own journal and their saved stanzas, one tab each. */
export function DashboardScreen() {
  // The open tab lives in the address, so a reload or a back step returns to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab') ?? '';
  const tab = TABS_IN_ADDRESS.includes(asked) ? asked : FRIENDS_TAB;

  const openTab = (value: string) =>
    setSearchParams(TABS_IN_ADDRESS.includes(value) ? { tab: value } : {}, { replace: true });

  // On a wide screen the progress stands in a column of its own beside the reflections.
  return (
    <div
      data-wide-layout
      className="flex flex-col gap-5 @5xl/shell:grid @5xl/shell:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] @5xl/shell:items-start @5xl/shell:gap-8"
    >
      <h1 className="sr-only">Dashboard</h1>
      {/* The reflections come first; the numbers about them follow (beside them on a wide screen). */}
      <div className="flex min-w-0 flex-col gap-5">
        <AppreciatedNote />
        <Tabs value={tab} onValueChange={openTab} className="min-w-0">
          <TabsList aria-label="Dashboard sections" className="min-h-11">
            <TabsTrigger value={FRIENDS_TAB} className="py-2">
              <Users aria-hidden="true" className="size-4" />
              Friends&apos; Reflections
            </TabsTrigger>
            <TabsTrigger value={JOURNAL_TAB} className="py-2">
              <BookHeart aria-hidden="true" className="size-4" />
              My Journal
            </TabsTrigger>
            <TabsTrigger value={SAVED_TAB} className="py-2">
              <Bookmark aria-hidden="true" className="size-4" />
              Saved
            </TabsTrigger>
          </TabsList>
          <TabsContent value={FRIENDS_TAB} className="mt-6">
            <FriendsReflections />
          </TabsContent>
          <TabsContent value={JOURNAL_TAB} className="mt-6">
            <MyJournal />
          </TabsContent>
          <TabsContent value={SAVED_TAB} className="mt-6">
            <SavedStanzas />
          </TabsContent>
        </Tabs>
      </div>
      <div className="flex min-w-0 flex-col gap-5">
        <OnThisDayCard />
        <YourJourneyCard />
        <YourWeekCard />
        <CircleSummaries />
      </div>
    </div>
  );
}
