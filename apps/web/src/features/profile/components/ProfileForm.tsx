import type { UserInfo } from '@fleet/contracts';
import { App, Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type UpdateMeBody, useUpdateMe } from '../api/update-me';

const FIELDS = ['nick_name', 'phone', 'email', 'company', 'address', 'bigscreen_title'] as const;

function initialValues(user: UserInfo): Required<UpdateMeBody> {
  return {
    nick_name: user.nick_name ?? '',
    phone: user.phone ?? '',
    email: user.email ?? '',
    company: user.company ?? '',
    address: user.address ?? '',
    bigscreen_title: user.bigscreen_title ?? '',
  };
}

/** Only the fields that changed are sent (PUT /auth/user/me is strict). */
export function changedFields(before: Required<UpdateMeBody>, after: Required<UpdateMeBody>): UpdateMeBody {
  const body: UpdateMeBody = {};
  for (const key of FIELDS) {
    const value = (after[key] ?? '').trim();
    if (value !== before[key]) body[key] = value;
  }
  return body;
}

export function ProfileForm({ user, readOnly }: { user: UserInfo; readOnly: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Required<UpdateMeBody>>();
  const update = useUpdateMe();
  const initial = initialValues(user);

  useEffect(() => {
    form.setFieldsValue(initialValues(user));
  }, [form, user]);

  const onFinish = (values: Required<UpdateMeBody>) => {
    const body = changedFields(initial, values);
    if (Object.keys(body).length === 0) {
      void message.info(t('common.editSuccess'));
      return;
    }
    update.mutate(body, { onSuccess: () => void message.success(t('common.editSuccess')) });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      disabled={readOnly}
      data-testid="profile-form"
      className="profile-form"
    >
      <Form.Item name="nick_name" label={t('profile.nickName')} rules={[{ max: 64 }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('profile.phone')}
        rules={[{ pattern: /^\+?[0-9 -]{5,20}$/, message: t('profile.phoneInvalid') }]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('profile.email')}
        rules={[{ type: 'email', message: t('profile.emailInvalid') }]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="company" label={t('profile.company')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="address" label={t('profile.address')}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="bigscreen_title" label={t('profile.bigscreenTitle')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-submit">
          {t('common.save')}
        </Button>
        <Button style={{ marginLeft: 8 }} onClick={() => form.resetFields()}>
          {t('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
