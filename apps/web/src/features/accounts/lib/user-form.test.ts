import { reorderPasswordHash } from '@fleet/contracts';
import dayjs from 'dayjs';
import { md5 } from 'js-md5';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../api/types';
import { limitsToForm } from './money';
import { emptyUserForm, expireToEpoch, formToCreate, formToUpdate, userToForm } from './user-form';

const row: UserRow = {
  user_id: 7,
  username: 'agent1',
  nick_name: 'Agent',
  user_type: 2,
  status: 1,
  parent_id: 3,
  parent_username: 'maker',
  is_subuser: false,
  phone: null,
  email: 'a@b.co',
  company: 'ACME',
  address: null,
  user_expire: 1_900_000_000,
  bigscreen_title: null,
  created_at: '2026-01-01T00:00:00Z',
  login_time: null,
  login_ip: null,
  roles: [{ id: 4, name: 'ops' }],
  limits: {
    project_limit: 5,
    device_limit: null,
    scada_limit: 1,
    screen_limit: 1,
    graph_limit: 1,
    sms_count: 0,
    voice_count: 0,
  },
  fees: { rent_fee: 9900, sms_discount: 100, voice_discount: 100, scada_discount: 100 },
  children_count: 0,
};

describe('user form conversions', () => {
  it('sends the password as reorderPasswordHash(md5) and the type for a customer', () => {
    const values = { ...emptyUserForm(2), username: ' newco ', password: 'Secret#1', role_ids: [4] };
    const body = formToCreate(values);
    expect(body.username).toBe('newco');
    expect(body.password).toBe(reorderPasswordHash(md5('Secret#1')));
    expect(body.user_type).toBe(2);
    expect(body.user_expire).toBeNull();
    expect(body.fees?.rent_fee).toBe(0);
    expect(body.limits?.device_limit).toBeNull();
    expect(body).not.toHaveProperty('confirm');
  });

  it('a sub-account carries no type (the server gives it mine)', () => {
    const body = formToCreate({
      ...emptyUserForm(1),
      username: 'sub1',
      password: 'Secret#1',
      is_subuser: true,
    });
    expect(body.is_subuser).toBe(true);
    expect(body).not.toHaveProperty('user_type');
  });

  it('round-trips a row; the expiry is the end of the chosen day in epoch seconds', () => {
    const form = userToForm(row);
    expect(form.fees.rent_fee).toBe(99);
    expect(form.limits).toEqual(limitsToForm(row.limits));
    expect(form.status).toBe(true);
    const body = formToUpdate(form, row);
    expect(body).not.toHaveProperty('user_type');
    expect(body).not.toHaveProperty('username');
    expect(body.fees?.rent_fee).toBe(9900);
    expect(body.user_expire).toBe(
      dayjs
        .unix(row.user_expire ?? 0)
        .endOf('day')
        .unix(),
    );
    expect(body.phone).toBeNull();
    expect(body.role_ids).toEqual([4]);
    expect(expireToEpoch(null)).toBeNull();
  });

  it('sends a new type only when it changed', () => {
    const form = { ...userToForm(row), user_type: 3 as const, status: false };
    const body = formToUpdate(form, row);
    expect(body.user_type).toBe(3);
    expect(body.status).toBe(0);
  });
});
