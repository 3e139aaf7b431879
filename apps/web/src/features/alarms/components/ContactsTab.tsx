import { EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { type ContactRow, NOTICE_CHANNELS, type NoticeChannel } from '@fleet/contracts';
import { App, Button, Dropdown, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { useDeleteContact } from '../api/delete-contact';
import { useChannels } from '../api/get-channels';
import { useContacts } from '../api/list-contacts';
import { useTestContact } from '../api/test-contact';
import { ContactDrawer } from './ContactDrawer';

/** Which channels a contact can be tested on: configured on the server and addressed on the contact. */
function testableChannels(row: ContactRow, available: Record<NoticeChannel, boolean>) {
  return {
    email: available.email && row.email !== '',
    webhook: available.webhook && row.webhook_url !== '' && row.webhook_kind !== '',
    sms: available.sms && row.phone !== '',
    voice: available.voice && row.phone !== '',
  };
}

/** Trigger contacts: who receives alarm notices, on which channels, how often. */
export function ContactsTab({ onTested }: { onTested: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListParams<object>({});
  const contacts = useContacts({ page: list.page, limit: list.limit, search: list.search });
  const channels = useChannels();
  const remove = useDeleteContact();
  const test = useTestContact();
  const [drawer, setDrawer] = useState<{ open: boolean; contact?: ContactRow }>({ open: false });
  const na = t('common.na');
  const available = {
    email: channels.data?.email ?? false,
    webhook: channels.data?.webhook ?? true,
    sms: channels.data?.sms ?? false,
    voice: channels.data?.voice ?? false,
  };

  const sendTest = (row: ContactRow, channel: NoticeChannel) =>
    test
      .mutateAsync({ id: row.id, channel })
      .then(() => {
        void message.success(t('alarms.contact.testQueued'));
        onTested();
      })
      .catch(() => undefined);

  const columns: ColumnsType<ContactRow> = [
    {
      title: t('alarms.contact.name'),
      dataIndex: 'name',
      width: 160,
      render: (v: string, row) => (
        <Space size={4} wrap>
          <Typography.Text strong data-testid="contact-name">
            {v}
          </Typography.Text>
          {!row.enabled && <Tag>{t('alarms.contact.disabled')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('alarms.contact.channels'),
      key: 'channels',
      width: 150,
      render: (_v, row) => (
        <Space size={4} wrap>
          {row.email_enabled && <Tag color="blue">{t('alarms.channel.email')}</Tag>}
          {row.webhook_enabled && <Tag color="purple">{t('alarms.channel.webhook')}</Tag>}
          {row.sms_enabled && <Tag color="green">{t('alarms.channel.sms')}</Tag>}
          {row.voice_enabled && <Tag color="orange">{t('alarms.channel.voice')}</Tag>}
          {row.expiry_notices && (row.email_enabled || row.sms_enabled) && (
            <Tag color="gold">{t('alarms.contact.expiryTag')}</Tag>
          )}
          {!row.email_enabled && !row.webhook_enabled && !row.sms_enabled && !row.voice_enabled && (
            <Typography.Text type="secondary">{t('alarms.contact.noChannel')}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('alarms.contact.email'),
      dataIndex: 'email',
      width: 200,
      ellipsis: true,
      render: (v: string) => v || na,
    },
    { title: t('alarms.contact.phone'), dataIndex: 'phone', width: 140, render: (v: string) => v || na },
    {
      title: t('alarms.contact.webhookKind'),
      dataIndex: 'webhook_kind',
      width: 150,
      render: (v: string, row) =>
        v ? (
          <Space size={4}>
            <span>{t(`alarms.contact.kind.${v}`)}</span>
            {row.has_webhook_secret && (
              <Tooltip title={t('alarms.contact.secretStored')}>
                <Tag>{t('alarms.contact.signed')}</Tag>
              </Tooltip>
            )}
          </Space>
        ) : (
          na
        ),
    },
    {
      title: t('alarms.contact.throttle'),
      dataIndex: 'min_interval_s',
      width: 130,
      render: (v: number) =>
        v > 0 ? t('alarms.contact.throttleValue', { seconds: v }) : t('alarms.contact.noThrottle'),
    },
    {
      title: t('alarms.contact.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean) => (
        <Tag color={v ? 'success' : 'default'}>{t(v ? 'alarms.contact.on' : 'alarms.contact.off')}</Tag>
      ),
    },
    { title: t('alarms.contact.triggerCount'), dataIndex: 'trigger_count', width: 110 },
    {
      title: t('alarms.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_v, row) => {
        const testable = testableChannels(row, available);
        return (
          <Space size={0}>
            <Permit mode="disable">
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setDrawer({ open: true, contact: row })}
                title={t('common.edit')}
                aria-label={t('common.edit')}
                data-testid="contact-edit"
              />
            </Permit>
            <Dropdown
              trigger={['click']}
              menu={{
                items: NOTICE_CHANNELS.map((channel) => ({
                  key: channel,
                  label: t(`alarms.channel.${channel}`),
                  disabled: !testable[channel],
                  'data-testid': `contact-test-${channel}`,
                })),
                onClick: ({ key }) => void sendTest(row, key as NoticeChannel),
              }}
            >
              <Button
                type="link"
                size="small"
                icon={<SendOutlined />}
                loading={test.isPending && test.variables?.id === row.id}
                disabled={!Object.values(testable).some(Boolean)}
                title={t('alarms.contact.test')}
                aria-label={t('alarms.contact.test')}
                data-testid="contact-test"
              />
            </Dropdown>
            <DeleteAction
              name={row.name}
              description={
                row.trigger_count > 0 ? t('alarms.contact.inUse', { count: row.trigger_count }) : undefined
              }
              onDelete={() => remove.mutateAsync(row.id)}
              testId="contact-delete"
            />
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <ListCard
        error={contacts.error}
        onRetry={() => void contacts.refetch()}
        filters={
          <SearchInput
            list={list}
            placeholder={t('alarms.contact.searchPlaceholder')}
            testId="contacts-search"
          />
        }
        actions={
          <Permit mode="disable">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ open: true })}
              data-testid="contact-add"
            >
              {t('alarms.contact.add')}
            </Button>
          </Permit>
        }
      >
        <Table<ContactRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={contacts.data?.rows ?? []}
          loading={contacts.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText: contacts.isPending ? ' ' : <TableEmpty filtered={list.search !== ''} /> }}
          pagination={tablePagination(list, contacts.data?.total ?? 0, (total) =>
            t('alarms.common.total', { total }),
          )}
          data-testid="contacts-table"
        />
      </ListCard>
      <ContactDrawer
        open={drawer.open}
        contact={drawer.contact}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
