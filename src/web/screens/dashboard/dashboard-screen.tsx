import { BookHeart, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { FriendsReflections } from './friends-reflections.js';
import { MyJournal } from './my-journal.js';
import { YourJourneyCard } from './your-journey-card.js';

const FRIENDS_TAB = 'friends';
const JOURNAL_TAB = 'journal';

/** Friends' shared reflections and the reader's own journal, one tab each. */
export function DashboardScreen() {
  // The open tab lives in the address, so a reload or a back step returns to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === JOURNAL_TAB ? JOURNAL_TAB : FRIENDS_TAB;

  const openTab = (value: string) =>
    setSearchParams(value === JOURNAL_TAB ? { tab: JOURNAL_TAB } : {}, { replace: true });

  return (
    <div className="flex flex-col gap-5">
      <h1 className="sr-only">Dashboard</h1>
      <YourJourneyCard />
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList aria-label="Dashboard sections" className="min-h-11">
          <TabsTrigger value={FRIENDS_TAB} className="py-2">
            <Users aria-hidden="true" className="size-4" />
            Friends&apos; Reflections
          </TabsTrigger>
          <TabsTrigger value={JOURNAL_TAB} className="py-2">
            <BookHeart aria-hidden="true" className="size-4" />
            My Journal
          </TabsTrigger>
        </TabsList>
        <TabsContent value={FRIENDS_TAB} className="mt-6">
          <FriendsReflections />
        </TabsContent>
        <TabsContent value={JOURNAL_TAB} className="mt-6">
          <MyJournal />
        </TabsContent>
      </Tabs>
    </div>
  );
}
