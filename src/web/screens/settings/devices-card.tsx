import { formatDistanceToNow } from 'date-fns';
import { MonitorSmartphone } from 'lucide-react';
import type { DeviceSession } from '#shared/account-schemas';
import { useDeviceSessions, useSignOutDevice, useSignOutOtherDevices } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { toast } from '../../hooks/use-toast.js';

function lastActive(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : `Last active ${formatDistanceToNow(date, { addSuffix: true })}`;
}

/** Where and when a device was last used: 'Berlin · Last active 2 hours ago'. */
function whereAndWhen(session: DeviceSession): string {
  const when = session.current ? 'Active now' : lastActive(session.lastSeenAt);
  return session.place ? `${session.place} · ${when}` : when;
}

/** The device as its button names it: 'Chrome on Android in Berlin, last active 2 hours ago'. */
function deviceName(session: DeviceSession): string {
  const where = session.place ? ` in ${session.place}` : '';
  return `${session.browser}${where}, ${lastActive(session.lastSeenAt).toLowerCase()}`;
}

/** The devices signed in to this account, with a way to sign out any of the others. */
export function DevicesCard() {
  const sessions = useDeviceSessions();
  const signOutDevice = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const endSession = (session: DeviceSession) =>
    signOutDevice.mutate(session.id, {
      onSuccess: () =>
        toast({
          title: 'Signed out',
          description: session.place ? `${session.browser} in ${session.place}` : session.browser,
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not sign out that device',
          description: serverMessage(error) ?? 'Please try again',
        }),
    });

  const endOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) =>
        toast({
          title: 'Signed out everywhere else',
          description: `${signedOut} ${signedOut === 1 ? 'device' : 'devices'} signed out.`,
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not sign out other devices',
          description: serverMessage(error) ?? 'Please try again',
        }),
    });

  return (
    <Card role="region" aria-labelledby="devices-heading">
      <CardHeader>
        <h2 id="devices-heading" className="font-serif text-lg font-semibold leading-tight">
          Signed-in devices
        </h2>
        <CardDescription>Where your account is open right now.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Loading your devices</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : sessions.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">Your devices could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul aria-label="Devices" className="flex flex-col divide-y divide-border">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <MonitorSmartphone
                  className="size-5 shrink-0 text-muted-foreground"
                  aria-hidden="true"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {session.browser}
                    {session.current && <Badge variant="secondary">This device</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">{whereAndWhen(session)}</p>
                </div>
                {!session.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${deviceName(session)}`}
                    disabled={signOutDevice.isPending && signOutDevice.variables === session.id}
                    onClick={() => endSession(session)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others.length > 0 && (
          <Button
            variant="outline"
            className="sm:self-end"
            disabled={signOutOthers.isPending}
            onClick={endOthers}
          >
            Sign out everywhere else
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
