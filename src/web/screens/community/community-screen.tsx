import { CircleSummaries } from '../../components/circle-summaries.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { useFriendRequests } from '../../api/friends.js';
import { DiscoverTab } from './discover-tab.js';
import { FriendsTab } from './friends-tab.js';
import { RequestsTab } from './requests-tab.js';

export function CommunityScreen() {
  const { data: requests } = useFriendRequests();
  const receivedCount = requests?.received.length ?? 0;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold">Your Community</h1>
        <p className="mt-2 text-muted-foreground">Connect and share your journey with friends</p>
      </header>
      <CircleSummaries />
      <Tabs defaultValue="friends">
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
