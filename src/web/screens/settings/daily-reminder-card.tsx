import { BellRing, Info } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.js';
import { FileThenAddToDock, ShareThenAddToHomeScreen } from '../../components/install-steps.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { FieldError, Input, Label, Switch } from '../../components/ui/form-controls.js';
import { serverMessage } from '../../api/client.js';
import { toast } from '../../hooks/use-toast.js';
import {
  notificationPermission,
  reminderBrowserFacts,
  requestNotificationPermission,
  showReminder,
} from '../../reminders/reminder-notification.js';
import {
  type ReminderBrowserFacts,
  type ReminderOffer,
  allowNotificationsSteps,
  reminderOffer,
} from '../../reminders/reminder-offer.js';
import {
  changePushReminderTime,
  currentPushSubscription,
  disablePushReminder,
  enablePushReminder,
} from '../../reminders/push-reminders.js';
import { PRODUCT_NAME } from '#shared/constants';
import { isReminderTime, reminderDay } from '#shared/reminder-schedule';
import { useNotificationSettings } from '../../reminders/use-notification-settings.js';

/** How long Save waits before it says the settings were saved. */
const SAVE_FEEDBACK_DELAY_MS = 500;

const notSupportedToast = {
  variant: 'destructive',
  title: 'Not Supported',
  description: "Your browser doesn't support notifications.",
} as const;

/** How the reminder reaches the reader on this device. */
type Delivery = 'push' | 'in-page';

const deliveryText: Record<Delivery, string> = {
  push: 'Reminders arrive even when the app is closed.',
  'in-page': 'Reminders appear while the app is open in a tab.',
};

/** A quiet note in the card, with its icon beside the words. */
function ReminderNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="note"
      className="flex gap-2 rounded-lg border border-border bg-muted p-3 text-sm text-muted-foreground max-[359px]:p-2"
    >
      {/* On the narrowest screens the words need the icon's room to keep whole. */}
      <Info className="mt-0.5 size-4 shrink-0 max-[359px]:hidden" aria-hidden="true" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}

/** Where the reminder cannot be switched on here, what would make it possible, if anything. */
function NoReminderHere({ offer }: { offer: Exclude<ReminderOffer, { kind: 'switch' }> }) {
  if (offer.kind === 'add-to-home-screen') {
    return (
      <ReminderNote>
        On iPhone and iPad, adding {PRODUCT_NAME} to your Home Screen turns daily reminders on (iOS
        16.4 and later). To add it, <ShareThenAddToHomeScreen />, then open it from your Home Screen
        and switch on Daily Reminder there.
      </ReminderNote>
    );
  }
  if (offer.kind === 'update-ios') {
    return (
      <ReminderNote>
        Daily reminders need iOS 16.4 or later. Once this device is updated, switch them on here.
      </ReminderNote>
    );
  }
  return (
    <ReminderNote>
      Daily reminders aren&apos;t available in this browser: they need notifications and a service
      worker, which it doesn&apos;t offer.
      {offer.addToDock && (
        <>
          {' '}
          Added to your Dock, the app has them: <FileThenAddToDock />, then open it from the Dock.
        </>
      )}
    </ReminderNote>
  );
}

/**
 * The daily reminder: a switch that asks for permission, the time, Save and a test. Where the
 * browser offers Web Push the reminder comes from the server; else the open app shows it. Where
 * it cannot work at all there is no switch, only what would make it work (reminder-offer.ts).
 */
export function DailyReminderCard() {
  const [facts] = useState(reminderBrowserFacts);
  const offer = reminderOffer(facts);
  if (offer.kind !== 'switch') {
    return (
      <Card role="region" aria-labelledby="daily-reminder">
        <ReminderCardHeader />
        <CardContent>
          <NoReminderHere offer={offer} />
        </CardContent>
      </Card>
    );
  }
  return <ReminderSwitchCard delivers={offer.delivery} facts={facts} />;
}

function ReminderCardHeader({ status, children }: { status?: ReactNode; children?: ReactNode }) {
  return (
    <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
      <div className="flex flex-col gap-1.5">
        <h2 id="daily-reminder" className="font-serif text-lg font-semibold leading-tight">
          Daily Reminder
        </h2>
        <CardDescription id="daily-reminder-description">
          A gentle nudge each day to return to the day&apos;s stanza.
        </CardDescription>
        {status}
      </div>
      {children}
    </CardHeader>
  );
}

