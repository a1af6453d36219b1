import type { ReactNode } from 'react';
import type { TextSize, Theme } from '#shared/reading-comfort';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { useReadingComfort } from '../../hooks/use-reading-comfort.js';

const TEXT_SIZE_CHOICES: { value: TextSize; label: string }[] = [
  { value: 'standard', label: 'Standard' },
  { value: 'large', label: 'Large' },
  { value: 'larger', label: 'Larger' },
  { value: 'largest', label: 'Largest' },
];

const THEME_CHOICES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'As this device' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

function ChoiceGroup<Value extends string>({
  legend,
  name,
  choices,
  chosen,
  onChoose,
}: {
  legend: ReactNode;
  name: string;
  choices: { value: Value; label: string }[];
  chosen: Value;
  onChoose: (value: Value) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {/* Side by side where they fit, one under another where large text needs the width. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,7rem),1fr))] gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={chosen === choice.value}
              onChange={() => onChoose(choice.value)}
              className="size-4 shrink-0 accent-primary"
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Text size and theme for this device only, applied the moment they are chosen. */
export function ReadingComfortCard() {
  const { comfort, update } = useReadingComfort();

  return (
    <Card role="region" aria-labelledby="reading-comfort-heading">
      <CardHeader>
        <h2 id="reading-comfort-heading" className="font-serif text-lg font-semibold leading-tight">
          Reading comfort
        </h2>
        <CardDescription>
          Kept on this device only, so a phone and a computer can each read as suits them.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ChoiceGroup
          legend="Text size"
          name="text-size"
          choices={TEXT_SIZE_CHOICES}
          chosen={comfort.textSize}
          onChoose={(textSize) => update({ textSize })}
        />
        <ChoiceGroup
          legend="Theme"
          name="theme"
          choices={THEME_CHOICES}
          chosen={comfort.theme}
          onChoose={(theme) => update({ theme })}
        />
      </CardContent>
    </Card>
  );
}
