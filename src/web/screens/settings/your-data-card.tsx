import { CircleCheck, Download } from 'lucide-react';
import { useState } from 'react';
import type { JournalExportFormat } from '#shared/account-schemas';
import { downloadJournal } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { toast } from '../../hooks/use-toast.js';

const FORMATS: { format: JournalExportFormat; label: string }[] = [
  { format: 'json', label: 'Download as JSON' },
  { format: 'md', label: 'Download as Markdown' },
];

/** The whole journal as a file to keep: JSON with every field, or readable Markdown. */
export function YourDataCard() {
  const [downloading, setDownloading] = useState<JournalExportFormat | null>(null);
  // The browser may save the file without a word: the card names the file it made.
  const [made, setMade] = useState<string | null>(null);

  const download = async (format: JournalExportFormat) => {
    setDownloading(format);
    setMade(null);
    try {
      setMade(await downloadJournal(format));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Download failed',
        description: serverMessage(error) ?? 'Please try again',
      });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card role="region" aria-labelledby="your-data-heading">
      <CardHeader>
        <h2 id="your-data-heading" className="font-serif text-lg font-semibold leading-tight">
          Your data
        </h2>
        <CardDescription>
          Download every reflection you have written, to keep or to take elsewhere.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row">
          {FORMATS.map(({ format, label }) => (
            <Button
              key={format}
              variant="outline"
              disabled={downloading !== null}
              onClick={() => void download(format)}
            >
              <Download aria-hidden="true" /> {downloading === format ? 'Preparing...' : label}
            </Button>
          ))}
        </div>
        <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
          {made && (
            <>
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                Made {made}. Your browser keeps it with your downloads.
              </span>
            </>
          )}
        </p>
      </CardContent>
    </Card>
  );
}