/** The reminder where it can work: by push, or in the open tab where the browser has no push. */
function ReminderSwitchCard({
  delivers,
  facts,
}: {
  delivers: Delivery;
  facts: ReminderBrowserFacts;
}) {
  const navigate = useNavigate();
  const { settings, update } = useNotificationSettings();
  const [permission, setPermission] = useState(notificationPermission);
  const [time, setTime] = useState(settings.time);
  const [timeError, setTimeError] = useState<string>();
  const [askingPermission, setAskingPermission] = useState(false);
  const [saving, setSaving] = useState(false);
  const [delivery, setDelivery] = useState<Delivery>();
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(saveTimer.current), []);

  useEffect(() => {
    if (!settings.enabled) return;
    let current = true;
    void currentPushSubscription().then((subscription) => {
      if (current) setDelivery(subscription ? 'push' : 'in-page');
    });
    return () => {
      current = false;
    };
  }, [settings.enabled]);

  const changeEnabled = async (enabled: boolean) => {
    if (!enabled) {
      update({ enabled: false });
      setDelivery(undefined);
      toast({ title: 'Notifications Disabled' });
      await disablePushReminder();
      return;
    }
    setAskingPermission(true);
    const granted = await requestNotificationPermission();
    setPermission(notificationPermission());
    const viaPush = granted && (await enablePushReminder(settings.time));
    setAskingPermission(false);
    if (!granted) {
      toast({
        variant: 'destructive',
        title: 'Permission Denied',
        description: 'Please allow notifications in your browser settings.',
      });
      return;
    }
    setDelivery(viaPush ? 'push' : 'in-page');
    update({ enabled: true, time: settings.time });
    setTime(settings.time);
    setTimeError(undefined);
    toast({
      title: 'Notifications Enabled',
      description: `You'll receive daily reminders at ${settings.time}`,
    });
  };

  const saveTime = (event: FormEvent) => {
    event.preventDefault();
    if (!isReminderTime(time)) {
      setTimeError('Please choose a time for your reminder.');
      return;
    }
    setTimeError(undefined);
    update({ time });
    setSaving(true);
    const pause = new Promise((resolve) => {
      // A short pause so the confirmation reads as the result of the save, not an echo of the tap.
      saveTimer.current = setTimeout(resolve, SAVE_FEEDBACK_DELAY_MS);
    });
    const savedOnServer = delivery === 'push' ? changePushReminderTime(time) : null;
    void Promise.all([savedOnServer, pause]).then(
      () => {
        setSaving(false);
        toast({ title: 'Settings Saved', description: `Notification time updated to ${time}` });
      },
      (error: unknown) => {
        setSaving(false);
        toast({
          variant: 'destructive',
          title: 'Save Failed',
          description:
            serverMessage(error) ?? 'The reminder time could not be saved. Please try again.',
        });
      },
    );
  };

  const sendTest = async () => {
    if (notificationPermission() !== 'granted') {
      toast({
        variant: 'destructive',
        title: 'Enable Notifications First',
        description: 'Please enable notifications before testing.',
      });
      return;
    }
    const shown = await showReminder(
      reminderDay(new Date()),
      (day) => void navigate(paths.dailyRitual.getHref(day)),
    );
    toast(shown ? { title: 'Test Sent' } : notSupportedToast);
  };

  const blocked = permission === 'denied' && !settings.enabled && !askingPermission;
  const inPageOnly = !settings.enabled && !blocked && delivers === 'in-page';
  return (
    <Card role="region" aria-labelledby="daily-reminder">
      <ReminderCardHeader
        status={
          // Always in the page (taking no room while empty), so the words are read out as they appear.
          <p role="status" className="text-sm text-muted-foreground empty:-mt-1.5">
            {askingPermission ? 'Waiting for your browser\u2019s permission\u2026' : null}
          </p>
        }
      >
        <Switch
          className="mt-1"
          aria-labelledby="daily-reminder"
          aria-describedby="daily-reminder-description"
          checked={settings.enabled}
          disabled={askingPermission}
          onCheckedChange={(checked) => void changeEnabled(checked)}
        />
      </ReminderCardHeader>
      {(blocked || inPageOnly || settings.enabled) && (
        <CardContent className="flex flex-col gap-5">
          {blocked && (
            <ReminderNote>
              Notifications are blocked for this site. {allowNotificationsSteps(facts)}
            </ReminderNote>
          )}
          {inPageOnly && <p className="text-sm text-muted-foreground">{deliveryText['in-page']}</p>}
          {settings.enabled && (
            <>
              {delivery && (
                <p className="text-sm text-muted-foreground" data-testid="reminder-delivery">
                  {deliveryText[delivery]}
                </p>
              )}
              <form noValidate onSubmit={saveTime} className="flex flex-col gap-2">
                <Label htmlFor="reminder-time">Reminder time</Label>
                <div className="flex flex-wrap gap-3">
                  <Input
                    id="reminder-time"
                    type="time"
                    required
                    className="w-36"
                    value={time}
                    onChange={(event) => setTime(event.target.value)}
                    aria-invalid={timeError ? true : undefined}
                    aria-describedby={timeError ? 'reminder-time-error' : undefined}
                  />
                  <Button type="submit" disabled={saving}>
                    {saving ? 'Saving...' : 'Save'}
                  </Button>
                </div>
                <FieldError id="reminder-time-error" message={timeError} />
              </form>
              {/* At 200% page zoom "Notification" alone fills the line: the bell makes way. */}
              <Button
                type="button"
                variant="outline"
                className="self-start max-[259px]:[&_svg]:hidden"
                onClick={() => void sendTest()}
              >
                <BellRing aria-hidden="true" /> Send Test Notification
              </Button>
            </>
          )}
        </CardContent>
      )}
    </Card>
  );
}
