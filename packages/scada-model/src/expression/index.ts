export { type Expr, type ExprValue, FUNCTIONS, ParseError } from './ast.js';
export {
  type CompiledExpression,
  checkExpression,
  compileExpression,
  evaluateExpression,
} from './evaluate.js';
export { parseExpression } from './parser.js';
