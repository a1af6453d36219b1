import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/auth.js';
import { paths } from '../../app/paths.js';
import { buttonVariants } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { AccountCard } from './account-card.js';
import { DailyReminderCard } from './daily-reminder-card.js';

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
      <DailyReminderCard />
      {user && <AccountCard user={user} />}
    </div>
  );
}
