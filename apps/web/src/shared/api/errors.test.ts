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

  it('shows a keyed server message in the user language, with its parameters', () => {
    const error = new ApiError(
      20000,
      'the model is used by 3 devices',
      'the model is used by 3 devices',
      422,
      {
        msgKey: 'model.inUse',
        msgParams: { count: 3 },
      },
    );
    expect(reactionTo(error, t, 'zh')).toEqual({ kind: 'toast', text: '该型号正被 3 台设备使用' });
    expect(reactionTo(error, t, 'es')).toEqual({ kind: 'toast', text: 'el modelo lo usan 3 dispositivos' });
    expect(messageOf(error, t, 'en-US')).toBe('the model is used by 3 devices');
    const reason = new ApiError(10002, 'query.endtime: must not be before starttime', null, 400, {
      msgKey: 'range.endBeforeStart',
      msgParams: {},
    });
    expect(reactionTo(reason, t, 'zh')).toEqual({
      kind: 'toast',
      text: 'T(errors.paramError): 结束时间不能早于开始时间',
    });
    // An unknown key (a newer server) falls back to the text the server sent.
    const unknown = new ApiError(20000, 'x', 'new message', 422, { msgKey: 'nope.unknown' });
    expect(reactionTo(unknown, t, 'zh')).toEqual({ kind: 'toast', text: 'new message' });
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
