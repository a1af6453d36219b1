import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/auth.js';
import { paths } from '../../app/paths.js';
import { buttonVariants } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { BlockedPeopleCard } from './blocked-people-card.js';
import { ChangePasswordCard } from './change-password-card.js';
import { CircleNoticesCard } from './circle-notices-card.js';
import { DailyReminderCard } from './daily-reminder-card.js';
import { DeleteAccountCard } from './delete-account-card.js';
import { DevicesCard } from './devices-card.js';
import { ProfileCard } from './profile-card.js';
import { ReadingComfortCard } from './reading-comfort-card.js';
import { WhoCanFindMeCard } from './who-can-find-me-card.js';
import { YourDataCard } from './your-data-card.js';
import { YourPaceCard } from './your-pace-card.js';

export function SettingsScreen() {
  const { data: user } = useCurrentUser();

  return (
    <div className="flex flex-col gap-5">
      <Link
        to={paths.dailyRitual.getHref()}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'self-start')}
      >
        <ArrowLeft aria-hidden="true" /> Back
      </Link>
      <h1 className="font-serif text-3xl font-semibold">Settings</h1>
      <ReadingComfortCard />
      <DailyReminderCard />
      {user && (
        <>
          <CircleNoticesCard user={user} />
          <ProfileCard user={user} />
          <YourPaceCard user={user} />
          <WhoCanFindMeCard user={user} />
          <BlockedPeopleCard />
          <ChangePasswordCard user={user} />
          <DevicesCard />
          <YourDataCard />
          <DeleteAccountCard />
        </>
      )}
    </div>
  );
}
