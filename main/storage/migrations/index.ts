import type { Database } from 'better-sqlite3';
import { migration001Initial } from './001-initial';
import { migration002ItemAvailability } from './002-item-availability';
import { migration003Deliveries } from './003-deliveries';
import { migration004RelayLog } from './004-relay-log';
import { migration005OutboxFacts } from './005-outbox-facts';
import { migration006NotificationFields } from './006-notification-fields';
import { migration007AutoAccepted } from './007-auto-accepted';
import { migration008OrderHistory } from './008-order-history';
import { migration009PrintJobs } from './009-print-jobs';
import { migration010OrderIndexes } from './010-order-indexes';
import { migration011PinGuard } from './011-pin-guard';
import { migration012RetentionForgets } from './012-retention-forgets';
import { migration013DeliveryBookingCheck } from './013-delivery-booking-check';
import { migration014DeliveryReplacedBookings } from './014-delivery-replaced-bookings';
import { migration015MenuDrafts } from './015-menu-drafts';
import { migration016ArrivedLate } from './016-arrived-late';
import { migration017PrintJobVenue } from './017-print-job-venue';
import { migration018DeliveryCancelCode } from './018-delivery-cancel-code';

/** Migration N (1-based) brings the schema from user_version N-1 to N. Append only. */
export const MIGRATIONS: ReadonlyArray<(db: Database) => void> = [
  migration001Initial,
  migration002ItemAvailability,
  migration003Deliveries,
  migration004RelayLog,
  migration005OutboxFacts,
  migration006NotificationFields,
  migration007AutoAccepted,
  migration008OrderHistory,
  migration009PrintJobs,
  migration010OrderIndexes,
  migration011PinGuard,
  migration012RetentionForgets,
  migration013DeliveryBookingCheck,
  migration014DeliveryReplacedBookings,
  migration015MenuDrafts,
  migration016ArrivedLate,
  migration017PrintJobVenue,
  migration018DeliveryCancelCode,
];
