import { ChevronDown, CircleCheck, Lock } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router';
import { type ProgressRecord, isDayComplete } from '#shared/progress';
import { paths } from '../../app/paths.js';
import { cn } from '../../lib/cn.js';
import type { OutlineChapter, OutlineDay, OutlineGatha } from './contents-outline.js';

const yasnaRange = (songs: readonly number[]) =>
  songs.length === 1 ? `Yasna ${songs[0]}` : `Yasna ${songs[0]}\u2013${songs.at(-1)}`;

const holds = (gatha: OutlineGatha, day: number | null) =>
  day !== null && day >= gatha.startDay && day <= gatha.endDay;

interface DayMarks {
  currentDay: number;
  record: ProgressRecord;
}

/**
 * The five Gathas, each a section that opens and closes, so the page holds only the days the
 * reader looks at. Today's Gatha starts open, and so does the Gatha of the day Contents was
 * opened for.
 */
export function GathaSections(
  props: DayMarks & { outline: OutlineGatha[]; shownDay: number | null },
) {
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        props.outline
          .filter((gatha) => holds(gatha, props.currentDay) || holds(gatha, props.shownDay))
          .map((gatha) => gatha.name),
      ),
  );
  const toggle = (name: string) =>
    setOpen((before) => {
      const after = new Set(before);
      if (!after.delete(name)) after.add(name);
      return after;
    });

  return (
    <div className="flex flex-col gap-4">
      {props.outline.map((gatha) => (
        <GathaSection
          key={gatha.name}
          gatha={gatha}
          open={open.has(gatha.name)}
          onToggle={() => toggle(gatha.name)}
          currentDay={props.currentDay}
          record={props.record}
        />
      ))}
    </div>
  );
}

function GathaSection(
  props: DayMarks & { gatha: OutlineGatha; open: boolean; onToggle: () => void },
) {
  const { gatha, open } = props;
  const id = useId();
  const headingId = `${id}-heading`;
  const panelId = `${id}-days`;
  let completed = 0;
  for (let day = gatha.startDay; day <= gatha.endDay; day++) {
    if (isDayComplete(props.record, day)) completed += 1;
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card text-card-foreground shadow-sm"
    >
      {/* A Gatha's name is one long word or two: it is set smaller on a narrow screen than cut. */}
      <h2 id={headingId} className="font-serif text-[min(1.25rem,8.5vw)] font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={props.onToggle}
          className="flex w-full items-center justify-between gap-3 rounded-t-2xl px-4 pb-1 pt-4 text-left max-[359px]:gap-2 max-[359px]:px-3 transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-5"
        >
          {gatha.name}
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-5 shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <p className="px-4 pb-4 text-sm text-muted-foreground max-[359px]:px-3 sm:px-5">
        {yasnaRange(gatha.songs)} &middot; Days {gatha.startDay}&ndash;{gatha.endDay} &middot;{' '}
        {completed} completed
      </p>
      <div
        id={panelId}
        hidden={!open}
        className="flex flex-col gap-6 border-t border-border px-4 py-5 max-[359px]:px-3 sm:px-5"
      >
        {open &&
          gatha.chapters.map((chapter) => (
            <ChapterDays
              key={chapter.songNumber}
              chapter={chapter}
              currentDay={props.currentDay}
              record={props.record}
            />
          ))}
      </div>
    </section>
  );
}

function ChapterDays(props: DayMarks & { chapter: OutlineChapter }) {
  const { chapter } = props;
  const first = chapter.days[0]?.day;
  const last = chapter.days.at(-1)?.day;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h3 className="font-serif text-lg font-semibold">Yasna {chapter.songNumber}</h3>
          <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
            {first === last ? `Day ${first}` : `Days ${first}\u2013${last}`}
          </span>
        </div>
        {chapter.description && (
          <p className="text-sm leading-relaxed text-muted-foreground">{chapter.description}</p>
        )}
      </div>
      {/* As many columns as tiles of 9rem fit: two on a phone, one at 200% zoom or text. */}
      <ol className="grid grid-cols-[repeat(auto-fill,minmax(min(9rem,100%),1fr))] gap-2">
        {chapter.days.map((entry) => (
          <DayTile
            key={entry.day}
            entry={entry}
            today={entry.day === props.currentDay}
            opened={entry.day <= props.currentDay}
            complete={isDayComplete(props.record, entry.day)}
          />
        ))}
      </ol>
    </div>
  );
}

const tile = 'flex h-full min-h-14 flex-col gap-0.5 rounded-xl border px-3 py-2 text-left text-sm';

/**
 * One day: a link to its reading once the day is open, otherwise shown, locked. The link's
 * name says everything its marks show: "Day 87, Yasna 34.1, today, completed".
 */
function DayTile(props: { entry: OutlineDay; today: boolean; opened: boolean; complete: boolean }) {
  const { entry, today, opened, complete } = props;
  const details = [entry.reference, entry.title].filter((part) => part !== null);
  const content = (
    <>
      <span className="flex items-center justify-between gap-2">
        <span className="font-medium tabular-nums">Day {entry.day}</span>
        {complete ? (
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-primary" />
        ) : !opened ? (
          <Lock aria-hidden="true" className="size-3.5 shrink-0" />
        ) : null}
      </span>
      {/* The spaces keep the words apart wherever the text is read as one line. */}
      {details.map((detail) => (
        <Fragment key={detail}>
          {' '}
          <span className="text-xs text-muted-foreground">{detail}</span>
        </Fragment>
      ))}
      {today && (
        <>
          {' '}
          <span className="mt-1 self-start rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
            Today
          </span>
        </>
      )}
    </>
  );

  if (!opened) {
    return (
      <li
        id={`day-${entry.day}`}
        className={cn(tile, 'border-dashed border-border text-muted-foreground')}
      >
        {content}
        <span className="sr-only"> not open yet</span>
      </li>
    );
  }
  // In the order the tile shows them, so the name holds the tile's words as they read.
  const name = [
    `Day ${entry.day}`,
    ...details,
    ...(today ? ['today'] : []),
    ...(complete ? ['completed'] : []),
  ].join(', ');
  return (
    <li id={`day-${entry.day}`}>
      <Link
        to={paths.dailyRitual.getHref(entry.day)}
        aria-label={name}
        aria-current={today ? 'date' : undefined}
        className={cn(
          tile,
          'transition-colors hover:border-primary/60 hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          complete ? 'border-primary/50 bg-primary/10' : 'border-border bg-background',
          today && 'border-primary ring-1 ring-primary',
        )}
      >
        {content}
      </Link>
    </li>
  );
}
