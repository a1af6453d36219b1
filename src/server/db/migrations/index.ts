import type { Migration } from 'kysely';
import * as initial from './2026-11-22-0001-initial.js';
import * as pushReminders from './2026-11-22-0002-push-reminders.js';
import * as progressAcrossDevices from './2026-11-22-0003-progress-across-devices.js';
import * as hotPathIndexes from './2026-11-22-0004-hot-path-indexes.js';
import * as changeTracking from './2026-11-22-0005-change-tracking.js';
import * as changeLogEverywhere from './2026-11-26-0006-change-log-everywhere.js';
import * as serverSecrets from './2026-11-26-0007-server-secrets.js';
import * as blocksAndDiscoverability from './2026-11-26-0008-blocks-and-discoverability.js';
import * as reportsSuspensionSharedParts from './2026-11-26-0009-reports-suspension-shared-parts.js';
import * as sessionPlacesAndEndings from './2026-11-26-0010-session-places-and-endings.js';
import * as readingReferences from './2026-11-26-0011-reading-references.js';
import * as savedStanzas from './2026-11-26-0012-saved-stanzas.js';
import * as search from './2026-11-26-0013-search.js';
import * as readingPace from './2026-11-26-0014-reading-pace.js';
import * as dayCompletedAt from './2026-11-26-0016-day-completed-at.js';
import * as changeNotifications from './2026-11-26-0017-change-notifications.js';
import * as signInLinks from './2026-11-28-0018-sign-in-links.js';
import * as readingCircles from './2026-11-28-0019-reading-circles.js';
import * as searchIndexAfterSave from './2026-11-28-0020-search-index-after-save.js';
import * as discoveryByPrefix from './2026-11-28-0021-discovery-by-prefix.js';
import * as circleNoticesSent from './2026-11-28-0022-circle-notices-sent.js';
import * as blocksInChangeLog from './2026-11-28-0023-blocks-in-change-log.js';
import * as journalSearchWithoutAnIndex from './2026-11-29-0024-journal-search-without-an-index.js';
import * as ownJournalInChangeLog from './2026-11-29-0025-own-journal-in-change-log.js';
import * as postalPrefixColumn from './2026-11-30-0026-postal-prefix-column.js';
import * as changeLogWithoutAutoincrement from './2026-12-03-0027-change-log-without-autoincrement.js';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-push-reminders': pushReminders,
  '2026-11-22-0003-progress-across-devices': progressAcrossDevices,
  '2026-11-22-0004-hot-path-indexes': hotPathIndexes,
  '2026-11-22-0005-change-tracking': changeTracking,
  '2026-11-26-0006-change-log-everywhere': changeLogEverywhere,
  '2026-11-26-0007-server-secrets': serverSecrets,
  '2026-11-26-0008-blocks-and-discoverability': blocksAndDiscoverability,
  '2026-11-26-0009-reports-suspension-shared-parts': reportsSuspensionSharedParts,
  '2026-11-26-0010-session-places-and-endings': sessionPlacesAndEndings,
  '2026-11-26-0011-reading-references': readingReferences,
  '2026-11-26-0012-saved-stanzas': savedStanzas,
  '2026-11-26-0013-search': search,
  '2026-11-26-0014-reading-pace': readingPace,
  '2026-11-26-0016-day-completed-at': dayCompletedAt,
  '2026-11-26-0017-change-notifications': changeNotifications,
  '2026-11-28-0018-sign-in-links': signInLinks,
  '2026-11-28-0019-reading-circles': readingCircles,
  '2026-11-28-0020-search-index-after-save': searchIndexAfterSave,
  '2026-11-28-0021-discovery-by-prefix': discoveryByPrefix,
  '2026-11-28-0022-circle-notices-sent': circleNoticesSent,
  '2026-11-28-0023-blocks-in-change-log': blocksInChangeLog,
  '2026-11-29-0024-journal-search-without-an-index': journalSearchWithoutAnIndex,
  '2026-11-29-0025-own-journal-in-change-log': ownJournalInChangeLog,
  '2026-11-30-0026-postal-prefix-column': postalPrefixColumn,
  '2026-12-03-0027-change-log-without-autoincrement': changeLogWithoutAutoincrement,
};
