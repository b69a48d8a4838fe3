// The one schema of a marketplace notification as the relay hands it over
// (docs/platform.md#notification-body), parsed once: by the relay client before the inbox takes
// it, which stores the fields below as columns for the order sync. Only the fields the terminal
// acts on are named; a malformed optional field is dropped rather than refusing the
// notification, which is a hint to fetch the order anyway.
import { z } from 'zod';

const optionalText = z.string().max(500).optional().catch(undefined);

export const notificationSchema = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  order: z
    .looseObject({
      id: z.string().min(1).max(200),
      status: optionalText,
      venue_id: optionalText,
    })
    .optional(),
  courier_details: z.looseObject({ courier_pickup_eta: optionalText }).optional().catch(undefined),
  details: z
    .looseObject({ is_pickup_completed: z.boolean().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});
export type Notification = z.infer<typeof notificationSchema>;
