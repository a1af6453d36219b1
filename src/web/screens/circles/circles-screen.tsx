import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { CIRCLE_LIMITS, createCircleSchema } from '#shared/circle-schemas';
import { useCreateCircle } from '../../api/circles.js';
import { serverMessage } from '../../api/client.js';
import { paths } from '../../app/paths.js';
import { CircleSummaries } from '../../components/circle-summaries.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { FieldError, FormError, Label, Textarea } from '../../components/ui/form-controls.js';
import { TextField } from '../../components/ui/text-field.js';

/** The reader's reading circles, and a form to start one (docs/product.md#reading-circles). */
export function CirclesScreen() {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateCircle();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ name?: string; description?: string; form?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createCircleSchema.safeParse({ name, description });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (circle) => void navigate(paths.circle.getHref(circle.id)),
      onError: (error) =>
        setErrors({ form: serverMessage(error) ?? 'Could not reach the server. Try again.' }),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold">Reading circles</h1>
        <p className="mt-2 text-muted-foreground">
          Read together with a few people: a family, a study class, a community.
        </p>
      </header>
      <CircleSummaries />
      <Card className="p-5">
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <h2 className="font-serif text-xl font-semibold">Start a circle</h2>
          <TextField
            label="Name"
            value={name}
            maxLength={CIRCLE_LIMITS.name + 20}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            autoComplete="off"
          />
          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={`${id}-about`}>A line about it (optional)</Label>
            <Textarea
              id={`${id}-about`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${id}-about-error` : undefined}
              className="min-h-20"
            />
            <FieldError id={`${id}-about-error`} message={errors.description} />
          </div>
          <FormError id={`${id}-form`} message={errors.form} />
          <Button type="submit" className="self-start" disabled={create.isPending}>
            {create.isPending ? 'Starting…' : 'Start the circle'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
