/** Ports and slave devices of a gateway (docs/api-devices.md "Ports and slaves"). */
import { z } from 'zod';

const portShape = {
  name: z.string().trim().min(1).max(32),
  kind: z.enum(['serial', 'tcp']),
  baud: z.union([1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200].map((b) => z.literal(b))),
  data_bits: z.union([z.literal(7), z.literal(8)]),
  parity: z.enum(['N', 'O', 'E']),
  stop_bits: z.union([z.literal(1), z.literal(2)]),
  /** SPEC 5: 10-2000 ms, default 25. */
  uart_read_ms: z.number().int().min(10).max(2000),
  /** SPEC 5: minimum Modbus interval 5. */
  poll_interval_s: z.number().int().min(5).max(86400),
};
export const portBody = z.strictObject({
  name: portShape.name,
  kind: portShape.kind.optional(),
  baud: portShape.baud.optional(),
  data_bits: portShape.data_bits.optional(),
  parity: portShape.parity.optional(),
  stop_bits: portShape.stop_bits.optional(),
  uart_read_ms: portShape.uart_read_ms.optional(),
  poll_interval_s: portShape.poll_interval_s.optional(),
});
export const portUpdateBody = portBody.partial();
export type PortBody = z.infer<typeof portBody>;
export const PORT_DEFAULTS = {
  kind: 'serial',
  baud: 9600,
  data_bits: 8,
  parity: 'N',
  stop_bits: 1,
  uart_read_ms: 25,
  poll_interval_s: 10,
} as const;
export const portRow = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  name: z.string(),
  kind: z.enum(['serial', 'tcp']),
  baud: z.number().int(),
  data_bits: z.number().int(),
  parity: z.enum(['N', 'O', 'E']),
  stop_bits: z.number().int(),
  uart_read_ms: z.number().int(),
  poll_interval_s: z.number().int(),
});
export type PortRow = z.infer<typeof portRow>;

export const slaveBody = z.strictObject({
  name: z.string().trim().min(1).max(64),
  slave_id: z.number().int().min(1).max(254),
  port_id: z.number().int().positive().nullable().optional(),
});
export const slaveUpdateBody = slaveBody.partial();
export type SlaveBody = z.infer<typeof slaveBody>;
export const slaveRow = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  name: z.string(),
  slave_id: z.number().int(),
  port_id: z.number().int().nullable(),
  template_id: z.number().int().nullable(),
  point_count: z.number().int(),
});
export type SlaveRow = z.infer<typeof slaveRow>;

export const slaveBatchBody = z.strictObject({
  gateway_temp_id: z.number().int().positive(),
  /** save: add the template's slaves (a slave id already present is refused); update: replace them. */
  mode: z.enum(['save', 'update']).default('save'),
  port_id: z.number().int().positive().nullable().optional(),
});
export const slaveExportQuery = z.object({
  gateway_temp_id: z.coerce.number().int().positive().optional(),
  port_id: z.coerce.number().int().positive().optional(),
});
export const appliedResult = z.object({ slaves: z.number().int(), points: z.number().int() });
