import type { Pace } from '#shared/reading-pace';

/** The two paces, each said in one sentence, as onboarding and Settings offer them. */
export const PACE_CHOICES: { value: Pace; label: string; meaning: string }[] = [
  {
    value: 'together',
    label: 'Read with everyone',
    meaning: "Read today's shared stanza, the same one everyone on the path reads today.",
  },
  {
    value: 'own',
    label: 'My own path',
    meaning: 'Start at day 1 today and open one new day each day after.',
  },
];

/** Said before an own path is confirmed: it always begins at day 1. */
export const OWN_PATH_RESTARTS =
  'Your own path starts at day 1 today, even if you walked it before.';

interface PaceRadioGroupProps {
  /** The radios' group name, unique on the page. */
  name: string;
  chosen: Pace;
  onChoose: (pace: Pace) => void;
  disabled?: boolean;
}

/** The two paces as a group of radios, each with its sentence as its description. */
export function PaceRadioGroup({ name, chosen, onChoose, disabled }: PaceRadioGroupProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" disabled={disabled}>
      <legend className="sr-only">Your pace</legend>
      {PACE_CHOICES.map((choice) => (
        <label
          key={choice.value}
          className="flex cursor-pointer flex-wrap items-start gap-3 rounded-lg border border-border p-3 max-[359px]:gap-2 max-[359px]:p-2 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={chosen === choice.value}
            onChange={() => onChoose(choice.value)}
            aria-describedby={`${name}-${choice.value}`}
            className="mt-1 size-4 shrink-0 accent-primary"
          />
          {/* Too narrow for a word beside the radio (200% page zoom), the words go under it. */}
          <span className="flex min-w-0 flex-[1_1_6rem] flex-col gap-0.5">
            <span className="font-medium">{choice.label}</span>
            <span id={`${name}-${choice.value}`} className="text-sm text-muted-foreground">
              {choice.meaning}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
