import { isTimeZoneName, reportScheduleInput } from '@fleet/contracts';
import { z } from 'zod';

const s = reportScheduleInput.shape;

/**
 * PUT /dataCenter/reportSchedule/{id}: partial ReportScheduleInput. The create schema's defaults are taken
 * off, so a field the PUT leaves out keeps its stored value.
 */
export const reportScheduleUpdate = z.strictObject({
  name: s.name.optional(),
  period: s.period.optional(),
  device_id: s.device_id,
  group_id: s.group_id,
  point_names: s.point_names.unwrap().optional(),
  send_at_minute: s.send_at_minute.unwrap().optional(),
  tz: z.string().trim().min(1).max(64).refine(isTimeZoneName, 'unknown time zone').optional(),
  lang: s.lang.unwrap().optional(),
  contact_ids: s.contact_ids.optional(),
  enabled: s.enabled.unwrap().optional(),
});
export type ReportScheduleUpdate = z.infer<typeof reportScheduleUpdate>;
