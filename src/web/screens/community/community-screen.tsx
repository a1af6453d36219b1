import { CircleSummaries } from '../../components/circle-summaries.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { useFriendRequests } from '../../api/friends.js';
import { DiscoverTab } from './discover-tab.js';
import { FriendsTab } from './friends-tab.js';
import { RequestsTab } from './requests-tab.js';

export function CommunityScreen() {
  const { data: requests } = useFriendRequests();
  const receivedCount = requests?.received.length ?? 0;

  // On a wide screen the circles stand in a column of their own beside the people.
  return (
    <div
      data-wide-layout
      className="flex flex-col gap-6 @5xl/shell:grid @5xl/shell:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] @5xl/shell:items-start @5xl/shell:gap-x-8"
    >
      <header className="@5xl/shell:col-span-2">
        <h1 className="font-serif text-3xl font-semibold">Your Community</h1>
        <p className="mt-2 text-muted-foreground">Connect and share your journey with friends</p>
      </header>
      <CircleSummaries />
      <Tabs defaultValue="friends" className="min-w-0">
        <TabsList>
          <TabsTrigger value="friends">Friends</TabsTrigger>
          <TabsTrigger value="requests">
            Requests
            {receivedCount > 0 && (
              <span
                className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold leading-5 text-primary-foreground"
                data-testid="received-count"
              >
                {receivedCount}
                <span className="sr-only"> received</span>
              </span>
            )}
          </TabsTrigger>
          <TabsTrigger value="discover">Discover</TabsTrigger>
        </TabsList>
        <TabsContent value="friends">
          <FriendsTab />
        </TabsContent>
        <TabsContent value="requests">
          <RequestsTab />
        </TabsContent>
        <TabsContent value="discover">
          <DiscoverTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
