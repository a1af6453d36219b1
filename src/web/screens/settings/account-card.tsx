import type { User } from '#shared/auth-schemas';
import { Card, CardContent, CardHeader } from '../../components/ui/card.js';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-all font-medium sm:text-right">{value}</dd>
    </div>
  );
}

/** Who is signed in: name, username, email and, when given, the postal code. */
export function AccountCard({ user }: { user: User }) {
  return (
    <Card role="region" aria-labelledby="account-information">
      <CardHeader>
        <h2 id="account-information" className="font-serif text-lg font-semibold leading-tight">
          Account Information
        </h2>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-4">
          <Detail label="Name" value={user.fullName} />
          <Detail label="Username" value={`@${user.username}`} />
          <Detail label="Email" value={user.email} />
          {user.postalCode && <Detail label="Postal code" value={user.postalCode} />}
        </dl>
      </CardContent>
    </Card>
  );
}
