import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ProfileUpdateInput, profileFormSchema } from '#shared/account-schemas';
import type { User } from '#shared/auth-schemas';
import { useUpdateProfile } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { PasswordInput } from '../../components/ui/password-input.js';
import { TextField } from '../../components/ui/text-field.js';
import { toast } from '../../hooks/use-toast.js';
import { showServerFieldErrors } from '../../api/server-field-errors.js';

const PROFILE_FIELDS = ['fullName', 'username', 'email', 'city', 'postalCode', 'whatsapp'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
/** The fields a server message may be shown beside: the profile's and the password's. */
const FORM_FIELDS = [...PROFILE_FIELDS, 'currentPassword'] as const;

/** Whether the form's email is another address than the stored one (case does not count). */
const isNewEmail = (user: User, email: string | undefined) =>
  (email ?? '').trim().toLowerCase() !== user.email.toLowerCase();

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere] sm:text-right">{value}</dd>
    </div>
  );
}

/** 'Account Information': who is signed in, and a form to correct it. */
export function ProfileCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving the form puts the focus back on the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <Card role="region" aria-labelledby="profile-heading">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <h2 id="profile-heading" className="font-serif text-lg font-semibold leading-tight">
            Account Information
          </h2>
          <CardDescription>Friends see your name and username.</CardDescription>
        </div>
        {!editing && (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> Edit profile
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <dl className="flex flex-col gap-4">
            <Detail label="Name" value={user.fullName} />
            <Detail label="Username" value={`@${user.username}`} />
            <Detail label="Email" value={user.email} />
            {user.city && <Detail label="City" value={user.city} />}
            {user.postalCode && <Detail label="Postal code" value={user.postalCode} />}
            {user.whatsapp && <Detail label="WhatsApp number" value={user.whatsapp} />}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

/** Only what differs from the stored profile is sent, so an unchanged email is not rechecked. */
function changedFields(user: User, values: Partial<Record<ProfileField, string | null>>) {
  const changes: ProfileUpdateInput = {};
  for (const field of PROFILE_FIELDS) {
    const next = values[field] ?? null;
    if (next !== (user[field] ?? null)) Object.assign(changes, { [field]: next });
  }
  return changes;
}

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      fullName: user.fullName,
      username: user.username,
      email: user.email,
      city: user.city ?? '',
      postalCode: user.postalCode ?? '',
      whatsapp: user.whatsapp ?? '',
      currentPassword: '',
    },
  });

  useEffect(() => setFocus('fullName'), [setFocus]);
  // A new email takes the current password, asked for only once the email differs.
  const emailChanging = isNewEmail(user, watch('email'));

  const save = handleSubmit(async (values) => {
    const changes = changedFields(user, values);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    if (isNewEmail(user, values.email)) changes.currentPassword = values.currentPassword ?? '';
    try {
      await updateProfile.mutateAsync(changes);
    } catch (error) {
      if (!showServerFieldErrors(error, FORM_FIELDS, setError)) {
        toast({
          variant: 'destructive',
          title: 'Profile not saved',
          description: serverMessage(error) ?? 'Please try again',
        });
      }
      return;
    }
    toast({ title: 'Profile saved' });
    onDone();
  });

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="grid grid-cols-1 gap-5">
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      {emailChanging && (
        <PasswordInput
          label="Current password (to change your email)"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      <TextField
        label="City (optional)"
        autoComplete="address-level2"
        error={errors.city?.message}
        {...register('city')}
      />
      <TextField
        label="Postal code (optional)"
        autoComplete="postal-code"
        error={errors.postalCode?.message}
        {...register('postalCode')}
      />
      <TextField
        label="WhatsApp number (optional)"
        type="tel"
        autoComplete="tel"
        error={errors.whatsapp?.message}
        {...register('whatsapp')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
