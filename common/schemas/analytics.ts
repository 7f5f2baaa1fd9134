// First-party analytics (SPEC.md section 7): the events the web app may send once the visitor accepted cookies.
import { z } from 'zod';

/** Every event name the app records. */
export const ANALYTICS_EVENTS = ['page_view', 'sign_in', 'scan_item', 'print_labels'] as const;
export const ZAnalyticsEventNameSchema = z.enum(ANALYTICS_EVENTS);
export type TAnalyticsEventName = z.infer<typeof ZAnalyticsEventNameSchema>;

/** POST /api/v1/analytics/events: one event. Props are a few flat values, never personal data. */
export const ZAnalyticsEventSchema = z.object({
  name: ZAnalyticsEventNameSchema,
  path: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/, { message: 'Must be an app path starting with /' }),
  props: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()]))
    .refine((props) => Object.keys(props).length <= 10, { message: 'At most 10 properties' })
    .default({}),
});
export type TAnalyticsEvent = z.infer<typeof ZAnalyticsEventSchema>;

/** GET /api/v1/analytics/summary: what an admin sees of their company's use. */
export const ZAnalyticsSummaryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export const ZAnalyticsSummarySchema = z.object({
  days: z.number().int(),
  counts: z.array(z.object({ name: ZAnalyticsEventNameSchema, count: z.number().int() })),
  topPaths: z.array(z.object({ path: z.string(), count: z.number().int() })),
});
export type TAnalyticsSummary = z.infer<typeof ZAnalyticsSummarySchema>;
