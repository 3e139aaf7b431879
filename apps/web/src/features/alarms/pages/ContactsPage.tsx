import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactsTab } from '../components/ContactsTab';
import { NoticeLogTable } from '../components/NoticeLogTable';

/** /trigger/contact (permission TriggerContact/index): contacts and the delivery log of their notices. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'contacts' | 'log'>('contacts');
  return (
    <div data-testid="contacts-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'contacts' | 'log')}
        items={[
          {
            key: 'contacts',
            label: <span data-testid="contacts-tab">{t('alarms.contact.tab')}</span>,
            // A queued test notice is easiest to follow in the delivery log.
            children: <ContactsTab onTested={() => setTab('log')} />,
          },
          {
            key: 'log',
            label: <span data-testid="notices-tab">{t('alarms.notices.tab')}</span>,
            children: <NoticeLogTable />,
          },
        ]}
      />
    </div>
  );
}
