import { ArrowLeft, ArrowRight, BookOpen, Copy, UserMinus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type CircleDetail, updateCircleSchema } from '#shared/circle-schemas';
import { useCurrentUser } from '../../api/auth.js';
import {
  useCircle,
  useCircleReflections,
  useCreateInvite,
  useDeleteCircle,
  useHandOn,
  useRemoveMember,
  useUpdateCircle,
} from '../../api/circles.js';
import { serverMessage } from '../../api/client.js';
import { useTodayThought } from '../../api/thoughts.js';
import { paths } from '../../app/paths.js';
import { reflectedTodayLine } from '../../components/circle-summaries.js';
import { Button, buttonVariants } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { ConfirmDialog } from '../../components/ui/dialogs.js';
import { FormError } from '../../components/ui/form-controls.js';
import { TextField } from '../../components/ui/text-field.js';
import { toast } from '../../hooks/use-toast.js';
import { cn } from '../../lib/cn.js';
import { CircleReflectionCard } from './circle-reflection-card.js';

/**
 * One reading circle: today's reading, the members' reflections on it (shared parts only),
 * how many have reflected without naming who has not, the days before, and its members.
 */
export function CircleScreen() {
  const id = Number(useParams().id);
  const circle = useCircle(id);
  if (circle.isPending) return <p className="text-muted-foreground">Opening the circle…</p>;
  if (!circle.data) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="font-serif text-3xl font-semibold">Circle not found</h1>
        <p className="text-muted-foreground">
          {serverMessage(circle.error) === 'Circle not found'
            ? 'You are not in this circle, or it is no longer there.'
            : 'The circle could not be reached. Try again when you are online.'}
        </p>
        <Link to={paths.circles.getHref()} className="text-primary underline">
          Your circles
        </Link>
      </div>
    );
  }
  return <CircleView circle={circle.data} />;
}

function CircleView({ circle }: { circle: CircleDetail }) {
  const { data: user } = useCurrentUser();
  const today = useTodayThought();
  const currentDay = today.data?.currentDay;
  const [day, setDay] = useState<number | undefined>(undefined);
  const shownDay = day ?? currentDay;
  const reflections = useCircleReflections(circle.id, day);
  const isToday = day === undefined || day === currentDay;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link to={paths.circles.getHref()} className="text-sm text-primary underline">
          Your circles
        </Link>
        <h1 className="font-serif text-3xl font-semibold break-words">{circle.name}</h1>
        {circle.description && (
          <p className="break-words whitespace-pre-wrap text-muted-foreground">
            {circle.description}
          </p>
        )}
        <p className="text-sm">{reflectedTodayLine(circle.reflectedToday, circle.memberCount)}</p>
      </header>

      {today.data && (
        <Card className="flex flex-col gap-2 p-5">
          <h2 className="font-serif text-xl font-semibold">Today&apos;s reading</h2>
          <p className="text-sm text-muted-foreground">
            Day {today.data.dayNumber} of {today.data.totalDays}
          </p>
          <Link
            to={paths.dailyRitual.getHref()}
            className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'self-start')}
          >
            <BookOpen aria-hidden="true" />
            Read and reflect
          </Link>
        </Card>
      )}

      <section aria-labelledby="circle-reflections" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="circle-reflections" className="font-serif text-xl font-semibold">
            {isToday ? 'Reflections today' : `Reflections on day ${shownDay}`}
          </h2>
          {shownDay !== undefined && (
            <div className="flex flex-wrap gap-1">
              <Button
                variant="ghost"
                size="sm"
                disabled={shownDay <= 1}
                onClick={() => setDay(shownDay - 1)}
              >
                <ArrowLeft aria-hidden="true" />
                Day before
              </Button>
              {!isToday && (
                <Button variant="ghost" size="sm" onClick={() => setDay(shownDay + 1)}>
                  Day after
                  <ArrowRight aria-hidden="true" />
                </Button>
              )}
            </div>
          )}
        </div>
        {reflections.isSuccess && reflections.data.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {isToday
              ? 'No one has shared a reflection with the circle today yet.'
              : 'No reflections were shared with the circle on this day.'}
          </p>
        )}
        {reflections.isError && (
          <p className="text-sm text-muted-foreground">
            The reflections could not be reached. Try again when you are online.
          </p>
        )}
        <ul className="flex flex-col gap-3">
          {reflections.data?.map((entry) => (
            <li key={entry.id}>
              <CircleReflectionCard entry={entry} mine={entry.user.id === user?.id} />
            </li>
          ))}
        </ul>
      </section>

      <Members circle={circle} userId={user?.id} />
      {circle.role === 'owner' && <OwnerTools circle={circle} />}
      <LeaveCircle circle={circle} userId={user?.id} />
    </div>
  );
}

