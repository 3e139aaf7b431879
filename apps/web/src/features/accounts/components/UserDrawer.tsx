import type { UserInfo, UserType } from '@fleet/contracts';
import {
  Alert,
  App,
  Col,
  DatePicker,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  Tag,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { matchesField } from '../../../shared/forms/matches-field';
import { useCreateUser } from '../api/create-user';
import { useOwnedRoles } from '../api/owned-roles';
import type { UserRow } from '../api/types';
import { useUpdateUser } from '../api/update-user';
import { defaultTier, TIER_COLORS, tierChoices } from '../lib/tiers';
import { emptyUserForm, formToCreate, formToUpdate, type UserFormValues, userToForm } from '../lib/user-form';
import { isValidEmail, isValidPassword, isValidPhone, isValidUsername, ruleOf } from '../lib/validation';
import { LimitFields } from './LimitFields';

/** Create (no user) or edit a user below me (docs/api-accounts.md: POST / PUT /auth/user). */
export function UserDrawer({
  open,
  user,
  me,
  onClose,
}: {
  open: boolean;
  user?: UserRow;
  me: UserInfo;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  const roles = useOwnedRoles(open);
  const create = useCreateUser();
  const update = useUpdateUser();
  const editing = user !== undefined;
  const isSubuser = Form.useWatch('is_subuser', form) ?? false;
  const myType = me.user_type as UserType;
  const customerTiers = tierChoices(myType, false);
  const canCreateCustomers = customerTiers.length > 0;
  const choices = editing
    ? user.is_subuser
      ? [user.user_type]
      : tierChoices(myType, false)
    : tierChoices(myType, isSubuser);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const initial = user ? userToForm(user) : emptyUserForm(defaultTier(myType, !canCreateCustomers));
    if (!user && !canCreateCustomers) initial.is_subuser = true;
    form.setFieldsValue(initial);
  }, [open, user, form, myType, canCreateCustomers]);

  const onSubuserChange = (checked: boolean) => {
    form.setFieldValue('user_type', defaultTier(myType, checked));
  };

  const onFinish = (values: UserFormValues) => {
    const done = () => {
      void message.success(editing ? t('accounts.common.edited') : t('accounts.common.added'));
      onClose();
    };
    if (user) update.mutate({ id: user.user_id, body: formToUpdate(values, user) }, { onSuccess: done });
    else create.mutate(formToCreate(values), { onSuccess: done });
  };

  const saving = create.isPending || update.isPending;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={680}
      destroyOnHidden
      title={editing ? t('accounts.users.editTitle', { name: user.username }) : t('accounts.users.addTitle')}
      data-testid="user-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => form.submit()}
          saving={saving}
          testId="user-form-submit"
        />
      }
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark
        scrollToFirstError
        data-testid="user-form"
      >
        <Divider titlePlacement="start" plain className="form-section">
          {t('accounts.users.section.account')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="is_subuser"
              label={t('accounts.users.isSubuser')}
              valuePropName="checked"
              tooltip={t('accounts.users.isSubuserHelp')}
            >
              {editing ? (
                <Tag color={user.is_subuser ? 'purple' : 'blue'}>
                  {user.is_subuser ? t('accounts.users.subuser') : t('accounts.users.customer')}
                </Tag>
              ) : (
                <Switch
                  onChange={onSubuserChange}
                  disabled={!canCreateCustomers}
                  data-testid="user-form-subuser"
                />
              )}
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="user_type"
              label={t('accounts.users.tier')}
              rules={[{ required: true, message: t('accounts.users.tierRequired') }]}
            >
              <Select
                data-testid="user-form-tier"
                disabled={isSubuser || (editing && user.is_subuser)}
                options={choices.map((v) => ({
                  value: v,
                  label: <Tag color={TIER_COLORS[v]}>{t(`userType.${v}`)}</Tag>,
                  title: t(`userType.${v}`),
                }))}
              />
            </Form.Item>
          </Col>
          {!canCreateCustomers && !editing && (
            <Col span={24}>
              <Alert
                type="info"
                showIcon
                title={t('accounts.users.noTierChoice')}
                style={{ marginBottom: 16 }}
              />
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item
              name="username"
              label={t('accounts.users.username')}
              normalize={(v: string) => v.trimStart()}
              rules={[
                { required: true, whitespace: true, message: t('accounts.users.usernameRequired') },
                ruleOf(isValidUsername, t('accounts.users.usernameRule')),
              ]}
            >
              <Input disabled={editing} autoComplete="off" data-testid="user-form-username" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nick_name" label={t('accounts.users.nickName')} rules={[{ max: 64 }]}>
              <Input data-testid="user-form-nickname" />
            </Form.Item>
          </Col>
          {!editing && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="password"
                  label={t('accounts.users.password')}
                  tooltip={t('accounts.users.passwordRule')}
                  rules={[
                    { required: true, message: t('accounts.users.passwordRequired') },
                    ruleOf(isValidPassword, t('accounts.users.passwordRule')),
                  ]}
                >
                  <Input.Password autoComplete="new-password" data-testid="user-form-password" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="confirm"
                  label={t('accounts.users.confirmPassword')}
                  dependencies={['password']}
                  rules={[
                    { required: true, message: t('accounts.users.passwordRequired') },
                    matchesField('password', t('accounts.users.passwordMismatch')),
                  ]}
                >
                  <Input.Password autoComplete="new-password" data-testid="user-form-confirm" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="role_ids" label={t('accounts.users.roles')}>
              <Select
                mode="multiple"
                allowClear
                loading={roles.isPending}
                placeholder={t('accounts.users.rolesPlaceholder')}
                notFoundContent={t('accounts.users.noRoles')}
                optionFilterProp="label"
                options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                data-testid="user-form-roles"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="user_expire"
              label={t('accounts.users.expire')}
              extra={t('accounts.users.expireHelp')}
            >
              <DatePicker
                style={{ width: '100%' }}
                allowClear
                placeholder={t('accounts.common.never')}
                data-testid="user-form-expire"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('accounts.users.status')} valuePropName="checked">
              <Switch
                checkedChildren={t('accounts.users.enabled')}
                unCheckedChildren={t('accounts.users.disabled')}
                data-testid="user-form-status"
              />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain className="form-section">
          {t('accounts.users.section.profile')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('accounts.users.phone')}
              rules={[ruleOf(isValidPhone, t('accounts.users.phoneInvalid'))]}
            >
              <Input data-testid="user-form-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="email"
              label={t('accounts.users.email')}
              rules={[ruleOf(isValidEmail, t('accounts.users.emailInvalid'))]}
            >
              <Input data-testid="user-form-email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="company" label={t('accounts.users.company')} rules={[{ max: 128 }]}>
              <Input data-testid="user-form-company" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="bigscreen_title"
              label={t('accounts.users.bigscreenTitle')}
              rules={[{ max: 128 }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label={t('accounts.users.address')} rules={[{ max: 256 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain className="form-section">
          {t('accounts.users.section.limits')}
        </Divider>
        <LimitFields mine={me.limits} />

        <Divider titlePlacement="start" plain className="form-section">
          {t('accounts.users.section.fees')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name={['fees', 'rent_fee']} label={t('accounts.users.rentFee')}>
              <InputNumber min={0} precision={2} step={1} style={{ width: '100%' }} data-testid="fee-rent" />
            </Form.Item>
          </Col>
          {(['sms_discount', 'voice_discount', 'scada_discount'] as const).map((key) => (
            <Col xs={24} sm={12} key={key}>
              <Form.Item
                name={['fees', key]}
                label={t(
                  `accounts.users.${key === 'sms_discount' ? 'smsDiscount' : key === 'voice_discount' ? 'voiceDiscount' : 'scadaDiscount'}`,
                )}
              >
                <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} suffix="%" />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Drawer>
  );
}
