import type { TriggerRow } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import {
  formFieldOfServerField,
  formToTriggerInput,
  formToTriggerUpdate,
  levelView,
  limitInputs,
  newTriggerValues,
  type TriggerFormValues,
  triggerFormProblem,
  triggerToForm,
} from './trigger-form';

const row: TriggerRow = {
  id: 9,
  device_id: 3,
  point_id: 11,
  point_name: 'temp',
  point_title: 'Temperature',
  kind: 'limit',
  title: 'hot',
  alarm_type: 1,
  trigger_optype: 3,
  trigger_threshold: { lolmt: null, uplmt: 5 },
  level: 3,
  deadband: 0.5,
  delay_s: 10,
  stale_s: 0,
  enabled: true,
  notify: false,
  contact_ids: [4, 5],
  open_alarm_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const values = (patch: Partial<TriggerFormValues>): TriggerFormValues => ({
  ...newTriggerValues(11),
  ...patch,
});

describe('limitInputs', () => {
  it('shows the upper limit for >, >=, =, the lower for <, <=, both for the ranges', () => {
    expect([1, 2, 5].map(limitInputs)).toEqual(Array(3).fill({ lolmt: false, uplmt: true }));
    expect([3, 4].map(limitInputs)).toEqual(Array(2).fill({ lolmt: true, uplmt: false }));
    expect([6, 7].map(limitInputs)).toEqual(Array(2).fill({ lolmt: true, uplmt: true }));
    expect(limitInputs(undefined)).toEqual({ lolmt: false, uplmt: false });
  });
});

describe('form values <-> TriggerInput', () => {
  it('sends only the limits the operator shows', () => {
    const input = formToTriggerInput(3, values({ trigger_optype: 1, lolmt: 2, uplmt: 30 }));
    expect(input).toMatchObject({
      device_id: 3,
      point_id: 11,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { lolmt: null, uplmt: 30 },
    });
    const below = formToTriggerInput(3, values({ trigger_optype: 4, lolmt: 2, uplmt: 30 }));
    expect(below.trigger_threshold).toEqual({ lolmt: 2, uplmt: null });
    const range = formToTriggerInput(3, values({ trigger_optype: 7, lolmt: 2, uplmt: 30 }));
    expect(range.trigger_threshold).toEqual({ lolmt: 2, uplmt: 30 });
  });

  it('drops the point and the condition of an offline trigger and keeps its delay', () => {
    const input = formToTriggerInput(
      3,
      values({ kind: 'offline', trigger_optype: 1, uplmt: 5, delay_s: 30, stale_s: 60, deadband: 2 }),
    );
    expect(input.point_id).toBeNull();
    expect(input.trigger_optype).toBeUndefined();
    expect(input.trigger_threshold).toBeUndefined();
    expect(input).toMatchObject({ delay_s: 30, stale_s: 0, deadband: 0, alarm_type: 1, contact_ids: [] });
  });

  it('keeps stale seconds for a stale trigger only', () => {
    expect(formToTriggerInput(3, values({ kind: 'stale', stale_s: 90, delay_s: 5 }))).toMatchObject({
      stale_s: 90,
      delay_s: 0,
    });
    expect(formToTriggerInput(3, values({ kind: 'code', stale_s: 90 })).stale_s).toBe(0);
  });

  it('shows a stored one-limit trigger in its input and saves it back unchanged', () => {
    const form = triggerToForm(row);
    // optype 3 reads the lower limit; the stored upper one (5) is what thresholdText shows.
    expect(form).toMatchObject({ trigger_optype: 3, lolmt: 5, level: 3, delay_s: 10, contact_ids: [4, 5] });
    const update = formToTriggerUpdate(form);
    expect(update).toMatchObject({
      trigger_optype: 3,
      trigger_threshold: { lolmt: 5, uplmt: null },
      deadband: 0.5,
      notify: false,
      contact_ids: [4, 5],
    });
    expect(update).not.toHaveProperty('kind');
    expect(update).not.toHaveProperty('point_id');
  });

  it('leaves the contact links alone when the picker is hidden', () => {
    expect(formToTriggerUpdate({ ...triggerToForm(row), contact_ids: undefined })).not.toHaveProperty(
      'contact_ids',
    );
  });
});

describe('triggerFormProblem', () => {
  it('accepts a complete trigger', () => {
    expect(triggerFormProblem(values({ uplmt: 30 }))).toBeNull();
    expect(triggerFormProblem(values({ kind: 'offline', point_id: null }))).toBeNull();
  });

  it('puts each rule of triggerProblem under its input', () => {
    expect(triggerFormProblem(values({ point_id: null, uplmt: 1 }))).toEqual({
      field: 'point_id',
      key: 'required',
    });
    expect(triggerFormProblem(values({ trigger_optype: 1 }))).toEqual({
      field: 'uplmt',
      key: 'limitRequired',
    });
    expect(triggerFormProblem(values({ trigger_optype: 3, uplmt: 4 }))).toEqual({
      field: 'lolmt',
      key: 'limitRequired',
    });
    expect(triggerFormProblem(values({ trigger_optype: 6, uplmt: 4 }))).toEqual({
      field: 'lolmt',
      key: 'bothLimits',
    });
    expect(triggerFormProblem(values({ trigger_optype: 6, lolmt: 5, uplmt: 4 }))).toEqual({
      field: 'uplmt',
      key: 'loAboveUp',
    });
    expect(triggerFormProblem(values({ kind: 'stale', stale_s: 0 }))).toEqual({
      field: 'stale_s',
      key: 'staleMin',
    });
  });

  it('refuses a deadband wider than an outside-range band and accepts equal limits', () => {
    expect(triggerFormProblem(values({ trigger_optype: 7, lolmt: 0, uplmt: 10, deadband: 6 }))).toEqual({
      field: 'deadband',
      key: 'deadbandWide',
    });
    expect(triggerFormProblem(values({ trigger_optype: 7, lolmt: 0, uplmt: 10, deadband: 5 }))).toBeNull();
    expect(triggerFormProblem(values({ trigger_optype: 6, lolmt: 3, uplmt: 3 }))).toBeNull();
  });
});

describe('formFieldOfServerField', () => {
  it('maps the threshold to a shown limit input', () => {
    expect(formFieldOfServerField('trigger_threshold', 3)).toBe('lolmt');
    expect(formFieldOfServerField('trigger_threshold', 1)).toBe('uplmt');
    expect(formFieldOfServerField('trigger_threshold.uplmt', 6)).toBe('uplmt');
    expect(formFieldOfServerField('contact_ids.0', 1)).toBe('contact_ids');
  });
});

describe('levelView', () => {
  const levels = [{ value: 3, label: { zh: '重要', en: 'Major', es: 'Mayor' }, color: '#fa8c16' }];
  it('shows the option label in the page language with its colour, or the bare number', () => {
    expect(levelView(levels, 3, 'es')).toEqual({ text: 'Mayor', color: '#fa8c16' });
    expect(levelView(levels, 3, 'en-US')).toEqual({ text: 'Major', color: '#fa8c16' });
    expect(levelView(levels, 9, 'zh')).toEqual({ text: '9' });
  });
});
