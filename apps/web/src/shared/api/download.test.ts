import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../session/token';
import { resetApiClientState } from './client';
import { downloadFile, filenameOf } from './download';
import { ApiError, LocalCode } from './errors';

describe('file name of Content-Disposition', () => {
  it('prefers the RFC 5987 UTF-8 name, then the plain one', () => {
    expect(filenameOf(`attachment; filename="alarms.xlsx"; filename*=UTF-8''%E6%8A%A5%E8%AD%A6.xlsx`)).toBe(
      '报警.xlsx',
    );
    expect(filenameOf('attachment; filename="alarms 2026.xlsx"')).toBe('alarms 2026.xlsx');
    expect(filenameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameOf('attachment')).toBeNull();
    expect(filenameOf(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    resetApiClientState();
    saveSession({ token: 'tok', refresh_token: 'r', expires_in: 3600 });
    saved = [];
    // jsdom has no object URLs.
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('sends the token and the query, saves the blob under the server name and hands back the headers', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('xlsx-bytes', {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="alarm-log.xlsx"',
          'X-Truncated': '1',
        },
      });
    });
    const result = await downloadFile('/event/alarmlog/export', { lang: 'en', level: 2, search: '' });
    expect(calls[0]?.url).toBe('/api/v1/event/alarmlog/export?lang=en&level=2');
    expect(new Headers(calls[0]?.init.headers).get('X-Token')).toBe('tok');
    expect(result.filename).toBe('alarm-log.xlsx');
    expect(result.headers.get('x-truncated')).toBe('1');
    expect(saved).toEqual([{ href: 'blob:x', download: 'alarm-log.xlsx' }]);
  });

  it('throws the business error of a JSON answer and saves nothing', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ code: 10001, msg: 'no permission', data: null }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const error = await downloadFile('/event/alarmlog/export').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(10001);
    expect(saved).toEqual([]);
  });

  it('saves a JSON file sent as an attachment (a SCADA export), which no error envelope is', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ format: 'fleet-scada', version: 1 }), {
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Disposition': 'attachment; filename="Pump station.scada.json"',
          },
        }),
    );
    const result = await downloadFile('/scada/1/export');
    expect(result.filename).toBe('Pump station.scada.json');
    expect(saved).toEqual([{ href: 'blob:x', download: 'Pump station.scada.json' }]);
  });

  it('a network failure is a NETWORK ApiError', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    const error = await downloadFile('/x').catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(LocalCode.NETWORK);
  });
});
