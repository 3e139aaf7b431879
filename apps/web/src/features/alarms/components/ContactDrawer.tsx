import { type ContactRow, contactProblem, LANGUAGES, WEBHOOK_KINDS } from '@fleet/contracts';
import { App, Checkbox, Divider, Drawer, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { showSaveError } from '../../../shared/forms/server-error';
import { useSettings } from '../../../shared/store/settings';
import { useChannels } from '../api/get-channels';
import { useSaveContact } from '../api/save-contact';
import { type ContactFormValues, contactBody, contactFormValues } from '../lib/contact-form';

const FIELDS = new Set([
  'name',
  'email',
  'phone',
  'webhook_kind',
  'webhook_url',
  'webhook_secret',
  'email_enabled',
  'webhook_enabled',
  'sms_enabled',
  'voice_enabled',
  'expiry_notices',
  'min_interval_s',
  'storm_cap',
  'storm_window_s',
  'escalate_after_min',
  'language',
  'enabled',
  'remark',
]);

/** Add / edit a trigger contact (docs/api-alarms.md "Contacts and notices"). */
export function ContactDrawer({
  open,
  contact,
  onClose,
}: {
  open: boolean;
  contact?: ContactRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useSettings((s) => s.language);
  const [form] = Form.useForm<ContactFormValues>();
  const save = useSaveContact();
  const channels = useChannels();
  const clearSecret = Form.useWatch('clear_secret', form);
  const emailAvailable = channels.data?.email !== false;
  const webhookAvailable = channels.data?.webhook !== false;
  const smsAvailable = channels.data?.sms === true;
  const voiceAvailable = channels.data?.voice === true;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(contactFormValues(contact, language));
  }, [open, contact, form, language]);

  const submit = async () => {
    const values = await form.validateFields();
    const body = contactBody(values, contact !== undefined);
    // The server's channel rule, checked first so the message lands under the field.
    const problem = contactProblem(body);
    if (problem) {
      form.setFields([
        {
          name: problem.field as keyof ContactFormValues,
          errors: [t(`alarms.contact.problem.${problem.field}`)],
        },
      ]);
      return;
    }
    try {
      await save.mutateAsync({ id: contact?.id, body });
      void message.success(contact ? t('common.editSuccess') : t('alarms.common.added'));
      onClose();
    } catch (error) {
      showSaveError(form, error, FIELDS);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      title={contact ? t('alarms.contact.editTitle', { name: contact.name }) : t('alarms.contact.addTitle')}
      destroyOnHidden
      data-testid="contact-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="contact-form-submit"
        />
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="name"
          label={t('alarms.contact.name')}
          rules={[
            { required: true, whitespace: true, message: t('alarms.common.required') },
            { max: 64, message: t('alarms.common.maxLength', { max: 64 }) },
          ]}
        >
          <Input maxLength={64} data-testid="contact-form-name" />
        </Form.Item>
        <Form.Item
          name="language"
          label={t('alarms.contact.language')}
          extra={t('alarms.contact.languageHelp')}
        >
          <Select
            options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
            data-testid="contact-form-language"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('alarms.contact.enabled')} valuePropName="checked">
          <Switch data-testid="contact-form-enabled" />
        </Form.Item>

        <Divider titlePlacement="start">{t('alarms.contact.email')}</Divider>
        <Form.Item
          name="email_enabled"
          label={t('alarms.contact.emailEnabled')}
          valuePropName="checked"
          extra={emailAvailable ? undefined : t('alarms.contact.emailUnavailable')}
        >
          <Switch disabled={!emailAvailable} data-testid="contact-form-email-enabled" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('alarms.contact.email')}
          rules={[{ type: 'email', message: t('alarms.contact.emailRule') }, { max: 200 }]}
        >
          <Input maxLength={200} autoComplete="off" data-testid="contact-form-email" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('alarms.contact.phone')}
          rules={[{ pattern: /^[+\d\s-]*$/, message: t('alarms.contact.phoneRule') }, { max: 32 }]}
        >
          <Input maxLength={32} data-testid="contact-form-phone" />
        </Form.Item>
        <Form.Item
          name="sms_enabled"
          label={t('alarms.contact.smsEnabled')}
          valuePropName="checked"
          extra={smsAvailable ? t('alarms.contact.quotaHelp') : t('alarms.contact.smsUnavailable')}
        >
          <Switch disabled={!smsAvailable} data-testid="contact-form-sms-enabled" />
        </Form.Item>
        <Form.Item
          name="voice_enabled"
          label={t('alarms.contact.voiceEnabled')}
          valuePropName="checked"
          extra={voiceAvailable ? t('alarms.contact.voiceHelp') : t('alarms.contact.voiceUnavailable')}
        >
          <Switch disabled={!voiceAvailable} data-testid="contact-form-voice-enabled" />
        </Form.Item>
        <Form.Item
          name="expiry_notices"
          label={t('alarms.contact.expiryNotices')}
          valuePropName="checked"
          extra={t('alarms.contact.expiryHelp')}
        >
          <Switch data-testid="contact-form-expiry-notices" />
        </Form.Item>
        <Form.Item
          name="storm_cap"
          label={t('alarms.contact.stormCap')}
          extra={t('alarms.contact.stormHelp')}
        >
          <InputNumber
            min={0}
            max={1000}
            precision={0}
            style={{ width: 200 }}
            data-testid="contact-form-storm-cap"
          />
        </Form.Item>
        <Form.Item name="storm_window_min" label={t('alarms.contact.stormWindow')}>
          <InputNumber
            min={1}
            max={1440}
            precision={0}
            style={{ width: 200 }}
            addonAfter={t('alarms.contact.minutes')}
          />
        </Form.Item>

        <Divider titlePlacement="start">{t('alarms.contact.webhook')}</Divider>
        <Form.Item
          name="webhook_enabled"
          label={t('alarms.contact.webhookEnabled')}
          valuePropName="checked"
          extra={webhookAvailable ? undefined : t('alarms.contact.webhookUnavailable')}
        >
          <Switch disabled={!webhookAvailable} data-testid="contact-form-webhook-enabled" />
        </Form.Item>
        <Form.Item name="webhook_kind" label={t('alarms.contact.webhookKind')}>
          <Select
            options={[
              { value: '', label: t('alarms.contact.kind.none') },
              ...WEBHOOK_KINDS.map((k) => ({ value: k, label: t(`alarms.contact.kind.${k}`) })),
            ]}
            data-testid="contact-form-webhook-kind"
          />
        </Form.Item>
        <Form.Item
          name="webhook_url"
          label={t('alarms.contact.webhookUrl')}
          rules={[{ type: 'url', message: t('alarms.contact.urlRule') }, { max: 500 }]}
        >
          <Input maxLength={500} placeholder="https://" data-testid="contact-form-webhook-url" />
        </Form.Item>
        <Form.Item
          name="webhook_secret"
          label={t('alarms.contact.webhookSecret')}
          extra={
            contact?.has_webhook_secret ? t('alarms.contact.secretStored') : t('alarms.contact.secretHelp')
          }
          rules={[{ max: 200 }]}
        >
          <Input.Password
            maxLength={200}
            autoComplete="new-password"
            disabled={clearSecret}
            placeholder={contact?.has_webhook_secret ? t('alarms.contact.secretKeep') : undefined}
            data-testid="contact-form-webhook-secret"
          />
        </Form.Item>
        {contact?.has_webhook_secret && (
          <Form.Item name="clear_secret" valuePropName="checked">
            <Checkbox data-testid="contact-form-clear-secret">{t('alarms.contact.clearSecret')}</Checkbox>
          </Form.Item>
        )}

        <Divider />
        <Form.Item
          name="escalate_after_min"
          label={t('alarms.contact.escalate')}
          extra={t('alarms.contact.escalateHelp')}
        >
          <InputNumber
            min={0}
            max={1440}
            precision={0}
            style={{ width: 200 }}
            addonAfter={t('alarms.contact.minutes')}
            data-testid="contact-form-escalate"
          />
        </Form.Item>
        <Form.Item
          name="min_interval_s"
          label={t('alarms.contact.throttle')}
          extra={t('alarms.contact.throttleHelp')}
        >
          <InputNumber
            min={0}
            max={86_400}
            precision={0}
            style={{ width: 200 }}
            data-testid="contact-form-throttle"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('alarms.contact.remark')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} maxLength={200} data-testid="contact-form-remark" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
