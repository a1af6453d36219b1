/**
 * Words the data layer has for the reader after something happened; the UI chooses how to show
 * them (a toast), so the data layer never imports the UI.
 */
export interface Notice {
  title: string;
  description: string;
  variant?: 'default' | 'destructive';
}

/** Shows a notice; passed in by the UI, and the same function for as long as the app runs. */
export type TellReader = (notice: Notice) => void;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** What to tell the reader when the mutation fails (shown by app/query-client.ts). */
      failureNotice?: (error: unknown) => Notice;
    };
  }
}
