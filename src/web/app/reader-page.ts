import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { ReaderPageData } from '#shared/reader-page-data';
import { queryKeys } from '../api/query-keys.js';

export function seedReaderPage(queryClient: QueryClient, data: ReaderPageData): void {
  queryClient.setQueryData(queryKeys.me, data.me);
  queryClient.setQueryData(queryKeys.today, data.today);
  queryClient.setQueryData(queryKeys.gathaInfo(data.today.dayNumber), data.gathaInfo);
}

/** The API addresses whose answers a reader's page carries. */
export function readerPageAddresses(data: ReaderPageData): string[] {
  return [queryKeys.me[0], queryKeys.today[0], queryKeys.gathaInfo(data.today.dayNumber).join('/')];
}

/** JSON that is safe inside a <script type="application/json"> block of an HTML page. */
export function pageDataJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What the page being rendered is: `readerPage` when it is a reader's page (rendered with who
 * is signed in), and on the server the request's cookies, which stand in for document.cookie.
 */
export interface RenderedPage {
  readerPage: boolean;
  requestCookies: string | null;
  /**
   * The page is rendered once for every reader of the day: the reader's own parts are left as
   * marks, filled for each reader (#shared/reader-page-parts).
   */
  markReaderParts?: boolean;
}

export const RenderedPageContext = createContext<RenderedPage>({
  readerPage: false,
  requestCookies: null,
});

/** Whether the reader's own parts are left as marks in the page being rendered. */
export function useReaderPartsMarked(): boolean {
  return useContext(RenderedPageContext).markReaderParts === true;
}
