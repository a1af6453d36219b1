import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { GATHAS, PRODUCT_SUBTITLE, TOTAL_DAYS } from '#shared/constants';
import { paths } from '../../app/paths.js';
import { buttonVariants } from '../../components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.js';

const yasnaRange = (songs: readonly number[]) =>
  songs.length === 1 ? `Yasna ${songs[0]}` : `Yasna ${songs[0]}-${songs[songs.length - 1]}`;

export function AboutScreen() {
  return (
    <div className="flex flex-col gap-5">
      <Link
        to={paths.dailyRitual.getHref()}
        className={buttonVariants({ variant: 'ghost', size: 'sm' }) + ' self-start'}
      >
        <ArrowLeft aria-hidden="true" /> Back to Gathas
      </Link>
      <header>
        <h1 className="font-serif text-3xl font-semibold">About the Gathas</h1>
        <p className="mt-2 text-muted-foreground">
          {TOTAL_DAYS} stanzas in total, grouped in five Gathas: the songs of Zarathushtra, read one
          stanza a day.
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>{PRODUCT_SUBTITLE}</CardTitle>
        </CardHeader>
        <CardContent className="text-sm leading-relaxed text-muted-foreground">
          Each day brings one stanza in a fresh English rendering, an explanation of what it says
          and of the ideas it uses, and a question to carry into the day. The readings were written
          for this app in its own words.
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Daily Practice</CardTitle>
        </CardHeader>
        <CardContent className="text-sm leading-relaxed text-muted-foreground">
          Read one stanza a day. Sit with its explanation, then answer in three parts: Good
          Thoughts, Good Words and Good Deeds. The practice is small on purpose; its strength is in
          returning to it each morning.
        </CardContent>
      </Card>
      <section aria-labelledby="five-gathas">
        <h2 id="five-gathas" className="mb-3 font-serif text-xl font-semibold">
          The five Gathas
        </h2>
        <ol className="flex flex-col gap-3">
          {GATHAS.map((gatha, index) => (
            <li key={gatha.name}>
              <Card>
                <CardContent className="flex flex-wrap items-baseline justify-between gap-3 pt-5">
                  <span>
                    <span className="font-semibold">
                      {index + 1}. {gatha.aboutLabel}
                    </span>
                    <span className="block text-sm text-muted-foreground">
                      {yasnaRange(gatha.songs)}
                    </span>
                  </span>
                  <span className="text-sm text-muted-foreground">
                    Stanzas {gatha.startDay}-{gatha.endDay}
                  </span>
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
