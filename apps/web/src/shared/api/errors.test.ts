import { describe, expect, it } from 'vitest';
import { ApiError, LocalCode, messageOf, reactionTo } from './errors';

const t = (key: string) => `T(${key})`;

describe('business code handling (SPEC 8)', () => {
  it('is silent for 10000 and 10011', () => {
    expect(reactionTo(new ApiError(10000, 'x'), t)).toEqual({ kind: 'silent' });
    expect(reactionTo(new ApiError(10011, 'x'), t)).toEqual({ kind: 'silent' });
  });

  it('asks to log in again for 10010', () => {
    expect(reactionTo(new ApiError(10010, 'token expired'), t)).toEqual({ kind: 'session-expired' });
  });

  it('shows the data text for 20000', () => {
    expect(reactionTo(new ApiError(20000, 'failed', 'account disabled'), t)).toEqual({
      kind: 'toast',
      text: 'account disabled',
    });
  });

  it('maps 10001, 10002 (with the field from msg), 10009 and others', () => {
    expect(reactionTo(new ApiError(10001, 'x'), t)).toEqual({
      kind: 'toast',
      text: 'T(errors.noPermission)',
    });
    expect(reactionTo(new ApiError(10002, 'email: invalid'), t)).toEqual({
      kind: 'toast',
      text: 'T(errors.paramError): email: invalid',
    });
    expect(reactionTo(new ApiError(10009, 'x'), t)).toEqual({
      kind: 'toast',
      text: 'T(errors.wrongCredentials)',
    });
    expect(reactionTo(new ApiError(50000, 'boom'), t)).toEqual({
      kind: 'toast',
      text: 'T(errors.operationFailed)',
    });
    expect(reactionTo(new Error('x'), t)).toEqual({ kind: 'toast', text: 'T(errors.operationFailed)' });
  });

  it('says timeout for a timeout and no permission for an answer without code', () => {
    expect(reactionTo(new ApiError(LocalCode.TIMEOUT, 'timeout'), t)).toEqual({
      kind: 'toast',
      text: 'T(errors.timeout)',
    });
    expect(reactionTo(new ApiError(LocalCode.NO_CODE, 'Bad Gateway'), t)).toEqual({
      kind: 'toast',
      text: 'T(errors.noPermission)',
    });
  });

  it('messageOf translates the known codes, shows the data text for 20000 and msg for others', () => {
    expect(messageOf(new ApiError(10009, 'wrong username or password'), t)).toBe(
      'T(errors.wrongCredentials)',
    );
    expect(messageOf(new ApiError(10001, 'forbidden'), t)).toBe('T(errors.noPermission)');
    expect(messageOf(new ApiError(10002, 'email: invalid'), t)).toBe('T(errors.paramError): email: invalid');
    expect(messageOf(new ApiError(10010, 'token expired'), t)).toBe('T(errors.sessionExpired)');
    expect(messageOf(new ApiError(50000, 'database is down'), t)).toBe('database is down');
    expect(messageOf(new ApiError(20000, 'x', 'too many failures'), t)).toBe('too many failures');
    expect(messageOf(new ApiError(LocalCode.TIMEOUT, 'timeout'), t)).toBe('T(errors.timeout)');
  });
});
