/** The expression tree. Small on purpose: every node kind is something the evaluator handles totally. */
export type Expr =
  | { type: 'num'; value: number }
  | { type: 'str'; value: string }
  | { type: 'bool'; value: boolean }
  | { type: 'var' }
  | { type: 'unary'; op: '-' | '!'; arg: Expr }
  | { type: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { type: 'cond'; test: Expr; then: Expr; else: Expr }
  | { type: 'call'; fn: FunctionName; args: Expr[] };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '&&' | '||';

/** Every function with its accepted argument counts; anything else is a ParseError, not a runtime error. */
export const FUNCTIONS = {
  min: [1, 16],
  max: [1, 16],
  abs: [1, 1],
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
  clamp: [3, 3],
} as const satisfies Record<string, readonly [number, number]>;
export type FunctionName = keyof typeof FUNCTIONS;

/** What an expression yields. Non-finite numbers become null so a division by zero never reaches a device. */
export type ExprValue = number | string | boolean | null;

/** The only error this package's expression code throws; carries the character offset of the problem. */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at ${position}`);
  }
}
