import { initials } from '#shared/people';

/** The round initials badge that opens the account menu. */
export function AccountAvatar({ fullName }: { fullName: string }) {
  return (
    <span className="rounded-full">
      <span className="sr-only">Account menu</span>
      <span
        aria-hidden="true"
        className="flex h-9 w-9 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
      >
        {initials(fullName)}
      </span>
    </span>
  );
}