function Members({ circle, userId }: { circle: CircleDetail; userId: number | undefined }) {
  const remove = useRemoveMember(circle.id);
  const handOn = useHandOn(circle.id);
  const owner = circle.role === 'owner';
  return (
    <section aria-labelledby="circle-members" className="flex flex-col gap-3">
      <h2 id="circle-members" className="font-serif text-xl font-semibold">
        Members
      </h2>
      <ul className="flex flex-col gap-2">
        {circle.members.map((member) => (
          <li key={member.userId}>
            <Card className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {member.fullName}
                  {member.userId === userId && ' (you)'}
                </p>
                <p className="text-xs text-muted-foreground">
                  {member.role === 'owner' ? 'Owner' : 'Member'}
                </p>
              </div>
              {owner && member.userId !== userId && (
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={handOn.isPending}
                    onClick={() =>
                      handOn.mutate(member.userId, {
                        onSuccess: () =>
                          toast({ title: `${member.fullName} now looks after the circle` }),
                      })
                    }
                  >
                    Make owner<span className="sr-only">: {member.fullName}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(member.userId, {
                        onSuccess: () => toast({ title: `${member.fullName} was removed` }),
                      })
                    }
                  >
                    <UserMinus aria-hidden="true" />
                    Remove<span className="sr-only"> {member.fullName}</span>
                  </Button>
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OwnerTools({ circle }: { circle: CircleDetail }) {
  const id = useId();
  const navigate = useNavigate();
  const invite = useCreateInvite(circle.id);
  const update = useUpdateCircle(circle.id);
  const remove = useDeleteCircle(circle.id);
  const [name, setName] = useState(circle.name);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const link = invite.data
    ? new URL(paths.join.getHref(invite.data.code), window.location.origin).href
    : null;

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateCircleSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Circle renamed' }),
      onError: (failure) => setError(serverMessage(failure) ?? 'Could not reach the server.'),
    });
  };

  return (
    <section aria-labelledby={`${id}-tools`} className="flex flex-col gap-3">
      <h2 id={`${id}-tools`} className="font-serif text-xl font-semibold">
        Looking after the circle
      </h2>
      <Card className="flex flex-col gap-3 p-5">
        <h3 className="font-semibold">Invite someone</h3>
        <p className="text-sm text-muted-foreground">
          Anyone with the link can join for the next 7 days.
        </p>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={invite.isPending}
          onClick={() => invite.mutate()}
        >
          Make an invite link
        </Button>
        {invite.isError && (
          <FormError id={`${id}-invite-error`} message={serverMessage(invite.error)} />
        )}
        {link && (
          <div className="flex flex-col gap-2">
            <TextField label="Invite link" value={link} readOnly />
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(link)
                  .then(() => toast({ title: 'Link copied' }))
                  .catch(() => toast({ title: 'Select the link to copy it' }))
              }
            >
              <Copy aria-hidden="true" />
              Copy link
            </Button>
          </div>
        )}
      </Card>
      <Card className="p-5">
        <form className="flex flex-col gap-3" onSubmit={rename} noValidate>
          <TextField
            label="Circle name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error}
          />
          <Button type="submit" variant="outline" size="sm" className="self-start">
            Rename
          </Button>
        </form>
      </Card>
      <Button variant="destructive" className="self-start" onClick={() => setConfirming(true)}>
        Delete the circle
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${circle.name}?`}
        description="The circle goes for everyone. Each reflection stays in its author's journal."
        confirmLabel="Delete circle"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => void navigate(paths.circles.getHref()),
          })
        }
      />
    </section>
  );
}

function LeaveCircle({ circle, userId }: { circle: CircleDetail; userId: number | undefined }) {
  const navigate = useNavigate();
  const leave = useRemoveMember(circle.id);
  const [confirming, setConfirming] = useState(false);
  if (userId === undefined) return null;
  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" className="self-start" onClick={() => setConfirming(true)}>
        Leave the circle
      </Button>
      {leave.isError && <FormError id="leave-error" message={serverMessage(leave.error)} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Leave ${circle.name}?`}
        description="Your reflections are taken off the circle; they stay in your journal."
        confirmLabel="Leave"
        onConfirm={() =>
          leave.mutate(userId, { onSuccess: () => void navigate(paths.circles.getHref()) })
        }
      />
    </div>
  );
}
