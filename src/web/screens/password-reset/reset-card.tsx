import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.js';
import { buttonVariants } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { cn } from '../../lib/cn.js';

/** One state of the reset screen: an icon, its heading and text, its content, Back to Login. */
export function ResetCard(props: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <Card className="p-6 sm:p-8">
      <span
        aria-hidden="true"
        className="mb-5 flex size-12 items-center justify-center rounded-full bg-secondary text-primary"
      >
        <Icon className="size-6" strokeWidth={1.75} />
      </span>
      <h1 className="font-serif text-2xl font-semibold">{props.title}</h1>
      <div className="mt-2 text-sm leading-relaxed text-muted-foreground">{props.description}</div>
      <div className="mt-6">{props.children}</div>
      <Link
        to={paths.landing.getHref()}
        className={cn(buttonVariants({ variant: 'ghost' }), 'mt-4 w-full')}
      >
        <ArrowLeft aria-hidden="true" />
        Back to Login
      </Link>
    </Card>
  );
}
