import { UsersRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '#shared/constants';
import { useCurrentUser } from '../../api/auth.js';
import { useInvitePreview, useJoinCircle } from '../../api/circles.js';
import { serverMessage } from '../../api/client.js';
import { paths } from '../../app/paths.js';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.js';
import { Button, buttonVariants } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { FormError } from '../../components/ui/form-controls.js';
import { forgetInvite, rememberInvite } from '../../lib/pending-invite.js';

/**
 * An invite link to a reading circle (`/join/{code}`): anyone reads what the circle is; a
 * signed-out visitor signs up or in and comes back here; a signed-in person joins and lands in it.
 */
export function JoinScreen() {
  const code = useParams().code ?? '';
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { data: user, isLoading } = useCurrentUser();
  const preview = useInvitePreview(code);
  const join = useJoinCircle();
  const joinNow = () =>
    join.mutate(code, {
      onSuccess: (circle) => void navigate(paths.circle.getHref(circle.id), { replace: true }),
    });
  // Back from signing up or in to accept this invite: they chose to join already.
  const welcomed = useRef(false);
  useEffect(() => {
    // A signed-in person has reached the invite they came with: signing in again goes to today.
    if (user) forgetInvite();
    if (!user || welcomed.current || searchParams.get('welcome') !== '1') return;
    welcomed.current = true;
    joinNow();
  });

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-5 py-10 focus:outline-none max-[359px]:px-2"
      >
        <p className="font-serif text-lg text-primary">{PRODUCT_NAME}</p>
        {preview.isPending && <p className="text-muted-foreground">Opening the invite…</p>}
        {preview.isError && (
          <div className="flex flex-col gap-3">
            <h1 className="font-serif text-3xl font-semibold">Invite not found</h1>
            <p className="text-muted-foreground">
              {serverMessage(preview.error) === 'Invite not found'
                ? 'This invite link has expired or is not right. Ask for a new one.'
                : 'The invite could not be reached. Try again when you are online.'}
            </p>
          </div>
        )}
        {preview.data && (
          <Card className="flex flex-col gap-4 p-6 max-[359px]:p-3">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <UsersRound aria-hidden="true" className="size-4 shrink-0" />
              You are invited to a reading circle
            </p>
            <h1 className="font-serif text-3xl font-semibold break-words">{preview.data.name}</h1>
            {preview.data.description && (
              <p className="break-words whitespace-pre-wrap">{preview.data.description}</p>
            )}
            <p className="text-sm text-muted-foreground">
              {preview.data.memberCount} {preview.data.memberCount === 1 ? 'member' : 'members'}{' '}
              read one stanza of the Gathas a day together and share their reflections.
            </p>
            <FormError
              id="join-error"
              message={join.isError ? serverMessage(join.error) : undefined}
            />
            {!isLoading && user && (
              <Button onClick={joinNow} disabled={join.isPending} className="self-start">
                {join.isPending ? 'Joining…' : 'Join the circle'}
              </Button>
            )}
            {!isLoading && !user && (
              <div className="flex flex-col gap-2">
                <Link
                  to="/landing?auth=create-account"
                  onClick={() => rememberInvite(code)}
                  className={buttonVariants({ size: 'lg' })}
                >
                  Create an account to join
                </Link>
                <Link
                  to="/landing?auth=sign-in"
                  onClick={() => rememberInvite(code)}
                  className={buttonVariants({ variant: 'outline', size: 'lg' })}
                >
                  Sign in to join
                </Link>
              </div>
            )}
          </Card>
        )}
      </main>
    </div>
  );
}
