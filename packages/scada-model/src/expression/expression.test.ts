import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.js';
import { compileExpression, evaluateExpression, ParseError, parseExpression } from './index.js';

describe('expression language', () => {
  it.each([
    ['1 + 2 * 3', null, 7],
    ['(1 + 2) * 3', null, 9],
    ['value * 10 + 1', 2, 21],
    ['-value', 3, -3],
    ['10 % 4', null, 2],
    ['value > 5 && value < 10', 7, true],
    ['value > 5 || !true', 1, false],
    ['value == 1 ? 0 : 1', 1, 0],
    ['value == 1 ? 0 : 1', 0, 1],
    ['value ? "on" : "off"', true, 'on'],
    ['1 < 2 ? 3 < 4 ? "a" : "b" : "c"', null, 'a'],
    ['min(3, value, 5)', 1, 1],
    ['max(3, value)', 9, 9],
    ['abs(-4.5)', null, 4.5],
    ['round(2.345, 2)', null, 2.35],
    ['round(2.5)', null, 3],
    ['floor(2.7) + ceil(2.1)', null, 5],
    ['clamp(value, 0, 100)', 140, 100],
    ['value + " kPa"', 12, '12 kPa'],
    ["'it\\'s'", null, "it's"],
    ['value == "run"', 'run', true],
    ['value == true', 1, true],
    ['1e3 + .5', null, 1000.5],
    ['1 / 0', null, null],
    ['value * 2', null, null],
  ])('%s with value=%s is %s', (src, value, expected) => {
    expect(evaluateExpression(src, value as never)).toEqual(expected);
  });

  it.each([
    ['', 'Unexpected end'],
    ['1 +', 'Unexpected end'],
    ['foo', 'Unknown name "foo"'],
    ['constructor', 'Unknown name'],
    ['value.constructor', 'Unexpected character'],
    ['min()', 'Wrong number of arguments'],
    ['abs(1, 2)', 'Wrong number of arguments'],
    ['(1', 'Expected ")"'],
    ['1 ? 2', 'Expected ":"'],
    ['"open', 'Unterminated string'],
    ['1e', 'Malformed exponent'],
    ['1 2', 'Unexpected token'],
    ['value = 1', 'Unexpected character'],
  ])('rejects %j with a ParseError (%s)', (src, message) => {
    expect(() => parseExpression(src)).toThrow(ParseError);
    expect(() => parseExpression(src)).toThrow(message);
  });

  it('bounds length and depth', () => {
    expect(() => parseExpression('1+'.repeat(LIMITS.maxExpressionLength))).toThrow('longer than');
    expect(() => parseExpression(`${'('.repeat(100)}1${')'.repeat(100)}`)).toThrow('nested too deeply');
    expect(() => parseExpression(`${'-'.repeat(100)}1`)).toThrow('nested too deeply');
    expect(parseExpression(`${'('.repeat(20)}1${')'.repeat(20)}`)).toEqual({ type: 'num', value: 1 });
  });

  it('compiles once and evaluates many times', () => {
    const toggle = compileExpression('value == 1 ? 0 : 1');
    expect([0, 1, 0].map((v) => toggle.evaluate(v))).toEqual([1, 0, 1]);
  });

  // The language's alphabet, so random strings often get deep into the parser, not just the lexer.
  const alphabet = fc.constantFrom(...'0123456789.e+-*/%<>=!&|?:(), \'"\\valuetrfsminaxbdcp'.split(''));
  const values = fc.oneof(fc.double(), fc.string(), fc.boolean(), fc.constant(null));

  it('fuzz: no input throws anything but ParseError, and evaluation never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: alphabet, maxLength: 80 }), fc.string({ maxLength: 80 })),
        values,
        (src, value) => {
          let compiled: ReturnType<typeof compileExpression> | undefined;
          try {
            compiled = compileExpression(src);
          } catch (error) {
            expect(error).toBeInstanceOf(ParseError);
            return;
          }
          const result = compiled.evaluate(value);
          expect(['number', 'string', 'boolean', 'object']).toContain(typeof result);
          if (typeof result === 'number') expect(Number.isFinite(result)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('fuzz: generated well-formed expressions always parse', () => {
    const { expr } = fc.letrec((tie) => ({
      expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.integer({ min: 0, max: 1000 }).map(String),
        fc.constant('value'),
        fc.constant('true'),
        fc
          .tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/', '<', '==', '&&', '||'), tie('expr'))
          .map(([a, op, b]) => `(${a} ${op} ${b})`),
        fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([a, b, c]) => `(${a} ? ${b} : ${c})`),
        fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `max(${a}, ${b})`),
      ),
    }));
    fc.assert(
      fc.property(
        expr.filter((s) => s.length <= 200),
        fc.double(),
        (src, value) => {
          expect(() => evaluateExpression(src, value)).not.toThrow();
        },
      ),
    );
  });
});
