import {
  type AreaFamily,
  areaFamilyOf,
  type PointConfig,
  type PointProblem,
  pointDefaultsFor,
  pointProblem,
  type TemplatePoint,
} from '@fleet/contracts';
import type { StoredTemplate } from './templates.table.js';

export const pointConfigOf = (p: TemplatePoint, slaveId: number | null): PointConfig => ({
  ...pointDefaultsFor(p.data_type),
  ...p,
  slave_id: slaveId,
});

function pointsProblem(
  points: TemplatePoint[],
  slaveId: number | null,
  family: AreaFamily | null,
  prefix: string,
): PointProblem | null {
  const names = new Set<string>();
  for (const [i, p] of points.entries()) {
    if (names.has(p.name)) return { field: `${prefix}${i}.name`, message: `${p.name} repeats` };
    names.add(p.name);
    const problem = pointProblem(pointConfigOf(p, slaveId), family);
    if (problem) return { field: `${prefix}${i}.${problem.field}`, message: problem.message };
  }
  return null;
}

/** Template content rules: kind vs slaves/points, unique slave ids and point names, SPEC 5 point rules. */
export function templateProblem(kind: 'device' | 'gateway', content: StoredTemplate): PointProblem | null {
  const family = areaFamilyOf(content.gateway_protocol);
  if (kind === 'device' && content.slaves.length > 0)
    return { field: 'slaves', message: 'a device template has points, not slaves' };
  if (kind === 'gateway' && content.points.length > 0)
    return { field: 'points', message: 'a gateway template keeps its points in its slaves' };
  const ids = new Set<number>();
  for (const [i, slave] of content.slaves.entries()) {
    if (ids.has(slave.slave_id))
      return { field: `slaves.${i}.slave_id`, message: `${slave.slave_id} repeats` };
    ids.add(slave.slave_id);
    const problem = pointsProblem(slave.points, slave.slave_id, family, `slaves.${i}.points.`);
    if (problem) return problem;
  }
  return pointsProblem(content.points, null, family, 'points.');
}

/** Problems of the template's points against a device's own area family. */
export function templateFitsDevice(content: StoredTemplate, family: AreaFamily | null): PointProblem | null {
  for (const slave of content.slaves) {
    const problem = pointsProblem(slave.points, slave.slave_id, family, `slave ${slave.slave_id} point `);
    if (problem) return problem;
  }
  return pointsProblem(content.points, null, family, 'point ');
}
