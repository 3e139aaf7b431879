export {
  collectPointRefs,
  mapPointRefs,
  type ResolvedTemplate,
  resolveTemplateBindings,
  resolveWriteValue,
} from './points.js';
export {
  evaluateBinding,
  evaluateBindings,
  formatPointValue,
  type PointInfo,
  toNumber,
  type Visual,
} from './visual.js';
