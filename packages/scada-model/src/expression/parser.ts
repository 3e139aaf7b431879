import { LIMITS } from '../limits.js';
import { type BinaryOp, type Expr, FUNCTIONS, type FunctionName, ParseError } from './ast.js';
import { type Token, tokenize } from './lexer.js';

const LEVELS: readonly (readonly BinaryOp[])[] = [
  ['||'],
  ['&&'],
  ['==', '!='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

/**
 * Parses the expression language (docs/scada.md): numbers, strings, true/false, the variable `value`,
 * arithmetic, comparison, `&&` `||` `!`, `a ? b : c` and a few functions. Recursive descent with an
 * explicit depth budget so hostile input fails with a ParseError instead of a stack overflow.
 */
export function parseExpression(src: string): Expr {
  if (typeof src !== 'string') throw new ParseError('Expression must be a string', 0);
  if (src.length > LIMITS.maxExpressionLength) {
    throw new ParseError(`Expression longer than ${LIMITS.maxExpressionLength} characters`, 0);
  }
  const tokens = tokenize(src);
  let at = 0;
  let depth = 0;
  const peek = (): Token => tokens[at]!;
  const isOp = (value: string) => {
    const t = peek();
    return t.kind === 'op' && t.value === value;
  };
  const expect = (value: string) => {
    if (!isOp(value)) throw new ParseError(`Expected "${value}"`, peek().pos);
    at++;
  };
  const enter = () => {
    if (++depth > LIMITS.maxExpressionDepth) throw new ParseError('Expression nested too deeply', peek().pos);
  };

  const ternary = (): Expr => {
    enter();
    const test = binary(0);
    let result = test;
    if (isOp('?')) {
      at++;
      const then = ternary();
      expect(':');
      result = { type: 'cond', test, then, else: ternary() };
    }
    depth--;
    return result;
  };

  const binary = (level: number): Expr => {
    const ops = LEVELS[level];
    if (!ops) return unary();
    let left = binary(level + 1);
    for (;;) {
      const t = peek();
      if (t.kind !== 'op' || !ops.includes(t.value as BinaryOp)) return left;
      at++;
      left = { type: 'binary', op: t.value as BinaryOp, left, right: binary(level + 1) };
    }
  };

  const unary = (): Expr => {
    if (isOp('-') || isOp('!')) {
      const op = (peek() as { value: '-' | '!' }).value;
      at++;
      enter();
      const arg = unary();
      depth--;
      return { type: 'unary', op, arg };
    }
    return primary();
  };

  const primary = (): Expr => {
    const t = peek();
    at++;
    if (t.kind === 'num') return { type: 'num', value: t.value };
    if (t.kind === 'str') return { type: 'str', value: t.value };
    if (t.kind === 'op' && t.value === '(') {
      const inner = ternary();
      expect(')');
      return inner;
    }
    if (t.kind === 'ident') {
      if (t.value === 'true' || t.value === 'false') return { type: 'bool', value: t.value === 'true' };
      if (t.value === 'value') return { type: 'var' };
      if (Object.hasOwn(FUNCTIONS, t.value)) return call(t.value as FunctionName, t.pos);
      throw new ParseError(`Unknown name "${t.value}"`, t.pos);
    }
    throw new ParseError(t.kind === 'end' ? 'Unexpected end of expression' : 'Unexpected token', t.pos);
  };

  const call = (fn: FunctionName, pos: number): Expr => {
    expect('(');
    const args: Expr[] = [];
    if (!isOp(')')) {
      args.push(ternary());
      while (isOp(',')) {
        at++;
        args.push(ternary());
      }
    }
    expect(')');
    const [lo, hi] = FUNCTIONS[fn];
    if (args.length < lo || args.length > hi) throw new ParseError(`Wrong number of arguments to ${fn}`, pos);
    return { type: 'call', fn, args };
  };

  const tree = ternary();
  if (peek().kind !== 'end') throw new ParseError('Unexpected token', peek().pos);
  return tree;
}
