/** Pure checks of the template editor (the server checks again; these name the problem earlier). */

interface SlaveLike {
  name: string;
  slave_id: number;
}

/** The lowest free slave address 1-254 (254 when all are used: the server then names the repeat). */
export function nextSlaveId(slaves: readonly SlaveLike[]): number {
  const used = new Set(slaves.map((s) => s.slave_id));
  for (let id = 1; id <= 254; id++) if (!used.has(id)) return id;
  return 254;
}

/** An i18n key under devices.templateEditor and its values, or null when the slaves are fine. */
export function templateContentProblem(
  slaves: readonly SlaveLike[],
): { key: 'slaveNameRequired' | 'slaveIdTaken'; values: Record<string, unknown> } | null {
  const seen = new Set<number>();
  for (const s of slaves) {
    if (!s.name.trim()) return { key: 'slaveNameRequired', values: {} };
    if (seen.has(s.slave_id)) return { key: 'slaveIdTaken', values: { id: s.slave_id } };
    seen.add(s.slave_id);
  }
  return null;
}
