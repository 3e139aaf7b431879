export { type Binding, bindingSchema, type WriteBack, writeBackSchema } from './bindings.js';
export {
  colorSchema,
  type Frame,
  frameSchema,
  idSchema,
  isColor,
  nameSchema,
  type PointRef,
  pointRefSchema,
  type Scalar,
  type Vertex,
} from './common.js';
export {
  type Canvas,
  canvasSchema,
  documentSchema,
  type Page,
  pageSchema,
  SCADA_SCHEMA_VERSION,
  type ScadaDocument,
} from './document.js';
export { ELEMENT_KINDS, type Element, type ElementKind, elementSchema, type NavTarget } from './elements.js';
export { type ValueMap, type ValueMapKind, valueMapSchema } from './maps.js';
export { formatPath, type ValidationFailure, type ValidationResult, validateDocument } from './validate.js';
